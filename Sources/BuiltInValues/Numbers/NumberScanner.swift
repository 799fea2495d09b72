

/// Reads numbers from a lexed utterance: every way a number can start at a token and where it
/// can end, as words composed by ``NumberComposer`` or as digits read one by one.
struct NumberScanner {
    let lexicon: NumberLexicon
    let utterance: LexedUtterance

    /// Every whole number that starts at token `start`, shortest first; from its piece
    /// `firstPiece` when given (after a conjunction written onto the word: Arabic "وعشر").
    func readings(from start: Int, firstPiece: Int? = nil, into out: inout [NumberReading]) {
        let u = utterance
        var c = NumberComposer(lexicon: lexicon)
        var t = start
        var p = firstPiece ?? Int(u.pieceStart[start])
        while t < u.count {
            if let literal = u.literals[t] {
                guard c.feed(literal) else { break }
                t += 1
                p = Int(u.pieceStart[t])
                if c.isComplete { out.append(reading(c, end: t)) }
                if literal.ordinalSuffix { break }
                continue
            }
            guard let (atom, end) = lexicon.longestPhrase(u.pieces, from: p), c.feed(atom) else { break }
            p = end
            let last = Int(u.pieceToken[end - 1])
            if end == u.pieces.count || Int(u.pieceToken[end]) != last {
                t = last + 1
                if c.isComplete { out.append(reading(c, end: t)) }
            }
        }
    }

    private func reading(_ c: NumberComposer, end: Int) -> NumberReading {
        NumberReading(end: end, value: c.value, fraction: c.fractionDigits, negative: c.negative,
                      ordinal: c.ordinal, fromLiteral: c.fromLiteral)
    }

    /// Digit strings read chunk by chunk from token `start` ("two oh six" → "206",
    /// "nineteen ninety" → "1990", "double five" → "55").
    func digitReadings(from start: Int, into out: inout [DigitReading]) {
        let u = utterance
        var digits = DecimalDigits()
        var t = start
        var p = Int(u.pieceStart[start])
        var pendingRepeat = 0
        var lastChunk: Int64 = -1
        var oneByOne = true
        var hasDigitWord = false
        var hasDigitReadingWord = false
        var endsInZeroWord = false
        while t < u.count {
            if let literal = u.literals[t] {
                guard literal.isPlainInteger, pendingRepeat == 0, let typed = DecimalDigits(literal.digits),
                      digits.append(typed) else { return }
                lastChunk = -1
                oneByOne = false
                t += 1
                p = Int(u.pieceStart[t])
                out.append(DigitReading(end: t, digits: digits))
                continue
            }
            guard let (atom, end) = lexicon.longestPhrase(u.pieces, from: p), !atom.ordinal else { return }
            switch atom.kind {
            case .small:
                if pendingRepeat > 0 {
                    guard atom.value < 10 else { return }
                    for _ in 0..<pendingRepeat where !digits.append(atom.value) { return }
                    pendingRepeat = 0
                } else {
                    guard digits.append(atom.value) else { return }
                }
                lastChunk = atom.value
                if atom.value >= 10 { oneByOne = false } else { hasDigitWord = true }
                endsInZeroWord = false
            case .zeroDigit:
                for _ in 0..<max(1, pendingRepeat) where !digits.append(0) { return }
                pendingRepeat = 0
                hasDigitReadingWord = true
                endsInZeroWord = true
                lastChunk = 0
            case .repeatDigit:
                guard pendingRepeat == 0 else { return }
                pendingRepeat = Int(atom.value)
                hasDigitReadingWord = true
            case .multiplier where atom.value == 100 && lastChunk >= 1 && lastChunk <= 9 && pendingRepeat == 0:
                guard digits.append(0), digits.append(0) else { return }
                lastChunk = -1
                oneByOne = false
            default:
                return
            }
            p = end
            let last = Int(u.pieceToken[end - 1])
            if end == u.pieces.count || Int(u.pieceToken[end]) != last {
                t = last + 1
                if pendingRepeat == 0 && !digits.isEmpty {
                    out.append(DigitReading(end: t, digits: digits, oneByOne: oneByOne, hasDigitWord: hasDigitWord,
                                            hasDigitReadingWord: hasDigitReadingWord, endsInZeroWord: endsInZeroWord))
                }
            }
        }
    }

    /// Ordinals starting at `start`, given the number readings of every token: ordinal words,
    /// digits with a suffix or marker ("3rd", "3º", "3e"), numbers inside ordinal tokens (第三, 三番目).
    func ordinalReadings(from start: Int, numbers: (Int) -> ArraySlice<NumberReading>,
                         into out: inout [OrdinalReading]) {
        let u = utterance
        var begin = start
        var prefixed = false
        if !lexicon.ordinalPrefixTokens.isEmpty, lexicon.ordinalPrefixTokens.contains(u.folded(start)) {
            begin = start + 1
            prefixed = true
            guard begin < u.count else { return }
        }
        let mark = out.count
        for r in numbers(begin) where r.isWhole {
            if r.ordinal {
                if !prefixed { out.append(OrdinalReading(end: r.end, value: r.value)) }
                continue
            }
            if prefixed { out.append(OrdinalReading(end: r.end, value: r.value)) }
            // Japanese counters after the number: 三番目, 3つ目.
            for suffix in lexicon.ordinalSuffixTokens where r.end + suffix.count <= u.count {
                var matches = true
                for (k, s) in suffix.enumerated() where u.folded(r.end + k) != s { matches = false; break }
                if matches { out.append(OrdinalReading(end: r.end + suffix.count, value: r.value)); break }
            }
            // "3º", "3e", "1er": a marker written right after the digits.
            if r.fromLiteral, r.end < u.count, r.end == begin + 1, !lexicon.digitMarkers.isEmpty,
               u.isAdjacent(r.end - 1, r.end), lexicon.digitMarkers.contains(u.folded(r.end)) {
                out.append(OrdinalReading(end: r.end + 1, value: r.value))
            }
        }
        out[mark...].sort { $0.end < $1.end }
    }
}
