import BuiltInValues

/// A cluster number for each word a language pack knows, so that the slot tagger can read a
/// word no sample uses as one of the words the pack puts near it ("seattle" among "denver" and
/// "boston", "cello" among "guitar" and "drums").
///
/// Derived offline from the pack (`LanguagePacks/tools/derive-clusters.py`): the pack's whole-word
/// pieces clustered by k-means on their unit-length vectors, every row of the pack given its
/// nearest centroid's number, and the centroids kept. A word that is one piece of the pack has
/// that piece's cluster; a word the pack cuts into several pieces has the cluster of the centroid
/// nearest to the mean of its pieces' vectors; a word the pack cannot cut has none.
///
/// Models trained with clusters name them by ``name`` and ``digest``; loading such a model finds
/// the same clusters again (``bundled(named:)``) or refuses the model.
public struct WordClusters: Sendable {
    /// Why the bytes of a cluster table could not be read.
    public enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        case notClusters
        case newerFormat(UInt32)
        case truncated
        /// The table was derived from a pack of another size or width than the one given.
        case otherPack
        case corrupt(String)

        public var description: String {
            switch self {
            case .notClusters: return "not a SkillNLU word-cluster table (wrong magic bytes)"
            case .newerFormat(let v): return "the word-cluster table has format \(v), newer than this SkillNLU reads (1)"
            case .truncated: return "the word-cluster table is truncated"
            case .otherPack: return "the word-cluster table was derived from another language pack"
            case .corrupt(let what): return "the word-cluster table is corrupt (\(what))"
            }
        }
    }

    /// The clusters' name: that of the pack they were derived from (such as "en").
    public let name: String
    /// A checksum of the table's bytes: a model records it, and refuses another table.
    public let digest: UInt64
    /// How the table was derived, as the derivation wrote it.
    public let source: String
    /// The number of clusters.
    public let count: Int
    let pack: LanguagePack
    /// The cluster of each pack row.
    let clusterOfRow: [UInt16]
    /// The cluster of each word that is a whole-word piece of the pack, keyed as tokens are
    /// folded: one dictionary lookup for most words, without cutting them into pieces.
    let clusterOfWord: [String: UInt16]
    /// The centroids (`count` × the pack's dimension, int8 with one scale per centroid) packed
    /// for the int8 product kernel: a word of several pieces is compared with all of them at once.
    let centroids: QuantizedDense

    /// Reads a cluster table's bytes, derived from `pack`.
    public init(bytes: [UInt8], pack: LanguagePack) throws(ReadError) {
        var r = ResourceReader(bytes, truncated: ReadError.truncated)
        guard bytes.count >= 8, Array(bytes[0..<8]) == Array("SNLUCLUS".utf8) else { throw .notClusters }
        r.offset = 8
        let format = try r.uint32()
        guard format == 1 else { throw .newerFormat(format) }
        let rows = Int(try r.uint32()), k = Int(try r.uint32()), dimension = Int(try r.uint32())
        guard rows == pack.scales.count, dimension == pack.dimension else { throw .otherPack }
        guard (2...65_535).contains(k) else { throw .corrupt("\(k) clusters") }
        source = String(decoding: try r.take(Int(try r.uint16())), as: UTF8.self)
        let ids = try r.take(rows * 2)
        clusterOfRow = (0..<rows).map { UInt16(ids[ids.startIndex + 2 * $0]) | UInt16(ids[ids.startIndex + 2 * $0 + 1]) << 8 }
        guard clusterOfRow.allSatisfy({ Int($0) < k }) else { throw .corrupt("a cluster number out of range") }
        let centroidScales = try r.float32s(k)
        guard centroidScales.allSatisfy({ $0.isFinite && $0 >= 0 }) else { throw .corrupt("a centroid's scale") }
        centroids = QuantizedDense(rows: try r.take(k * dimension).map { Int8(bitPattern: $0) }, outputs: k, inputs: dimension,
                                   scales: centroidScales, bias: [Float](repeating: 0, count: k))
        guard r.offset == bytes.count else { throw .corrupt("data after the centroids") }
        var words: [String: UInt16] = [:]
        words.reserveCapacity(pack.rowOfPiece.count)
        for (piece, row) in pack.rowOfPiece where !piece.hasPrefix("##") { words[piece] = clusterOfRow[Int(row)] }
        clusterOfWord = words
        name = pack.name
        digest = FileChecksum.hash(bytes)
        count = k
        self.pack = pack
    }

    /// The cluster of a word as the tokenizer folds it, or nil when the pack cannot cut it.
    public func cluster(ofFolded word: String) -> Int? {
        if let c = clusterOfWord[word] { return Int(c) }
        let rows = pack.pieces(of: word)
        guard !rows.isEmpty else { return nil }
        if rows.count == 1 { return Int(clusterOfRow[Int(rows[0])]) }
        return nearestCentroid(toMeanOf: rows)
    }

    /// The cluster of each token, ``none`` for tokens that are not words or that the pack
    /// cannot cut, into `out` (one per token).
    package func clusters(of tokens: [Token], into out: inout [UInt16]) {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(tokens.count)
        tokens.withUnsafeBufferPointer { tokens in
            for i in tokens.indices {
                let token = UnsafePointer(tokens.baseAddress! + i)
                guard token.pointee.kind == .word else { out.append(Self.none); continue }
                out.append(cluster(ofFolded: token.pointee.folded).map { UInt16($0) } ?? Self.none)
            }
        }
    }

    /// ``clusters(of:into:)`` as a new array.
    package func clusters(of tokens: [Token]) -> [UInt16] {
        var out: [UInt16] = []
        clusters(of: tokens, into: &out)
        return out
    }

    /// The number a token without a cluster gets from ``clusters(of:into:)``.
    package static let none = UInt16.max

    /// The centroid with the largest dot product with the mean of the rows' vectors (their
    /// direction is what the centroids, of unit length, are compared by). The mean is quantized
    /// to int8 as the product kernel reads it (exact integer sums, the same on every machine).
    private func nearestCentroid(toMeanOf rows: [Int32]) -> Int {
        let d = pack.dimension
        var mean = [Float](repeating: 0, count: d)
        pack.rows.withUnsafeBufferPointer { table in
            for row in rows {
                let scale = pack.scales[Int(row)], base = Int(row) * d
                for i in 0..<d { mean[i] += Float(table[base + i]) * scale }
            }
        }
        let quantized = mean.withUnsafeBufferPointer { QuantizedRows($0.baseAddress!, rows: 1, columns: d) }
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: count) { scores in
            centroids.apply(quantized, into: scores.baseAddress!)
            var best = 0
            for k in 1..<count where scores[k] > scores[best] { best = k }
            return best
        }
    }
}
