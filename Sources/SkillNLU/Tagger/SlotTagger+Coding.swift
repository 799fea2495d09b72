import Foundation

extension SlotTagger {
    /// How the tagger's weights are laid out in a file.
    package enum Layout: Sendable {
        /// Labels in 2 bytes, weights in half precision (section version 1, model file formats 1–7).
        case half
        /// Labels in 1 byte when there are at most 256 of them, weights as bytes with a scale per
        /// attribute (``RowQuantization``).
        case quantized
    }

    /// The bytes of a label id in `layout` for a tagger of `labelCount` labels.
    static func labelBytes(_ layout: Layout, labelCount: Int) -> Int { layout == .quantized && labelCount <= 256 ? 1 : 2 }

    /// Compact layout: per attribute its 32-bit key and label count (2 bytes), per weight its
    /// label (see ``Layout``) and value; rows in ``rows`` order; then the transitions,
    /// start scores, permitted pairs and the ``TypeAgreement`` weights (empty or
    /// ``TypeAgreement/count`` of them; model file format 3 and later). Weights are written as
    /// ``RowQuantization`` bytes, which training rounds them to (``quantizedWeights(_:rowStart:)``).
    package func write(to w: inout BinaryWriter) {
        w.write(labelCount)
        let rows = rows
        var header: [UInt8] = []
        header.reserveCapacity(rows.keys.count * 6)
        for (a, k) in rows.keys.enumerated() {
            withUnsafeBytes(of: k.littleEndian) { header.append(contentsOf: $0) }
            let n = UInt16(rows.rowStart[a + 1] - rows.rowStart[a])
            withUnsafeBytes(of: n.littleEndian) { header.append(contentsOf: $0) }
        }
        w.write(rows.keys.count)
        w.write(bytes: header)
        writeTables(rows, to: &w)
    }

    /// What ``write(to:)`` writes, with the attribute keys first and as they are (32-bit hashes,
    /// which deflate cannot shrink, are read with one copy instead of being inflated byte by
    /// byte), then each attribute's label count and the tables deflated (``DeflatedPayload``).
    /// The rows go in the order that fills the reader's lookup table front to back
    /// (``AttributeTable/fillOrder(keys:)``, the order of ``rows``); a reader takes rows in any order.
    func writeKeysApart(to w: inout BinaryWriter) {
        let rows = rows
        w.write(labelCount)
        w.write(rows.keys.count)
        w.write(bytes: rows.keys.flatMap { k in withUnsafeBytes(of: k.littleEndian) { Array($0) } })
        DeflatedPayload.write(to: &w) {
            $0.write(bytes: (0..<rows.keys.count).flatMap { a in
                withUnsafeBytes(of: UInt16(rows.rowStart[a + 1] - rows.rowStart[a]).littleEndian) { Array($0) }
            })
            writeTables(rows, to: &$0)
        }
    }

    /// Section version 4: what ``writeKeysApart(to:)`` writes, but with the weights' bytes
    /// (signed levels, one a weight) and their labels left out of the deflated part, written as
    /// they are after the keys, and the transitions written sparse. Deflate shrinks the levels
    /// by a quarter and the labels by two fifths, at the cost of inflating each byte at every
    /// load (most of the section's inflating); of the L × L transitions only the pairs training
    /// saw are nonzero, a few in a hundred.
    func writeLevelsApart(to w: inout BinaryWriter) {
        let rows = rows
        w.write(labelCount)
        w.write(rows.keys.count)
        w.write(bytes: rows.keys.flatMap { k in withUnsafeBytes(of: k.littleEndian) { Array($0) } })
        let (exponents, levels) = RowQuantization.coded(rows.weights, rowStarts: rows.rowStart.map(Int.init))
        w.write(bytes: levels)
        w.write(bytes: Self.labelBytes(rows.labels, labelCount: labelCount))
        DeflatedPayload.write(to: &w) {
            $0.write(bytes: (0..<rows.keys.count).flatMap { a in
                withUnsafeBytes(of: UInt16(rows.rowStart[a + 1] - rows.rowStart[a]).littleEndian) { Array($0) }
            })
            $0.write(bytes: exponents)
            Self.writeSparse(transitions, to: &$0)
            $0.write(startScores)
            $0.write(permitted.bits.map { Int($0 >> 32) } + permitted.bits.map { Int($0 & 0xFFFF_FFFF) })
            $0.write(agreementWeights)
        }
    }

