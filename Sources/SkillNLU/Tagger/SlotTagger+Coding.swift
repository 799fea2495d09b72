import Foundation

extension SlotTagger {
    /// Compact layout: per attribute its 32-bit key and label count (2 bytes), per weight its
    /// label (2 bytes) and half-precision value (2 bytes); rows in ascending key order; then the
    /// transitions, start scores, permitted pairs and the ``TypeAgreement`` weights (empty or
    /// ``TypeAgreement/count`` of them; model file format 3 and later).
    package func write(to w: inout BinaryWriter) {
        w.write(labelCount)
        let keys = attributeKeys
        var header: [UInt8] = []
        header.reserveCapacity(keys.count * 6)
        for (a, k) in keys.enumerated() {
            withUnsafeBytes(of: k.littleEndian) { header.append(contentsOf: $0) }
            let n = UInt16(rowStart[a + 1] - rowStart[a])
            withUnsafeBytes(of: n.littleEndian) { header.append(contentsOf: $0) }
        }
        w.write(keys.count)
        w.write(bytes: header)
        var labels: [UInt8] = []
        labels.reserveCapacity(rowLabel.count * 2)
        for l in rowLabel { withUnsafeBytes(of: UInt16(l).littleEndian) { labels.append(contentsOf: $0) } }
        w.write(bytes: labels)
        WeightCoding.write(weights, precision: .float16, to: &w)
        w.write(transitions)
        w.write(startScores)
        w.write(permitted.bits.map { Int($0 >> 32) } + permitted.bits.map { Int($0 & 0xFFFF_FFFF) })
        w.write(agreementWeights)
    }

    /// Reads what ``write(to:)`` wrote; `agreementWeights` is false for the layout of model
    /// files before format 3, which has no ``TypeAgreement`` weights.
    package init(reading r: inout BinaryReader, agreementWeights hasAgreement: Bool = true) throws {
        r.part = "the slot tagger"
        let L = try r.readInt()
        guard L >= 1, L < 1 << 16 else { throw ModelFileError.corrupt("slot tagger label count \(L)") }
        let A = try r.readCount(minimumBytesEach: 6)
        let header = try r.readByteRange()
        guard header.count == A * 6 else { throw ModelFileError.corrupt("slot tagger attribute table size") }
        var keys = [UInt32](repeating: 0, count: A)
        var rowStart = [Int32](repeating: 0, count: A + 1)
        r.withBytes(in: header) { h in
            for a in 0..<A {
                let o = a * 6
                keys[a] = UInt32(h[o]) | UInt32(h[o + 1]) << 8 | UInt32(h[o + 2]) << 16 | UInt32(h[o + 3]) << 24
                rowStart[a + 1] = rowStart[a] + Int32(UInt16(h[o + 4]) | UInt16(h[o + 5]) << 8)
            }
        }
        let labelBytes = try r.readByteRange()
        let weights = try WeightCoding.read(precision: .float16, from: &r)
        let transitions = try r.readFloats()
        let start = try r.readFloats()
        let bitHalves = try r.readInts()
        let words = (L * L + 63) / 64
        guard bitHalves.count == 2 * words, bitHalves.allSatisfy({ $0 >= 0 && $0 <= 0xFFFF_FFFF }) else {
            throw ModelFileError.corrupt("slot tagger transition set")
        }
        let bits = (0..<words).map { UInt64(bitHalves[$0]) << 32 | UInt64(bitHalves[words + $0]) }
        let total = Int(rowStart[A])
        guard labelBytes.count == total * 2, weights.count == total, transitions.count == L * L, start.count == L else {
            throw ModelFileError.corrupt("slot tagger tables do not fit together")
        }
        var rowLabel = [Int32](repeating: 0, count: total)
        var largest: Int32 = 0
        r.withBytes(in: labelBytes) { b in
            for i in 0..<total {
                let l = Int32(UInt16(b[2 * i]) | UInt16(b[2 * i + 1]) << 8)
                largest = max(largest, l)
                rowLabel[i] = l
            }
        }
        guard largest < L else { throw ModelFileError.corrupt("slot tagger label \(largest) of \(L)") }
        let agreement = hasAgreement ? try r.readFloats() : []
        guard agreement.isEmpty || agreement.count == TypeAgreement.count else {
            throw ModelFileError.corrupt("slot tagger type agreement weights")
        }
        try checkWeights([("weights", weights), ("transitions", transitions), ("start scores", start),
                          ("type agreement weights", agreement)], in: "the slot tagger")
        self.init(labelCount: L, attributeKeys: keys, rowStart: rowStart, rowLabel: rowLabel,
                  weights: weights, transitions: transitions, startScores: start, agreementWeights: agreement,
                  permitted: PermittedTransitions(labelCount: L, bits: bits))
        guard !table.hasRepeatedKeys else { throw ModelFileError.corrupt("a repeated slot tagger attribute") }
    }
}
