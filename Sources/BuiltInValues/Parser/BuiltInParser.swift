import Foundation

/// Reads the values of Alexa's built-in slot types (AMAZON.NUMBER, Ordinal,
/// FOUR_DIGIT_NUMBER, PhoneNumber, DATE, TIME, DURATION) from tokenized text.
///
/// Values are Alexa's: `"23"`, `"2026-11-22"`, `"2026-W48"`, `"19:30"`, `"PT1H30M"`. The
/// words of each language live in tables (`NumberTable`, `DateTimeTable`), so a locale is
/// data; the parser itself is a small value that points at the shared, prebuilt tables, and
/// is cheap to create and copy.
///
/// Numbers and ordinals, dates, times and durations are read in words in en, de, es, fr, it,
/// pt, hi, ar and ja (numbers in digits of any script), and typed ("2026-12-25", "7:30") in
/// every locale.
public struct BuiltInParser: Sendable {
    /// The locale the parser was made for, such as `en-US`.
    public let locale: String
    package let tables: BuiltInLocaleTables
    /// Typed dates put the month first ("12/25/2026"): English in the United States.
    package let monthFirst: Bool

    public init(locale: String = "en-US") {
        self.locale = locale
        self.tables = BuiltInLocaleTables.forLocale(locale)
        let region = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).dropFirst().first.map { $0.uppercased() }
        self.monthFirst = BuiltInLocaleTables.language(of: locale) == "en" && (region == nil || region == "US")
    }

    /// The tokenizer whose tokens this parser expects (same locale rules).
    public var tokenizer: Tokenizer { tables.tokenizer }

    // MARK: Whole spans

    /// Alexa's value when the whole of `tokens` is a value of `type`, else nil.
    ///
    /// A leading preposition that belongs to the carrier phrase ("on monday", "at seven",
    /// "for ten minutes") is allowed, so a slot answered on its own still parses.
    public func parse(type: String, tokens: ArraySlice<Token>, context: BuiltInContext = .init()) -> String? {
        guard let kind = BuiltInKind(typeName: type) else { return nil }
        return parse(kind: kind, tokens: tokens, context: context)
    }

    /// Alexa's value when the whole of `tokens` is a value of `kind`, else nil.
    public func parse(kind: BuiltInKind, tokens: ArraySlice<Token>, context: BuiltInContext = .init()) -> String? {
        guard !tokens.isEmpty else { return nil }
        let u = LexedUtterance(tokens: tokens, tables: tables)
        let n = u.count
        let scanner = NumberScanner(lexicon: tables.numbers, utterance: u)
        let cache = ReadingCache(scanner: scanner, numeric: u.numeric,
                                 wantDigits: kind != .ordinal,
                                 wantOrdinals: kind == .ordinal || kind == .date || (kind == .time && tables.dates.table.ordinalHours))
        var starts = [0]
        if n > 1, let k = u.words[0]?.keyword, Self.prepositions.contains(k) {
            starts.append(1)
            // "a las siete", "à la fin": a preposition and an article.
            if n > 2, u.words[1]?.keyword == .the, kind == .time || kind == .date { starts.append(2) }
        }
        if n > 1, u.words[0]?.keyword == .the, kind == .ordinal || kind == .time || kind == .date { starts.append(1) }
        for start in starts {
            if let v = value(kind, in: u, cache: cache, from: start, to: n, context: context) { return v }
        }
        return nil
    }

    /// Convenience: tokenizes `text` with this parser's tokenizer and parses it whole.
    public func parse(type: String, text: String, context: BuiltInContext = .init()) -> String? {
        parse(type: type, tokens: tokenizer.tokenize(text)[...], context: context)
    }

    private static let prepositions: Set<DateKeyword> = [.on, .in, .at, .for, .by, .around, .from, .until]
    /// Words after which a weak date reading is believed ("on may third", "in 2027").
    private static let dateSupport: Set<DateKeyword> = [.on, .in, .for, .by, .from, .until]
    /// Words after which a bare hour is a time ("at seven", "until nine").
    private static let timeSupport: Set<DateKeyword> = [.at, .by, .around, .from, .until]

    private func value(_ kind: BuiltInKind, in u: LexedUtterance, cache: ReadingCache, from start: Int, to end: Int,
                       context: BuiltInContext) -> String? {
        switch kind {
        case .number:
            return cache.numbers(start).last { $0.end == end && !$0.ordinal }?.numberValue
                ?? cache.digits(start).last { $0.end == end && $0.isSpokenDigitSequence }?.digits.text
        case .ordinal:
            return cache.ordinals(start).last { $0.end == end }.map { String($0.value) }
        case .fourDigitNumber:
            return fourDigit(cache, from: start).first { $0.end == end }?.digits.text
        case .phoneNumber:
            return cache.digits(start).last {
                $0.end == end && $0.digits.count >= 3 && $0.digits.count <= 15
            }?.digits.text
        case .date, .time, .duration:
            let grammar = DateTimeGrammar(u: u, cache: cache, numbers: tables.numbers, lexicon: tables.dates,
                                          now: context.localTime, monthFirst: monthFirst)
            var matches: [DateTimeGrammar.Match] = []
            switch kind {
            case .date: grammar.dates(at: start, into: &matches)
            case .time: grammar.times(at: start, into: &matches)
            default: grammar.durations(at: start, into: &matches)
            }
            // Prefer strong readings; among equals the first listed (the most specific rule).
            return (matches.first { $0.end == end && $0.strong } ?? matches.first { $0.end == end })?.value.text
        }
    }

    /// Four-digit readings at `start`: said as a number ("two thousand five"), in pairs
    /// ("nineteen ninety"), digit by digit ("six zero four five"), or typed.
    private func fourDigit(_ cache: ReadingCache, from start: Int) -> [DigitReading] {
        var out: [DigitReading] = []
        for r in cache.numbers(start) where r.isWhole && !r.ordinal && !r.fromLiteral && r.value >= 1000 && r.value <= 9999 {
            out.append(DigitReading(end: r.end, digits: DecimalDigits(String(r.value))!))
        }
        for d in cache.digits(start) where d.digits.count == 4 { out.append(d) }
        return out
    }

    // MARK: Readings at one place

    /// The numbers (`kind` `.number`) or ordinals (`.ordinal`) that begin at the first of
    /// `tokens`, as Alexa's value and how many tokens each takes, longest first; other kinds
    /// give none.
    ///
    /// For grammars that read a number at a given word and may back off to a shorter reading
    /// when the rest of their pattern does not fit ("one hundred five" as 105, or as 100 before
    /// the word "five"). Only prefixes the number scanner reads are offered: "twenty one" is 21
    /// alone. Unlike ``parse(kind:tokens:context:)`` no preposition or article is skipped: the
    /// reading starts exactly at the first token. A number that is the start of an ordinal at
    /// least as long ("twenty first", "三番目") is not a number, as in ``findSpans(in:types:context:)``.
    public func readings(of kind: BuiltInKind, startingAt tokens: ArraySlice<Token>) -> [(value: String, length: Int)] {
        guard !tokens.isEmpty, kind == .number || kind == .ordinal else { return [] }
        let u = LexedUtterance(tokens: tokens, tables: tables)
        guard u.numeric[0] else { return [] }
        let cache = ReadingCache(scanner: NumberScanner(lexicon: tables.numbers, utterance: u), numeric: u.numeric,
                                 wantDigits: false, wantOrdinals: true)
        // Readings come shortest first; of two that end together the later one is preferred.
        func longestFirst(_ readings: [(value: String, length: Int)]) -> [(value: String, length: Int)] {
            var seen = Set<Int>()
            return readings.reversed().filter { seen.insert($0.length).inserted }
        }
        let ordinals = cache.ordinals(0)
        if kind == .ordinal { return longestFirst(ordinals.map { (String($0.value), $0.end) }) }
        let numbers = cache.numbers(0).filter { !$0.ordinal }
        if let ordinal = ordinals.last, let number = numbers.last, ordinal.end >= number.end { return [] }
        return longestFirst(numbers.map { ($0.numberValue, $0.end) })
    }

    // MARK: Spans

    /// Every maximal span of the given types, for tagger features and for filling built-in
    /// slots. Within one type spans do not overlap (leftmost, then longest); spans of
    /// different types may. Sorted by start token, then type.
    ///
    /// Readings that need a preposition before them to be believed ("may", a bare "seven",
    /// "now", a bare year) are reported only after one (the preposition itself is not part of
    /// the span, except in "in the morning" and "in two days" where it carries meaning).
    public func findSpans(in tokens: [Token], types: Set<String>, context: BuiltInContext = .init()) -> [BuiltInSpan] {
        findSpans(in: tokens[...], kinds: BuiltInKinds(typeNames: types), context: context)
    }

    /// ``findSpans(in:types:context:)`` with the kinds as a bit set (no string hashing). Token
    /// ranges count from the start of the slice.
    public func findSpans(in tokens: ArraySlice<Token>, kinds: BuiltInKinds, context: BuiltInContext = .init()) -> [BuiltInSpan] {
        guard !tokens.isEmpty, kinds.rawValue != 0 else { return [] }
        let u = LexedUtterance(tokens: tokens, tables: tables)
        let wantsDates = kinds.contains(.date) || kinds.contains(.time) || kinds.contains(.duration)
        var anyNumeric = false
        for flag in u.numeric where flag { anyNumeric = true; break }
        var hasDateWords = false
        if wantsDates { for w in u.words where w != nil { hasDateWords = true; break } }
        guard anyNumeric || hasDateWords else { return [] }

        let scanner = NumberScanner(lexicon: tables.numbers, utterance: u)
        let cache = ReadingCache(
            scanner: scanner, numeric: u.numeric,
            wantDigits: kinds.contains(.phoneNumber) || kinds.contains(.fourDigitNumber) || kinds.contains(.date)
                || kinds.contains(.number),
            wantOrdinals: kinds.contains(.ordinal) || kinds.contains(.date) || kinds.contains(.number)
                || (kinds.contains(.time) && tables.dates.table.ordinalHours))
        var spans: [BuiltInSpan] = []
        if kinds.contains(.number) { numberSpans(u, cache, into: &spans) }
        if kinds.contains(.ordinal) { ordinalSpans(u, cache, into: &spans) }
        if kinds.contains(.phoneNumber) || kinds.contains(.fourDigitNumber) { digitSpans(u, cache, kinds: kinds, into: &spans) }
        if wantsDates { dateTimeSpans(u, cache, kinds: kinds, context: context, into: &spans) }
        spans.sort { ($0.tokens.lowerBound, $0.type) < ($1.tokens.lowerBound, $1.type) }
        return spans
    }

    /// AMAZON.NUMBER spans: numbers, and digits read out one by one, but not a number that
    /// begins an ordinal.
    private func numberSpans(_ u: LexedUtterance, _ cache: ReadingCache, into spans: inout [BuiltInSpan]) {
        let n = u.count
        var i = 0
        while i < n {
            // Digits read out one by one ("four one five two two") are one number, as on Alexa.
            if let spoken = cache.digits(i).last(where: \.isSpokenDigitSequence),
               spoken.end > (cache.numbers(i).last?.end ?? i) {
                spans.append(BuiltInSpan(tokens: i..<spoken.end, type: BuiltInKind.number.typeName, value: spoken.digits.text))
                i = spoken.end
                continue
            }
            guard let best = cache.numbers(i).last else { i += 1; continue }
            // A number that is part of an ordinal ("twenty first", 三番目, "3º") is not a NUMBER.
            if let ordinal = cache.ordinals(i).last, ordinal.end >= best.end {
                i = ordinal.end
                continue
            }
            if !best.ordinal {
                spans.append(BuiltInSpan(tokens: i..<best.end, type: BuiltInKind.number.typeName, value: best.numberValue))
            }
            i = best.end
        }
    }

    /// AMAZON.Ordinal spans.
    private func ordinalSpans(_ u: LexedUtterance, _ cache: ReadingCache, into spans: inout [BuiltInSpan]) {
        let n = u.count
        var i = 0
        while i < n {
            guard let best = cache.ordinals(i).last else { i += 1; continue }
            spans.append(BuiltInSpan(tokens: i..<best.end, type: BuiltInKind.ordinal.typeName, value: String(best.value)))
            i = best.end
        }
    }

    /// AMAZON.PhoneNumber (7 to 15 digits) and AMAZON.FOUR_DIGIT_NUMBER spans of the wanted `kinds`.
    private func digitSpans(_ u: LexedUtterance, _ cache: ReadingCache, kinds: BuiltInKinds, into spans: inout [BuiltInSpan]) {
        let n = u.count
        var i = 0
        while i < n {
            // A year said as a number in one word ("neunzehnhundertneunzig", "millenovecentonovanta")
            // has no digit-by-digit reading, but is a four-digit number all the same.
            guard let longest = cache.digits(i).last ?? fourDigit(cache, from: i).last else { i += 1; continue }
            let count = longest.digits.count
            if count >= 7 {
                if kinds.contains(.phoneNumber), count <= 15 {
                    spans.append(BuiltInSpan(tokens: i..<longest.end, type: BuiltInKind.phoneNumber.typeName,
                                             value: longest.digits.text))
                }
                i = longest.end
                continue
            }
            if kinds.contains(.fourDigitNumber),
               let best = fourDigit(cache, from: i).max(by: { $0.end < $1.end }), best.end >= longest.end {
                spans.append(BuiltInSpan(tokens: i..<best.end, type: BuiltInKind.fourDigitNumber.typeName, value: best.digits.text))
                i = best.end
                continue
            }
            i = longest.end
        }
    }

    /// AMAZON.DATE, TIME and DURATION spans of the wanted `kinds`: the longest reading at each
    /// token, a weak one only after a word that supports it.
    private func dateTimeSpans(_ u: LexedUtterance, _ cache: ReadingCache, kinds: BuiltInKinds, context: BuiltInContext,
                               into spans: inout [BuiltInSpan]) {
        let n = u.count
        let grammar = DateTimeGrammar(u: u, cache: cache, numbers: tables.numbers, lexicon: tables.dates,
                                      now: context.localTime, monthFirst: monthFirst)
        var matches: [DateTimeGrammar.Match] = []
        for kind in [BuiltInKind.date, .time, .duration] where kinds.contains(kind) {
            var i = 0
            while i < n {
                if u.words[i] == nil && !u.numeric[i] && !u.isNumberToken[i] { i += 1; continue }
                matches.removeAll(keepingCapacity: true)
                switch kind {
                case .date: grammar.dates(at: i, into: &matches)
                case .time: grammar.times(at: i, into: &matches)
                default: grammar.durations(at: i, into: &matches)
                }
                guard !matches.isEmpty else { i += 1; continue }
                let support = kind == .time ? Self.timeSupport : Self.dateSupport
                func supports(_ k: Int) -> Bool { k >= 0 && u.words[k]?.keyword.map { support.contains($0) } == true }
                // "at seven", "a las siete".
                let supported = supports(i - 1) || (i > 1 && u.words[i - 1]?.keyword == .the && supports(i - 2))
                var best: DateTimeGrammar.Match?
                for m in matches where m.strong || supported {
                    if best == nil || m.end > best!.end || (m.end == best!.end && m.strong && !best!.strong) { best = m }
                }
                if let best, let value = best.value.text {
                    spans.append(BuiltInSpan(tokens: i..<best.end, type: kind.typeName, value: value))
                    i = best.end
                } else {
                    i += 1
                }
            }
        }
    }
}
