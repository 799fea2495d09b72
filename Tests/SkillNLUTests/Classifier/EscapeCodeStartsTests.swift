import CInt8Products
import Testing
@testable import SkillNLU

/// The C count behind loading a table of 2-bit codes (``snlu_bulk2_escape_starts``, with the
/// processor's population count where present, and its portable loop) gives, for every row,
/// the escape codes before it, their total, and the bits past each row's codes, as a plain
/// loop over the codes does.
@Suite struct EscapeCodeStartsTests {
    /// Escape counts and stray high bits read code by code.
    static func reference(_ codes: [UInt8], rows: Int, width: Int) -> (starts: [Int32], unused: UInt8) {
        let rowBytes = BulkRows.stride(width: width)
        var starts: [Int32] = []
        var total = 0
        var unused: UInt8 = 0
        for row in 0..<rows {
            starts.append(Int32(total))
            // Every code of the row's bytes: stray ones past its width too (such a table is refused).
            for j in 0..<(rowBytes * 4) where (codes[row * rowBytes + j / 4] >> UInt8((j % 4) * 2)) & 3 == 3 { total += 1 }
            if width % 4 != 0 { unused |= codes[row * rowBytes + rowBytes - 1] >> UInt8((width % 4) * 2) }
        }
        starts.append(Int32(total))
        return (starts, unused)
    }

    @Test(arguments: [1, 3, 4, 5, 16, 31, 32, 33, 64, 96, 100])
    func countsEveryRowAsALoopOverItsCodes(width: Int) {
        var random = SeededGenerator(seed: UInt64(width))
        for trial in 0..<20 {
            let rows = 1 + Int(random.next() % 40)
            let rowBytes = BulkRows.stride(width: width)
            // Mostly codes below 3, some rows dense with escapes; every fifth trial leaves
            // stray bits past some rows' codes.
            var codes = (0..<(rows * rowBytes)).map { _ -> UInt8 in
                (0..<4).reduce(UInt8(0)) { byte, k in
                    let code: UInt8 = random.next() % UInt64(trial % 3 == 0 ? 2 : 7) == 0 ? 3 : UInt8(random.next() % 3)
                    return byte | code << UInt8(2 * k)
                }
            }
            if trial % 5 != 4, width % 4 != 0 {
                for row in 0..<rows { codes[row * rowBytes + rowBytes - 1] &= UInt8((1 << ((width % 4) * 2)) - 1) }
            }
            let expected = Self.reference(codes, rows: rows, width: width)
            for portable in [false, true] {
                var starts = [Int32](repeating: -1, count: rows + 1)
                var unused: UInt8 = 0
                let total = codes.withUnsafeBufferPointer { c in
                    portable
                        ? snlu_bulk2_escape_starts_portable(c.baseAddress!, rows, rowBytes, Int32((width % 4) * 2), &starts, &unused)
                        : snlu_bulk2_escape_starts(c.baseAddress!, rows, rowBytes, Int32((width % 4) * 2), &starts, &unused)
                }
                #expect(starts == expected.starts, "width \(width), trial \(trial), portable \(portable)")
                #expect(total == Int(expected.starts.last!))
                #expect(unused == expected.unused, "stray bits past the codes, trial \(trial)")
            }
        }
    }
}