    /// Labels as the quantized layout stores them: a byte each when there are at most 256, else two.
    private static func labelBytes(_ labels: [Int32], labelCount: Int) -> [UInt8] {
        let labelWidth = labelBytes(.quantized, labelCount: labelCount)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(labels.count * labelWidth)
        for l in labels {
            bytes.append(UInt8(truncatingIfNeeded: l))
            if labelWidth == 2 { bytes.append(UInt8(truncatingIfNeeded: l >> 8)) }
        }
        return bytes
    }

    /// `values` as its length, the number of entries whose bits are not zero, and for each
    /// such entry the gap since the previous one (LEB128) and its bits: exact, −0 included.
    static func writeSparse(_ values: [Float], to w: inout BinaryWriter) {
        let kept = values.indices.filter { values[$0].bitPattern != 0 }
        w.write(values.count)
        w.write(kept.count)
        var previous = -1
        for i in kept {
            w.writeVarint(i - previous - 1)
            w.write(values[i].bitPattern)
            previous = i
        }
    }

    /// Reads what ``writeSparse(_:to:)`` wrote for `count` values, refusing another length and
    /// an entry past the end (the caller checks the values with ``checkWeights(_:in:)``).
    static func readSparse(count: Int, from r: inout BinaryReader) throws -> [Float] {
        guard try r.readInt() == count else { throw ModelFileError.corrupt("slot tagger tables do not fit together") }
        let kept = try r.readCount(minimumBytesEach: 5)
        var values = [Float](repeating: 0, count: count)
        var at = -1
        for _ in 0..<kept {
            let gap = try r.readVarint()
            guard gap < UInt64(max(0, count - 1 - at)) else { throw ModelFileError.corrupt("slot tagger transitions out of range") }
            at += 1 + Int(gap)
            values[at] = Float(bitPattern: try r.readUInt32())
        }
        return values
    }

    /// The labels, weights, transitions, start scores, permitted pairs and type-agreement weights.
    private func writeTables(_ rows: AttributeTable.Rows, to w: inout BinaryWriter) {
        w.write(bytes: Self.labelBytes(rows.labels, labelCount: labelCount))
        RowQuantization.write(rows.weights, rowStarts: rows.rowStart.map(Int.init), to: &w)
        w.write(transitions)
        w.write(startScores)
        w.write(permitted.bits.map { Int($0 >> 32) } + permitted.bits.map { Int($0 & 0xFFFF_FFFF) })
        w.write(agreementWeights)
    }

    /// `weights` of rows `rowStart[a]..<rowStart[a + 1]` as a file of this version stores them.
    package static func quantizedWeights(_ weights: [Float], rowStart: [Int32]) -> [Float] {
        RowQuantization.rounded(weights, rowStarts: rowStart.map(Int.init))
    }

    /// Reads what ``write(to:)`` wrote in `layout`; `agreementWeights` is false for the layout
    /// of model files before format 3, which has no ``TypeAgreement`` weights.
    package init(reading r: inout BinaryReader, agreementWeights hasAgreement: Bool = true, layout: Layout = .quantized) throws {
        r.part = "the slot tagger"
        let L = try Self.readLabelCount(&r)
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
        try self.init(labelCount: L, keys: keys, rowStart: rowStart, tables: &r, agreementWeights: hasAgreement, layout: layout)
    }

    /// Reads what ``writeKeysApart(to:)`` wrote, checked as ``init(reading:agreementWeights:layout:)`` checks.
    init(readingKeysApart r: inout BinaryReader) throws {
        let (L, keys) = try Self.readKeysApart(&r)
        let A = keys.count
        self = try DeflatedPayload.read(from: &r) { inner in
            let rowStart = try Self.readRowStarts(&inner, attributes: A)
            return try Self(labelCount: L, keys: keys, rowStart: rowStart, tables: &inner, agreementWeights: true, layout: .quantized)
        }
    }

