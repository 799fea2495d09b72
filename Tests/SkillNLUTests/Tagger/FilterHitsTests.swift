import CInt8Products
import Testing
import Understanding

/// `snlu_filter_hits` (which slots' filter words hold a key's bit, for
/// ``UnlistedPenaltyColumns``) against the loop over the words: the same bits for any count,
/// including counts that are no multiple of four or reach past a 64-bit word, and every word of
/// the result written.
@Suite struct FilterHitsTests {
    @Test func bitsAreThoseOfTheLoop() {
        var g = SeededGenerator(seed: 2829)
        for trial in 0..<3000 {
            let count = g.index(200)
            let mask: UInt64 = 1 << UInt64(g.index(64))
            let column: [UInt64] = (0..<count).map { _ in g.index(3) == 0 ? g.next() | mask : g.next() & ~mask }
            let words = (count + 63) >> 6
            var expected = [UInt64](repeating: 0, count: words)
            for j in 0..<count where column[j] & mask != 0 { expected[j >> 6] |= 1 << UInt64(j & 63) }
            var bits = [UInt64](repeating: .max, count: words)
            let any = column.withUnsafeBufferPointer { c in
                bits.withUnsafeMutableBufferPointer { snlu_filter_hits(c.baseAddress, count, mask, $0.baseAddress) }
            }
            #expect(bits == expected, "trial \(trial)")
            #expect((any != 0) == expected.contains { $0 != 0 }, "trial \(trial)")
        }
    }
}
