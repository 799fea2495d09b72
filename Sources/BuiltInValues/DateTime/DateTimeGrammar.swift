/// The grammars of AMAZON.DATE, AMAZON.TIME and AMAZON.DURATION over a lexed utterance.
///
/// Each grammar lists every match that starts at a token, with the token it ends at and
/// the value; callers keep the longest (span finding) or the one that covers the whole span
/// (parsing). Words come from the locale's ``DateTimeTable``; the grammar only knows their
/// roles, so a locale with its own words reuses it. Numbers come from a ``ReadingCache``
/// read once per utterance. A class, so that the closures its rules pass around capture one
/// reference instead of copying every array it holds.
final class DateTimeGrammar {
    let u: LexedUtterance
    let cache: ReadingCache
    let numbers: NumberLexicon
    let lexicon: DateTimeLexicon
    let now: LocalDateTime
    /// Typed dates put the month first ("12/25/2026").
    let monthFirst: Bool

    init(u: LexedUtterance, cache: ReadingCache, numbers: NumberLexicon, lexicon: DateTimeLexicon,
         now: LocalDateTime, monthFirst: Bool) {
        self.u = u
        self.cache = cache
        self.numbers = numbers
        self.lexicon = lexicon
        self.now = now
        self.monthFirst = monthFirst
    }

    /// One way a value can be read from a token on.
    struct Match: Sendable, Equatable {
        var end: Int
        var value: DateTimeValue
        /// False for readings that need support from context ("may", a bare hour, "now").
        var strong: Bool
    }

    var today: CivilDate { now.date }

    // MARK: Token helpers

    @inline(__always) func info(_ i: Int) -> DateWordInfo? { i >= 0 && i < u.count ? u.words[i] : nil }
    @inline(__always) func keyword(_ i: Int) -> DateKeyword? { info(i)?.keyword }
    @inline(__always) func isKeyword(_ i: Int, _ k: DateKeyword) -> Bool { keyword(i) == k }


    /// The atom of the number word at token `i`, when the token is one whole phrase.
    func atom(_ i: Int) -> NumberAtom? {
        guard i < u.count, u.numeric[i], u.literals[i] == nil else { return nil }
        let start = Int(u.pieceStart[i])
        guard let (atom, end) = numbers.longestPhrase(u.pieces, from: start),
              end == Int(u.pieceStart[i + 1]) else { return nil }
        return atom
    }

    @inline(__always) func isArticle(_ i: Int) -> Bool { atom(i)?.kind == .article }

    /// Whether the word at `i` is a part of the day after a day ("heute Morgen") or after the
    /// words that lead one in ("am Morgen", "por la mañana").
    func isLedInPartOfDay(_ i: Int) -> Bool {
        guard let w = info(i), w.partOfDay > 0 else { return false }
        if isDay(i - 1) { return true }
        for k in [i - 1, i - 2] where k >= 0 {
            if let p = partOfDay(k), p.start == i { return true }
        }
        return false
    }

    /// A day said in one word: "today", "tomorrow", a weekday.
    func isDay(_ i: Int) -> Bool { info(i).map { $0.relativeDay != nil || $0.weekday > 0 } ?? false }

    /// "a", or the word for one where a language has no article apart from it ("un quarto",
    /// "eine halbe Stunde").
    func isArticleOrOne(_ i: Int) -> Bool {
        guard let a = atom(i) else { return false }
        return a.kind == .article || (a.kind == .small && a.value == 1 && !a.ordinal)
    }

    /// The longest phrase of the table said from token `i` whose meaning `pick` takes, with
    /// what it picked and where the phrase ends. Phrases are sorted longest first.
    func longestPhrase<T>(_ i: Int, _ pick: (DateTimeLexicon.Meaning) -> T?) -> (picked: T, end: Int)? {
        guard info(i)?.startsPhrase == true, let candidates = lexicon.phrases[u.folded(i)] else { return nil }
        for phrase in candidates where i + phrase.words.count <= u.count {
            guard let picked = pick(phrase.meaning) else { continue }
            var ok = true
            for (n, w) in phrase.words.enumerated() where n > 0 && u.folded(i + n) != w { ok = false; break }
            if ok { return (picked, i + phrase.words.count) }
        }
        return nil
    }

    /// Where keyword `k` said from token `i` ends: one word, or a phrase of the table
    /// ("fin de semana", "il y a").
    func keywordEnd(_ i: Int, _ k: DateKeyword) -> Int? {
        if k != .agoBefore, keyword(i) == k { return i + 1 }
        return longestPhrase(i) { if case .keyword(let pk) = $0, pk == k { true } else { nil } }?.end
    }