    /// Reads what ``writeLevelsApart(to:)`` wrote, checked as ``init(reading:agreementWeights:layout:)``
    /// checks; the lookup table takes the weights' bytes and labels from where they lie in the file.
    init(readingLevelsApart r: inout BinaryReader) throws {
        let (L, keys) = try Self.readKeysApart(&r)
        let A = keys.count
        let levels = try r.readByteRange()
        let labelBytes = try r.readByteRange()
        let file = r.storage
        self = try DeflatedPayload.read(from: &r) { inner in
            let rowStart = try Self.readRowStarts(&inner, attributes: A)
            let total = Int(rowStart[A])
            let exponents = try inner.readByteRange()
            let labelWidth = Self.labelBytes(.quantized, labelCount: L)
            guard labelBytes.count == total * labelWidth, exponents.count == A, levels.count == total else {
                throw ModelFileError.corrupt("slot tagger tables do not fit together")
            }
            let transitions = try Self.readSparse(count: L * L, from: &inner)
            let (start, bits, agreement) = try Self.readScores(labelCount: L, from: &inner, agreementWeights: true)
            try checkWeights([("transitions", transitions), ("start scores", start), ("type agreement weights", agreement)],
                             in: "the slot tagger")
            let table = try inner.storage.withUnsafeBufferPointer { inflated in
                try file.withUnsafeBufferPointer { file in
                    let exponentBytes = UnsafeBufferPointer(rebasing: inflated[exponents])
                    let levelBytes = UnsafeBufferPointer(rebasing: file[levels])
                    guard RowQuantization.areValid(exponents: exponentBytes, levels: levelBytes) else {
                        throw ModelFileError.corrupt("the slot tagger holds a weight or scale no writer produces")
                    }
                    return Self.table(keys: keys, rowStart: rowStart, labels: UnsafeBufferPointer(rebasing: file[labelBytes]),
                                      labelWidth: labelWidth, exponents: exponentBytes, levels: levelBytes)
                }
            }
            return try Self(labelCount: L, table: table, transitions: transitions, startScores: start,
                            agreementWeights: agreement, bits: bits)
        }
    }

