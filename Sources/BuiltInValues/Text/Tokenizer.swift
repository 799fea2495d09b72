import Foundation

/// Splits an utterance into ``Token``s and maps each back to its exact place in the input.
///
/// Rules, chosen for spoken-language input:
/// - white space and punctuation separate tokens and are dropped;
/// - apostrophes and hyphens inside a word stay in it ("what's", "o'clock", "t-shirt");
/// - digits stay together, with an inner `.`, `,` or `:` between digits ("2.5", "7:30",
///   "10,000"), and with an English ordinal suffix ("3rd"); other letters after digits start a
///   new token ("10am" → "10", "am") so that built-in parsers see the parts;
/// - symbols (`$`, `%`, `&`, emoji) are tokens of their own;
/// - scripts written without spaces are split by script: each Han or Hiragana character is a
///   token, a Katakana run is one token (loan words), Thai runs stay whole.
///
/// ASCII input takes a fast path with no Foundation calls, which keeps classification in the
/// microsecond range.
public struct Tokenizer: Sendable {
    /// The locale whose case rules apply (Turkish dotted i, for instance).
    public let localeIdentifier: String

    /// The language of ``localeIdentifier``, lower-cased ("de" for "de-DE"): the key of the
    /// per-language word lists that read answers.
    public var languageCode: String { BuiltInLocaleTables.language(of: localeIdentifier) }
    private let locale: Locale
    private let usesSpecialCasing: Bool

    public init(locale: String = "en-US") {
        self.localeIdentifier = locale
        self.locale = Locale(identifier: locale)
        let language = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        self.usesSpecialCasing = ["tr", "az", "lt"].contains(language)
    }

    private enum CharClass { case space, letter, digit, joiner, numberJoiner, symbol, punctuation, han, kana, katakana, thai, mark }

    /// Splits `text` into tokens.
    public func tokenize(_ text: String) -> [Token] {
        var text = text
        return text.withUTF8 { tokenize(utf8: $0).tokens }
    }

    /// ``tokenize(_:)`` with the text's Unicode scalars, which the split reads anyway: for a
    /// caller that needs both, one pass over the text instead of two.
    package func tokenizeKeepingScalars(_ text: String) -> (tokens: [Token], scalars: [Unicode.Scalar]) {
        var text = text
        return text.withUTF8 { tokenize(utf8: $0) }
    }

    /// Splits UTF-8 text (valid, as every Swift string is) into tokens. Works on the bytes
    /// directly: token strings are copied out of the buffer, never built scalar by scalar.
    private func tokenize(utf8: UnsafeBufferPointer<UInt8>) -> (tokens: [Token], scalars: [Unicode.Scalar]) {
        let (scalars, offsets) = Self.decode(utf8)
        var tokens: [Token] = []
        tokens.reserveCapacity(scalars.count / 4 + 1)
        // ASCII text (no offsets kept): scalar i is byte i, and no token needs a UTF-8 test.
        let allASCII = offsets.isEmpty
        var i = 0
        while i < scalars.count {
            let cls = Self.classify(scalars[i])
            guard let kind = Self.tokenKind(startedBy: cls) else { i += 1; continue }
            let j = Self.tokenEnd(startedBy: cls, at: i, in: scalars)
            let lo = allASCII ? i : Int(offsets[i]), hi = allASCII ? j : Int(offsets[j])
            let bytes = UnsafeBufferPointer(rebasing: utf8[lo..<hi])
            tokens.append(finishToken(bytes, ascii: allASCII || !bytes.contains { $0 >= 0x80 }, range: i..<j, kind: kind))
            i = j
        }
        return (tokens, scalars)
    }

