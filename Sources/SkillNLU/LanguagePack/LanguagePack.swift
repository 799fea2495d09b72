import BuiltInValues
import Foundation

/// Pretrained knowledge of a language: a vector for each word piece of a vocabulary, so that
/// words no sample uses ("available" for "free", "remove" for "take off") land near the words
/// that mean the same.
///
/// A pack is derived offline from a sentence encoder (`LanguagePacks/tools/derive-pack.py` for
/// English, `derive-multilingual-pack.py` for the other languages: each vocabulary item run
/// through the encoder alone, reduced with PCA, quantized to int8 with one scale per row) and
/// read here as it is stored, so its memory is the file's. Pieces are stored in the tokenizer's
/// folded form, in WordPiece's convention (a continuation piece starts with "##", also for pieces
/// converted from a SentencePiece vocabulary); a piece with a combining mark is folded again by
/// the tokenizer when read. A word is cut into the vocabulary's pieces greedily, longest first,
/// between Unicode scalars, and an utterance's vector is the mean of its pieces' vectors, scaled
/// to unit length.
///
/// Models trained with a pack name it by ``name`` and ``digest``; loading such a model finds the
/// same pack again (``bundled(named:)``) or refuses the model.
public struct LanguagePack: Sendable {
    /// Why the bytes of a pack could not be read.
    public enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        case notAPack
        case newerFormat(UInt32)
        case truncated
        case corrupt(String)