    /// The label count and the attribute keys as versions 3 and 4 keep them, apart and as they are.
    private static func readKeysApart(_ r: inout BinaryReader) throws -> (labelCount: Int, keys: [UInt32]) {
        r.part = "the slot tagger"
        let L = try readLabelCount(&r)
        let A = try r.readCount(minimumBytesEach: 4)
        let keyBytes = try r.readByteRange()
        guard keyBytes.count == A * 4 else { throw ModelFileError.corrupt("slot tagger attribute table size") }
        var keys = [UInt32](repeating: 0, count: A)
        r.withBytes(in: keyBytes) { raw in
            keys.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(raw)) }
        }
        for a in keys.indices { keys[a] = UInt32(littleEndian: keys[a]) }
        return (L, keys)
    }

    /// Where each of `A` attributes' weights start, from their label counts (two bytes each).
    private static func readRowStarts(_ r: inout BinaryReader, attributes A: Int) throws -> [Int32] {
        let counts = try r.readByteRange()
        guard counts.count == A * 2 else { throw ModelFileError.corrupt("slot tagger attribute table size") }
        var rowStart = [Int32](repeating: 0, count: A + 1)
        r.withBytes(in: counts) { c in
            for a in 0..<A { rowStart[a + 1] = rowStart[a] + Int32(UInt16(c[2 * a]) | UInt16(c[2 * a + 1]) << 8) }
        }
        return rowStart
    }

    private static func readLabelCount(_ r: inout BinaryReader) throws -> Int {
        let L = try r.readInt()
        guard L >= 1, L < 1 << 16 else { throw ModelFileError.corrupt("slot tagger label count \(L)") }
        return L
    }

    /// Reads the tables ``writeTables(_:to:)`` wrote for attributes `keys` with rows `rowStart`.
    /// The lookup table is built straight from the stored labels and weight bytes: no arrays
    /// of labels and weights are made on the way (a model keeps its weights once, in the table).
    private init(labelCount L: Int, keys: [UInt32], rowStart: [Int32], tables r: inout BinaryReader,
                 agreementWeights hasAgreement: Bool, layout: Layout) throws {
        let A = keys.count
        let labelBytes = try r.readByteRange()
        let labelWidth = Self.labelBytes(layout, labelCount: L)
        let total = Int(rowStart[A])
        guard labelBytes.count == total * labelWidth else { throw ModelFileError.corrupt("slot tagger tables do not fit together") }
        // Half precision: the weights as floats, checked like the other tables. Bytes with a
        // power-of-two scale per row: where they lie, checked by the reader (every such weight
        // is at most 127 × 2⁹, within ``checkWeights(_:in:)``'s bound).
        let halfWeights = layout == .half ? try WeightCoding.read(precision: .float16, width: 1, from: &r) : nil
        let levels = layout == .half ? nil : try RowQuantization.readLevelRanges(rows: A, count: total, from: &r)
        let transitions = try r.readFloats()
        guard halfWeights.map({ $0.count == total }) ?? true, transitions.count == L * L else {
            throw ModelFileError.corrupt("slot tagger tables do not fit together")
        }
        let (start, bits, agreement) = try Self.readScores(labelCount: L, from: &r, agreementWeights: hasAgreement)
        try checkWeights([("weights", halfWeights ?? []), ("transitions", transitions), ("start scores", start),
                          ("type agreement weights", agreement)], in: "the slot tagger")
        let table = r.storage.withUnsafeBufferPointer { all in
            let labels = UnsafeBufferPointer(rebasing: all[labelBytes])
            guard let halfWeights else {
                return Self.table(keys: keys, rowStart: rowStart, labels: labels, labelWidth: labelWidth,
                                  exponents: UnsafeBufferPointer(rebasing: all[levels!.exponents]),
                                  levels: UnsafeBufferPointer(rebasing: all[levels!.levels]))
            }
            return AttributeTable(rows: A, weights: total, key: { keys[$0] },
                                  length: { Int(rowStart[$0 + 1] - rowStart[$0]) }) { _, i in
                AttributeTable.Cell(label: Self.label(i, in: labels, width: labelWidth), weight: halfWeights[i])
            }
        }
        try self.init(labelCount: L, table: table, transitions: transitions, startScores: start,
                      agreementWeights: agreement, bits: bits)
    }

    /// The start scores, the permitted pairs' bits and the type-agreement weights (none when
    /// `agreementWeights` is false, the layout of model files before format 3), as every
    /// layout stores them after the transitions.
    private static func readScores(labelCount L: Int, from r: inout BinaryReader, agreementWeights hasAgreement: Bool)
        throws -> (start: [Float], bits: [UInt64], agreement: [Float]) {
        let start = try r.readFloats()
        let bitHalves = try r.readInts()
        let words = (L * L + 63) / 64
        guard bitHalves.count == 2 * words, bitHalves.allSatisfy({ $0 >= 0 && $0 <= 0xFFFF_FFFF }) else {
            throw ModelFileError.corrupt("slot tagger transition set")
        }
        let bits = (0..<words).map { UInt64(bitHalves[$0]) << 32 | UInt64(bitHalves[words + $0]) }
        guard start.count == L else { throw ModelFileError.corrupt("slot tagger tables do not fit together") }
        let agreement = hasAgreement ? try r.readFloats() : []
        guard agreement.isEmpty || agreement.count == TypeAgreement.count else {
            throw ModelFileError.corrupt("slot tagger type agreement weights")
        }
        return (start, bits, agreement)
    }

    /// Label `i` of labels stored `width` bytes each (low byte first).
    @inline(__always)
    private static func label(_ i: Int, in labels: UnsafeBufferPointer<UInt8>, width: Int) -> Int32 {
        width == 1 ? Int32(labels[i]) : Int32(UInt16(labels[2 * i]) | UInt16(labels[2 * i + 1]) << 8)
    }

    /// The lookup table of attributes `keys` with rows `rowStart`, from their stored labels,
    /// row exponents and signed levels (checked already).
    private static func table(keys: [UInt32], rowStart: [Int32], labels: UnsafeBufferPointer<UInt8>, labelWidth: Int,
                              exponents: UnsafeBufferPointer<UInt8>, levels: UnsafeBufferPointer<UInt8>) -> AttributeTable {
        AttributeTable(rows: keys.count, weights: Int(rowStart[keys.count]), key: { keys[$0] },
                       length: { Int(rowStart[$0 + 1] - rowStart[$0]) }) { a, i in
            AttributeTable.Cell(label: label(i, in: labels, width: labelWidth),
                                weight: Float(Int8(bitPattern: levels[i])) * RowQuantization.scale(exponentByte: exponents[a]))
        }
    }

    /// A tagger of `table` and the scores read beside it, refusing a label the scores do not
    /// cover or an attribute stored twice.
    private init(labelCount L: Int, table: AttributeTable, transitions: [Float], startScores: [Float],
                 agreementWeights: [Float], bits: [UInt64]) throws {
        guard table.labelLimit <= L else { throw ModelFileError.corrupt("slot tagger label \(table.labelLimit - 1) of \(L)") }
        guard !table.hasRepeatedKeys else { throw ModelFileError.corrupt("a repeated slot tagger attribute") }
        self.init(labelCount: L, table: table, transitions: transitions, startScores: startScores,
                  agreementWeights: agreementWeights, permitted: PermittedTransitions(labelCount: L, bits: bits))
    }
}
