import CInt8Products
import Testing
@testable import SkillNLU

/// The C kernel that adds a row of 2-bit codes around its base (``snlu_bulk2_add``, on AVX2
/// where present, and its portable loop) adds the very floats a plain loop over the decoded
/// levels adds, whatever the width and wherever the exceptions lie.
@Suite struct BulkRowKernelTests {
    /// The patterns of exceptions a row is made with.
    enum Escapes: CaseIterable { case none, scattered, first, last, bothEnds, run, all }

    /// Levels of a row of `width` around `base`: near it but where `escapes` puts exceptions.
    static func levels(width: Int, base: Int, escapes: Escapes, random: inout SeededGenerator) -> [Int] {
        func near() -> Int { base - 1 + Int(random.next() % 3) }
        func far() -> Int {
            let candidates = (-BulkRows.top...BulkRows.top).filter { abs($0 - base) > 1 }
            return candidates[Int(random.next() % UInt64(candidates.count))]
        }
        let runStart = width / 3, runEnd = min(width, runStart + 11)
        return (0..<width).map { j in
            switch escapes {
            case .none: return near()
            case .scattered: return random.next() % 10 == 0 ? far() : near()
            case .first: return j == 0 ? far() : near()
            case .last: return j == width - 1 ? far() : near()
            case .bothEnds: return j == 0 || j == width - 1 ? far() : near()
            case .run: return (runStart..<runEnd).contains(j) ? far() : near()
            case .all: return far()
            }
        }
    }

    /// The row's codes (four a byte, lowest bits first) and its exceptions plus 7, two a byte,
    /// after `before` exceptions of other rows (levels of 0), with 8 bytes of padding.
    static func coded(_ levels: [Int], base: Int, before: Int) -> (codes: [UInt8], exceptions: [UInt8]) {
        var codes = [UInt8](repeating: 0, count: BulkRows.stride(width: levels.count))
        var nibbles = [UInt8](repeating: UInt8(BulkRows.top), count: before)
        for (j, v) in levels.enumerated() {
            let code = abs(v - base) <= 1 ? UInt8(v - base + 1) : BulkRows.escape
            if code == BulkRows.escape { nibbles.append(UInt8(v + BulkRows.top)) }
            codes[j / 4] |= code << UInt8(2 * (j % 4))
        }
        let exceptions = stride(from: 0, to: nibbles.count, by: 2).map { i in
            nibbles[i] | (i + 1 < nibbles.count ? nibbles[i + 1] << 4 : 0)
        }
        return (codes, exceptions + [UInt8](repeating: 0, count: 8))
    }

    @Test(arguments: [1, 3, 4, 5, 9, 31, 32, 33, 155])
    func kernelAddsThePlainDecodesFloats(_ width: Int) {
        var random = SeededGenerator(seed: UInt64(width) &* 7919)
        for escapes in Escapes.allCases {
            for trial in 0..<6 {
                let base = Int(random.next() % 15) - BulkRows.top
                let levels = Self.levels(width: width, base: base, escapes: escapes, random: &random)
                let before = trial % 3
                let (codes, exceptions) = Self.coded(levels, base: base, before: before)
                let scale = PackedRows.scales[Int(random.next() % UInt64(PackedRows.scales.count))]
                let start = (0..<width).map { _ in (Float(random.next() >> 40) / Float(1 << 24) - 0.5) * 3 }
                // The plain decode: the Swift decoder's levels, each added as Float(level) * scale.
                var decoded = [Int8](repeating: 0, count: codes.count * 4)
                let padded = codes + [UInt8](repeating: 0, count: 8)
                padded.withUnsafeBufferPointer { c in
                    exceptions.withUnsafeBufferPointer { e in
                        BulkRows.decode(codes: c.baseAddress!, rowBytes: codes.count, base: Int8(base),
                                        exceptions: e.baseAddress!, first: before, into: &decoded)
                    }
                }
                #expect(decoded[0..<width].map(Int.init) == levels, "\(escapes) row of \(width)")
                var plain = start
                for k in 0..<width { plain[k] += Float(decoded[k]) * scale }
                // The kernel reads only the row's own code bytes (no padding after them).
                var vector = start, portable = start
                codes.withUnsafeBufferPointer { c in
                    exceptions.withUnsafeBufferPointer { e in
                        snlu_bulk2_add(c.baseAddress!, width, Int32(base), e.baseAddress!, before, scale, &vector)
                        snlu_bulk2_add_portable(c.baseAddress!, width, Int32(base), e.baseAddress!, before, scale, &portable)
                    }
                }
                #expect(vector.map(\.bitPattern) == plain.map(\.bitPattern), "\(escapes) row of \(width), base \(base)")
                #expect(portable.map(\.bitPattern) == plain.map(\.bitPattern), "\(escapes) row of \(width), base \(base)")
            }
        }
    }
}
