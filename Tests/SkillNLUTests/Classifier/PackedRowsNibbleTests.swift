import Testing
@testable import SkillNLU

/// 4-bit tables are read two codes a byte: every code at every position of an odd-sized
/// table reads as the level it stands for, and a code of all ones is refused wherever it is.
@Suite struct PackedRowsNibbleTests {
    /// A table of `codes` (0…15) at 4 bits in one row, as a file stores it (all-ones scale byte).
    static func stored(_ codes: [Int]) -> [UInt8] {
        var packed = [UInt8](repeating: 0, count: (codes.count + 1) / 2)
        for (k, c) in codes.enumerated() { packed[k / 2] |= UInt8(c << (4 * (k % 2))) }
        var w = BinaryWriter()
        w.write(bytes: [192])
        w.write(bytes: packed)
        return w.bytes
    }

    @Test func everyCodeReadsAsItsLevel() throws {
        let codes = (0..<301).map { ($0 * 7 + $0 / 15) % 15 }
        for count in [codes.count, codes.count - 1, 1] {
            var r = BinaryReader(Self.stored(Array(codes.prefix(count))))
            let read = try PackedRows.readLevels(rowStarts: [0, count], bits: 4, from: &r)
            #expect(read.levels.map(Int.init) == codes.prefix(count).map { $0 - 7 })
            #expect(read.scales == [1])
        }
    }

    @Test func aCodeOfAllOnesIsRefusedAtEveryPosition() {
        for count in [9, 10] {
            for at in 0..<count {
                var codes = [Int](repeating: 3, count: count)
                codes[at] = 15
                var r = BinaryReader(Self.stored(codes))
                #expect(throws: ModelFileError.self, "code 15 at \(at) of \(count)") {
                    try PackedRows.readLevels(rowStarts: [0, count], bits: 4, from: &r)
                }
            }
        }
    }
}
