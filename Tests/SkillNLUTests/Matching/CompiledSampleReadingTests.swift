import Testing
@testable import SkillNLU

/// What reading the compiled samples leans on: a hash index filled with `insertNew`, or in
/// bulk, is the table `set` builds, and varints of one byte and of several are read and bounded alike.
@Suite struct CompiledSampleReadingTests {
    @Test func insertNewBuildsTheTableSetBuildsAndKeepsWhatItHas() {
        var bySet = HashIndex(), byInsert = HashIndex(reserving: 3)
        let keys: [UInt64] = (0..<500).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64($0 % 7) << 60 }
        for (i, k) in keys.enumerated() {
            bySet.set(k, Int32(i))
            let inserted = byInsert.insertNew(k, Int32(i))
            #expect(inserted)
        }
        #expect(bySet == byInsert)
        let again = byInsert.insertNew(keys[42], 7)
        #expect(!again, "a key it holds")
        #expect(byInsert.value(keys[42]) == 42 && byInsert.count == keys.count)
    }

    @Test func aTableBuiltInBulkIsTheOneInsertNewBuildsAndRefusesARepeatedKey() throws {
        let keys: [UInt64] = (0..<700).map { UInt64($0) &* 0xD6E8_FEB8_6659_FD93 ^ UInt64($0 % 5) << 61 }
        let values = keys.indices.map { Int32($0 * 3) }
        var oneByOne = HashIndex(reserving: keys.count)
        for (k, v) in zip(keys, values) { _ = oneByOne.insertNew(k, v) }
        let bulk = try #require(HashIndex(count: keys.count, distinct: zip(keys, values).map { (key: $0, value: $1) }))
        #expect(bulk == oneByOne)
        #expect(bulk.value(keys[321]) == 963 && bulk.value(12345) == nil)
        let repeated = zip(keys + [keys[9]], values + [1]).map { (key: $0, value: $1) }
        #expect(HashIndex(count: repeated.count, distinct: repeated) == nil, "a key given twice")
        #expect(HashIndex(count: 0, distinct: [(key: UInt64, value: Int32)]()) == HashIndex())
    }

    @Test func varintsOfOneByteAndOfSeveralAreBounded() throws {
        var w = VarintWriter()
        for v in [0, 5, 127, 128, 300, 1 << 40] { w.put(v) }
        var r = VarintReader(w.bytes, part: "numbers")
        let read = try [r.next(0, 0), r.next(5, 5), r.next(0, 127), r.next(0, 128), r.next(300, 300), r.next(0, 1 << 40)]
        #expect(read == [0, 5, 127, 128, 300, 1 << 40])
        #expect(r.isAtEnd)
        for (v, lower, upper) in [(5, 6, 9), (5, 0, 4), (127, 0, 126), (300, 0, 299), (300, 301, 900), (1 << 20, 0, 1 << 19)] {
            var one = VarintWriter()
            one.put(v)
            #expect(throws: ModelFileError.self, "\(v) outside \(lower)...\(upper)") { try Self.first(of: one.bytes, lower, upper) }
        }
        #expect(throws: ModelFileError.self) { try Self.first(of: [], 0, 1) }
        #expect(throws: ModelFileError.self, "a number cut after its first byte") { try Self.first(of: [0x80], 0, 1 << 20) }
        #expect(throws: ModelFileError.self, "cut after its second") { try Self.first(of: [0x80, 0x80], 0, 1 << 20) }
    }

    /// The first varint of `bytes`, which must be in `lower...upper`.
    static func first(of bytes: [UInt8], _ lower: Int, _ upper: Int) throws {
        var r = VarintReader(bytes, part: "a number")
        _ = try r.next(lower, upper)
    }
}
