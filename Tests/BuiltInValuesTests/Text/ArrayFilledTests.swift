import Testing
@testable import BuiltInValues

@Suite struct ArrayFilledTests {
    @Test func makesWhatRepeatingMakes() {
        for count in [0, 1, 7, 1_000] {
            #expect([Int32](filled: -3, count: count) == [Int32](repeating: -3, count: count))
            #expect([Float](filled: 0.5, count: count) == [Float](repeating: 0.5, count: count))
        }
        let ranges = [Range<Int32>](filled: 2..<5, count: 3)
        #expect(ranges == [2..<5, 2..<5, 2..<5])
        #expect([String](filled: "a", count: 2) == ["a", "a"])
    }

    @Test func eachArrayOwnsItsStorage() {
        var a = [UInt64](filled: 0, count: 4)
        let b = [UInt64](filled: 0, count: 4)
        a[0] = 9
        #expect(a == [9, 0, 0, 0])
        #expect(b == [0, 0, 0, 0])
    }
}