        public var description: String {
            switch self {
            case .notAPack: return "not a SkillNLU language pack (wrong magic bytes)"
            case .newerFormat(let v): return "the language pack has format \(v), newer than this SkillNLU reads (1)"
            case .truncated: return "the language pack is truncated"
            case .corrupt(let what): return "the language pack is corrupt (\(what))"
            }
        }
    }

    /// The pack's name (its locale's language, such as "en").
    public let name: String
    /// A checksum of the pack's bytes: a model records it, and refuses another pack.
    public let digest: UInt64
    /// Where the vectors come from (encoder, licence), as the derivation wrote it.
    public let source: String
    /// Length of every vector.
    public let dimension: Int
    let rowOfPiece: [String: Int32]
    let scales: [Float]
    let rows: [Int8]

    /// Reads a pack file's bytes.
    public init(name: String, bytes: [UInt8]) throws(ReadError) {
        var r = ResourceReader(bytes, truncated: ReadError.truncated)
        guard bytes.count >= 8, Array(bytes[0..<8]) == Array("SNLUPACK".utf8) else { throw .notAPack }
        r.offset = 8
        let format = try r.uint32()
        guard format == 1 else { throw .newerFormat(format) }
        let dimension = Int(try r.uint32()), count = Int(try r.uint32())
        guard (1...4096).contains(dimension), count > 0 else { throw .corrupt("dimension \(dimension), \(count) items") }
        let sourceLength = Int(try r.uint16())
        source = String(decoding: try r.take(sourceLength), as: UTF8.self)
        var pieces: [String] = []
        pieces.reserveCapacity(count)
        for _ in 0..<count {
            let length = Int(try r.take(1).first!)
            pieces.append(String(decoding: try r.take(length), as: UTF8.self))
        }
        scales = try r.float32s(count)
        guard scales.allSatisfy({ $0.isFinite && $0 >= 0 && $0 < 1_000 }) else { throw .corrupt("a row's scale") }
        rows = try r.take(count * dimension).map { Int8(bitPattern: $0) }
        guard r.offset == bytes.count else { throw .corrupt("data after the vectors") }
        self.name = name
        self.digest = FileChecksum.hash(bytes)
        self.dimension = dimension
        self.rowOfPiece = Self.rowOfPiece(pieces, folding: Tokenizer(locale: name))
    }

    /// The row of each piece by its key as the tokenizer folds it: a derivation's folding may
    /// keep a mark that the tokenizer removes from every token (Devanagari's anusvara, Arabic's
    /// harakat), and a piece keyed otherwise than tokens are could never be read. Where two
    /// pieces fold alike the earlier row, the derivation's better-ranked, is kept; a piece that
    /// folds to nothing (a lone haraka) has no key. Only pieces with a combining mark are
    /// folded again: without one, the derivation's folding and the tokenizer's agree, and the
    /// packs' many other pieces cost no folding at load.
    private static func rowOfPiece(_ pieces: [String], folding tokenizer: Tokenizer) -> [String: Int32] {
        var rowOfPiece: [String: Int32] = [:]
        rowOfPiece.reserveCapacity(pieces.count)
        for (row, piece) in pieces.enumerated() {
            var key = piece
            if piece.unicodeScalars.contains(where: Self.isCombiningMark) {
                let continuation = piece.unicodeScalars.starts(with: "##".unicodeScalars)
                let body = continuation ? String(String.UnicodeScalarView(piece.unicodeScalars.dropFirst(2))) : piece
                let folded = tokenizer.folded(body)
                guard !folded.isEmpty else { continue }
                key = continuation ? "##" + folded : folded
            }
            if rowOfPiece[key] == nil { rowOfPiece[key] = Int32(row) }
        }
        return rowOfPiece
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// The vocabulary rows of one word: its longest known prefix, then the longest known
    /// continuation ("##…") of the rest, and so on; none when some part is unknown. The word is
    /// cut between Unicode scalars, as SentencePiece cuts it, not only between characters: a
    /// Devanagari continuation piece may start with a vowel sign, which a character holds
    /// together with the consonant before it.
    func pieces(of word: String) -> [Int32] {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count <= Self.longestWord else { return [] }
        return pieces(of: scalars)
    }

    /// Words longer than this (in Unicode scalars) have no vector: none of the vocabularies has
    /// such words, and the greedy search costs the square of the length.
    static let longestWord = 40

    /// `runStart`: the word is a run of a script written without spaces, whose first piece may
    /// also be a continuation piece (SentencePiece cuts such text as "▁" and continuations).
    private func pieces(of scalars: [Unicode.Scalar], runStart: Bool = false) -> [Int32] {
        var rows: [Int32] = []
        var start = 0
        while start < scalars.count {
            var end = scalars.count
            var found: Int32?
            while end > start {
                let text = String(String.UnicodeScalarView(scalars[start..<end]))
                let row = start > 0 ? rowOfPiece["##" + text] : rowOfPiece[text] ?? (runStart ? rowOfPiece["##" + text] : nil)
                if let row { found = row; break }
                end -= 1
            }
            guard let found else { return [] }
            rows.append(found)
            start = end
        }
        return rows
    }

    /// The vocabulary rows of an utterance, word by word. A run of ideographic tokens (Han and
    /// kana characters with nothing between them) is read as one word, as a script written
    /// without spaces is cut into pieces by the encoders the packs come from (its first piece a
    /// word-initial one or, failing that, a continuation); a run longer than ``longestWord`` is
    /// read in parts of that length.
    func pieces(of tokens: [Token]) -> [Int32] {
        var rows: [Int32] = []
        var run: [Unicode.Scalar] = [], runEnd = -1
        func endRun() {
            var start = 0
            while start < run.count {
                let end = min(start + Self.longestWord, run.count)
                rows += pieces(of: Array(run[start..<end]), runStart: true)
                start = end
            }
            run.removeAll(keepingCapacity: true)
        }
        for token in tokens {
            if token.kind == .ideographic {
                if token.range.lowerBound != runEnd { endRun() }
                run += token.folded.unicodeScalars
                runEnd = token.range.upperBound
                continue
            }
            endRun()
            if token.kind == .word || token.kind == .number { rows += pieces(of: token.folded) }
        }
        endRun()
        return rows
    }

    /// The utterance's vector: the mean of its words' piece vectors at unit length, written to
    /// `output` (``dimension`` long). All zeros when no word is known.
    public func sentenceVector(_ tokens: [Token], into output: UnsafeMutableBufferPointer<Float>) {
        let d = dimension
        for i in 0..<d { output[i] = 0 }
        var count = 0
        rows.withUnsafeBufferPointer { table in
            for row in pieces(of: tokens) {
                let scale = scales[Int(row)], base = Int(row) * d
                for i in 0..<d { output[i] += Float(table[base + i]) * scale }
                count += 1
            }
        }
        guard count > 0 else { return }
        var norm: Float = 0
        for i in 0..<d { norm += output[i] * output[i] }
        norm = norm.squareRoot()
        guard norm > 0 else { return }
        for i in 0..<d { output[i] /= norm }
    }

    /// ``sentenceVector(_:into:)`` as a new array.
    public func sentenceVector(_ tokens: [Token]) -> [Float] {
        [Float](unsafeUninitializedCapacity: dimension) { buffer, count in
            sentenceVector(tokens, into: buffer)
            count = dimension
        }
    }
}