    /// The token after `p` when `p` is a filler between a word and its modifier ("que" of "el
    /// lunes que viene", "の" of "次の月曜日"), else `p`.
    func afterFiller(_ p: Int) -> Int {
        p < u.count && lexicon.modifierFillers.contains(u.folded(p)) ? p + 1 : p
    }

    /// A modifier said after its word ("prochain", "que viene"): the relation and where it ends.
    func modifierAfter(_ p: Int) -> (relation: DateKeyword, end: Int)? {
        if let k = keyword(p), k == .next || k == .last { return (k, p + 1) }
        let q = afterFiller(p)
        if q > p, let k = keyword(q), k == .next || k == .last { return (k, q + 1) }
        return nil
    }

    /// The date word at token `i` and where it ends: one token, or the longest phrase that
    /// stands for one word ("月曜日", "時間": Japanese characters are tokens).
    func word(_ i: Int) -> (info: DateWordInfo, end: Int)? {
        if let (w, end) = longestPhrase(i, { if case .word(let w) = $0 { w } else { nil } }) { return (w, end) }
        return info(i).map { ($0, i + 1) }
    }

    /// An am or pm said as a phrase of the table from `k` ("a m", "午後"): where it ends, and
    /// whether it is pm.
    func amPmPhrase(_ k: Int) -> (end: Int, pm: Bool)? {
        longestPhrase(k) { m -> Bool? in
            switch m {
            case .am: false
            case .pm: true
            default: nil
            }
        }.map { ($0.end, $0.picked) }
    }

    /// The duration unit said from token `i` and where it ends.
    func unitAt(_ i: Int) -> (unit: DurationUnit, end: Int)? {
        guard let (w, end) = word(i), let unit = w.unit else { return nil }
        return (unit, end)
    }

    /// Where a minute unit ends when one is said at `i` ("ten *minutes* to seven", "30分"), else `i`.
    func afterMinuteUnit(_ i: Int) -> Int {
        if let (said, end) = unitAt(i), said == .minute { return end }
        return i
    }

    /// Calls `body` with each day of the month (1…31) said or typed from token `i`.
    func daysOfMonth(_ i: Int, _ body: (_ end: Int, _ day: Int, _ ordinal: Bool) -> Void) {
        guard i < u.count, u.numeric[i] else { return }
        for o in cache.ordinals(i) where o.value >= 1 && o.value <= 31 { body(o.end, Int(o.value), true) }
        for r in cache.numbers(i) where !r.ordinal && r.isWhole && r.value >= 1 && r.value <= 31 {
            body(r.end, Int(r.value), false)
        }
    }

    /// Calls `body` with each year said or typed from token `i` ("twenty twenty seven",
    /// "two thousand five", "2027").
    func years(_ i: Int, _ body: (_ end: Int, _ year: Int) -> Void) {
        guard i < u.count, u.numeric[i] else { return }
        for d in cache.digits(i) where d.digits.count == 4 {
            let y = Int(d.digits.value)
            guard y >= 1000, y <= 2999 else { continue }
            // Digit by digit ("two zero two six") is a PIN, not how people say years; typed, a
            // year is one token ("13/25" is no year 1325).
            if d.end - i >= 4 && u.literals[i] == nil { continue }
            if u.literals[i] != nil && d.end != i + 1 { continue }
            body(d.end, y)
        }
        for r in cache.numbers(i) where !r.ordinal && r.isWhole && !r.fromLiteral && r.value >= 1000 && r.value <= 2999 {
            body(r.end, Int(r.value))
        }
    }

    var mondayThisWeek: CivilDate { today.adding(days: 1 - today.isoWeekday) }

    /// The first day on or after today with this month and day (Feb 29 waits for a leap year).
    func upcoming(month: Int, day: Int) -> CivilDate? {
        for y in today.year...(today.year + 8) where CivilDate.isValid(year: y, month: month, day: day) {
            let d = CivilDate(year: y, month: month, day: day)
            if d >= today { return d }
        }
        return nil
    }

    /// The first day on or after today that is the `day`th of its month: this month's, or the
    /// next month's that has it.
    func upcoming(day: Int) -> CivilDate? {
        var probe = CivilDate(year: today.year, month: today.month, day: 1)
        for _ in 0..<3 {
            if CivilDate.isValid(year: probe.year, month: probe.month, day: day) {
                let c = CivilDate(year: probe.year, month: probe.month, day: day)
                if c >= today { return c }
            }
            probe = probe.adding(months: 1)
        }
        return nil
    }

    /// The year of the next `month` that has not ended: this year's, or next year's.
    func upcomingYear(month: Int) -> Int { month >= today.month ? today.year : today.year + 1 }
}