    /// The scalars of UTF-8 text with the byte offset of each, and of the end (one pass, no
    /// Foundation); no offsets (an empty list) for ASCII text, where each is its scalar's index.
    private static func decode(_ utf8: UnsafeBufferPointer<UInt8>) -> (scalars: [Unicode.Scalar], offsets: [Int32]) {
        if !utf8.contains(where: { $0 >= 0x80 }) {
            var scalars = [Unicode.Scalar](filled: "\0", count: utf8.count)
            scalars.withUnsafeMutableBufferPointer { buffer in
                for p in utf8.indices { buffer[p] = Unicode.Scalar(utf8[p]) }
            }
            return (scalars, [])
        }
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int32] = []
        scalars.reserveCapacity(utf8.count)
        offsets.reserveCapacity(utf8.count + 1)
        var p = 0
        while p < utf8.count {
            let b0 = utf8[p]
            var v: UInt32
            var len = 1
            if b0 < 0x80 { v = UInt32(b0) }
            else if b0 < 0xE0 { v = UInt32(b0 & 0x1F); len = 2 }
            else if b0 < 0xF0 { v = UInt32(b0 & 0x0F); len = 3 }
            else { v = UInt32(b0 & 0x07); len = 4 }
            if len > 1 {
                for k in 1..<len where p + k < utf8.count { v = v << 6 | UInt32(utf8[p + k] & 0x3F) }
            }
            offsets.append(Int32(p))
            scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
            p += len
        }
        offsets.append(Int32(utf8.count))
        return (scalars, offsets)
    }

    /// The kind of token a character of class `cls` starts; nil for what separates tokens
    /// (space, punctuation, joiners) and for a combining mark with nothing to attach to.
    private static func tokenKind(startedBy cls: CharClass) -> Token.Kind? {
        switch cls {
        case .space, .punctuation, .joiner, .numberJoiner, .mark: return nil
        case .symbol: return .symbol
        case .han, .kana, .katakana, .thai: return .ideographic
        case .digit: return .number
        case .letter: return .word
        }
    }

    /// Where the token that a character of class `cls` starts at `i` ends (exclusive).
    private static func tokenEnd(startedBy cls: CharClass, at i: Int, in scalars: [Unicode.Scalar]) -> Int {
        let n = scalars.count
        var j = i + 1
        switch cls {
        case .symbol:
            // Keep emoji sequences (ZWJ, variation selectors, skin tones) together.
            while j < n, continuesSymbol(scalars[j]) { j += 1 }
        case .han, .kana:
            while j < n, classify(scalars[j]) == .mark { j += 1 }
        case .katakana, .thai:
            // A katakana run (a loan word) or a Thai run stays whole.
            while j < n {
                let c = classify(scalars[j])
                if c == cls || c == .mark { j += 1 } else { break }
            }
        case .digit:
            while j < n {
                let c = classify(scalars[j])
                if c == .digit { j += 1; continue }
                if c == .numberJoiner, j + 1 < n, classify(scalars[j + 1]) == .digit { j += 2; continue }
                break
            }
            // English ordinal suffix: 1st 2nd 3rd 4th.
            if j + 1 < n, isOrdinalSuffix(scalars[j], scalars[j + 1]),
               j + 2 >= n || classify(scalars[j + 2]) != .letter {
                j += 2
            }
        case .letter:
            while j < n {
                let c = classify(scalars[j])
                if c == .letter || c == .mark || c == .digit { j += 1; continue }
                if c == .joiner, j + 1 < n, classify(scalars[j + 1]) == .letter { j += 2; continue }
                break
            }
        case .space, .punctuation, .joiner, .numberJoiner, .mark:
            break
        }
        return j
    }

    /// The normalised (NFKC, lower-cased) form of a whole phrase's tokens, joined by spaces.
    public func normalizedPhrase(_ text: String) -> String {
        tokenize(text).map(\.normalized).joined(separator: " ")
    }

    /// The folded form of a whole phrase's tokens, joined by spaces.
    public func foldedPhrase(_ text: String) -> String {
        tokenize(text).map(\.folded).joined(separator: " ")
    }

    /// The token of UTF-8 `bytes`; an ASCII token's lower-cased forms are made from the bytes
    /// (the text itself when it has no capitals), not from a mapped copy.
    private func finishToken(_ bytes: UnsafeBufferPointer<UInt8>, ascii: Bool, range: Range<Int>, kind: Token.Kind) -> Token {
        let text = String(decoding: bytes, as: UTF8.self)
        if ascii {
            let lower = bytes.contains(where: { $0 >= 65 && $0 <= 90 })
                ? String(unsafeUninitializedCapacity: bytes.count) { buffer in
                    for k in bytes.indices { let b = bytes[k]; buffer[k] = b >= 65 && b <= 90 ? b + 32 : b }
                    return bytes.count
                }
                : text
            return Token(text: text, normalized: lower, folded: lower, range: range, kind: kind)
        }
        let lower = normalized(text)
        return Token(text: text, normalized: lower, folded: folded(normalized: lower), range: range, kind: kind)
    }

    /// `text` as a non-ASCII token's `normalized` form: NFKC, lower-cased with the locale's rules.
    private func normalized(_ text: String) -> String {
        let nfkc = text.precomposedStringWithCompatibilityMapping
        return usesSpecialCasing ? nfkc.lowercased(with: locale) : nfkc.lowercased()
    }

    private func folded(normalized: String) -> String {
        normalized.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: locale)
    }

    /// `text` folded as a token's `folded` form is, without cutting it into tokens: for text
    /// stored to be matched against tokens (a language pack's word pieces, which may start with
    /// a combining mark that ``tokenize(_:)`` would drop).
    package func folded(_ text: String) -> String {
        text.utf8.allSatisfy({ $0 < 0x80 }) ? Self.asciiLowercased(text) : folded(normalized: normalized(text))
    }

    @inline(__always)
    static func asciiLowercased(_ s: String) -> String {
        var needs = false
        for b in s.utf8 where b >= 65 && b <= 90 { needs = true; break }
        if !needs { return s }
        return String(decoding: s.utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    }

    private static func isOrdinalSuffix(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        let pair = (Character(a).lowercased(), Character(b).lowercased())
        return pair == ("s", "t") || pair == ("n", "d") || pair == ("r", "d") || pair == ("t", "h")
    }

    private static func continuesSymbol(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x200D, 0xFE0E, 0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F: return true
        default:
            // After a ZWJ the next pictograph belongs to the same sequence; the caller only
            // reaches here after a symbol, so accept pictographs that follow a joiner too.
            return s.properties.isEmojiModifier || s.properties.generalCategory == .enclosingMark
        }
    }

    @inline(__always)
    private static func classify(_ s: Unicode.Scalar) -> CharClass {
        let v = s.value
        if v < 0x80 {
            switch v {
            case 0x30...0x39: return .digit
            case 0x41...0x5A, 0x61...0x7A: return .letter
            case 0x27, 0x2D: return .joiner               // ' -
            case 0x2E, 0x2C, 0x3A: return .numberJoiner    // . , :
            case 0x24, 0x25, 0x26, 0x2B, 0x23, 0x40, 0x3D, 0x3C, 0x3E, 0x5E, 0x7C, 0x7E: return .symbol
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20: return .space
            default: return v < 0x20 || v == 0x7F ? .space : .punctuation
            }
        }
        return classifyBeyondASCII(s)
    }

    /// ``classify(_:)`` of a scalar outside ASCII. Kept out of line: the Unicode property
    /// tables it reads then cost nothing to the ASCII characters most utterances are made of.
    @inline(never)
    private static func classifyBeyondASCII(_ s: Unicode.Scalar) -> CharClass {
        let v = s.value
        if v == 0x2019 || v == 0x2010 || v == 0x2011 { return .joiner }   // ’ ‐ ‑
        switch v {
        case 0x3040...0x309F: return v >= 0x3099 && v <= 0x309C ? .mark : .kana
        case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return .katakana
        case 0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2FA1F, 0xF900...0xFAFF: return .han
        case 0x0E00...0x0E7F: return .thai
        case 0x200B...0x200D, 0x2060, 0xFEFF: return .space   // zero-width characters
        default: break
        }
        let p = s.properties
        if p.isWhitespace { return .space }
        switch p.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
        case .decimalNumber: return .digit
        case .letterNumber, .otherNumber: return .letter
        case .nonspacingMark, .spacingMark, .enclosingMark: return .mark
        case .mathSymbol, .currencySymbol, .otherSymbol, .modifierSymbol: return .symbol
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator, .spaceSeparator:
            return .space
        default: return .punctuation
        }
    }
}
