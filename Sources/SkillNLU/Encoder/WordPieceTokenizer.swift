import Foundation

/// BERT's uncased tokenizer: the text cleaned, lower-cased and stripped of accents, split on
/// whitespace and punctuation, and each word cut into the vocabulary's pieces greedily, longest
/// first, continuations spelt with "##"; a word with an unknown part is one `[UNK]`.
///
/// It reads text as the encoder was trained to read it, which the engine's own ``Token``s do not
/// ("what's" is "what", "'", "s" here), so the contextual tier tokenizes the utterance's text
/// again rather than reuse them.
struct WordPieceTokenizer: Sendable {
    /// The id of each vocabulary item.
    let idOfPiece: [String: Int32]
    let unknown: Int32
    let classify: Int32
    let separator: Int32
    /// Words longer than this (in Unicode scalars) are `[UNK]` without a search.
    let longestWord = 100

    /// A tokenizer over `vocabulary` (item `i` has id `i`); nil when a special item is missing.
    init?(vocabulary: [String]) {
        var ids: [String: Int32] = [:]
        ids.reserveCapacity(vocabulary.count)
        for (i, piece) in vocabulary.enumerated() where ids[piece] == nil { ids[piece] = Int32(i) }
        guard let unknown = ids["[UNK]"], let classify = ids["[CLS]"], let separator = ids["[SEP]"] else { return nil }
        idOfPiece = ids
        self.unknown = unknown
        self.classify = classify
        self.separator = separator
    }

    /// The piece ids of `text`, without the `[CLS]` and `[SEP]` around them.
    func ids(_ text: String) -> [Int32] {
        var out: [Int32] = []
        for word in Self.words(text) { appendPieces(of: word, to: &out) }
        return out
    }

    /// The ids the encoder reads: `[CLS]`, at most `limit` - 2 pieces, `[SEP]`.
    func sequence(_ text: String, limit: Int) -> [Int32] {
        [classify] + ids(text).prefix(max(0, limit - 2)) + [separator]
    }

    private func appendPieces(of word: [Unicode.Scalar], to out: inout [Int32]) {
        guard word.count <= longestWord else { out.append(unknown); return }
        let first = out.count
        var start = 0
        while start < word.count {
            var end = word.count
            var found: Int32?
            while end > start {
                var piece = start == 0 ? "" : "##"
                piece.unicodeScalars.append(contentsOf: word[start..<end])
                if let id = idOfPiece[piece] { found = id; break }
                end -= 1
            }
            guard let found else {
                out.removeSubrange(first...)
                out.append(unknown)
                return
            }
            out.append(found)
            start = end
        }
    }

    /// The words of `text` before WordPiece: control characters dropped, whitespace of every
    /// kind a separator, CJK ideographs words of their own, lower case without accents, every
    /// punctuation mark a word of its own.
    static func words(_ text: String) -> [[Unicode.Scalar]] {
        var words: [[Unicode.Scalar]] = []
        var raw: [Unicode.Scalar] = []
        func flush() {
            guard !raw.isEmpty else { return }
            var word = String(String.UnicodeScalarView(raw)).lowercased().decomposedStringWithCanonicalMapping
            word.unicodeScalars.removeAll { $0.properties.generalCategory == .nonspacingMark }
            var current: [Unicode.Scalar] = []
            for scalar in word.unicodeScalars {
                if isPunctuation(scalar) {
                    if !current.isEmpty { words.append(current); current = [] }
                    words.append([scalar])
                } else {
                    current.append(scalar)
                }
            }
            if !current.isEmpty { words.append(current) }
            raw = []
        }
        for scalar in text.unicodeScalars {
            if isWhitespace(scalar) {
                flush()
            } else if scalar.value == 0 || scalar.value == 0xFFFD || isControl(scalar) {
                continue
            } else if isIdeograph(scalar) {
                flush()
                raw = [scalar]
                flush()
            } else {
                raw.append(scalar)
            }
        }
        flush()
        return words
    }

    static func isWhitespace(_ s: Unicode.Scalar) -> Bool {
        s == " " || s == "\t" || s == "\n" || s == "\r" || s.properties.generalCategory == .spaceSeparator
    }

    static func isControl(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned: return true
        default: return false
        }
    }

    /// ASCII symbols count as punctuation too ("$", "+", "^"), as in BERT.
    static func isPunctuation(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if (33...47).contains(v) || (58...64).contains(v) || (91...96).contains(v) || (123...126).contains(v) { return true }
        switch s.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation: return true
        default: return false
        }
    }

    static func isIdeograph(_ s: Unicode.Scalar) -> Bool {
        let ranges: [ClosedRange<UInt32>] = [0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x2A700...0x2B73F,
                                             0x2B740...0x2B81F, 0x2B820...0x2CEAF, 0xF900...0xFAFF, 0x2F800...0x2FA1F]
        return ranges.contains { $0.contains(s.value) }
    }
}
