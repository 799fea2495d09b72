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

    private var today: CivilDate { now.date }

    // MARK: Token helpers

    @inline(__always) private func info(_ i: Int) -> DateWordInfo? { i >= 0 && i < u.count ? u.words[i] : nil }
    @inline(__always) private func keyword(_ i: Int) -> DateKeyword? { info(i)?.keyword }
    @inline(__always) private func isKeyword(_ i: Int, _ k: DateKeyword) -> Bool { keyword(i) == k }


    /// The atom of the number word at token `i`, when the token is one whole phrase.
    private func atom(_ i: Int) -> NumberAtom? {
        guard i < u.count, u.numeric[i], u.literals[i] == nil else { return nil }
        let start = Int(u.pieceStart[i])
        guard let (atom, end) = numbers.longestPhrase(u.pieces, from: start),
              end == Int(u.pieceStart[i + 1]) else { return nil }
        return atom
    }

    @inline(__always) private func isArticle(_ i: Int) -> Bool { atom(i)?.kind == .article }

    /// Whether the word at `i` is a part of the day after a day ("heute Morgen") or after the
    /// words that lead one in ("am Morgen", "por la mañana").
    private func isLedInPartOfDay(_ i: Int) -> Bool {
        guard let w = info(i), w.partOfDay > 0 else { return false }
        if isDay(i - 1) { return true }
        for k in [i - 1, i - 2] where k >= 0 {
            if let p = partOfDay(k), p.start == i { return true }
        }
        return false
    }

    /// A day said in one word: "today", "tomorrow", a weekday.
    private func isDay(_ i: Int) -> Bool { info(i).map { $0.relativeDay != nil || $0.weekday > 0 } ?? false }

    /// "a", or the word for one where a language has no article apart from it ("un quarto",
    /// "eine halbe Stunde").
    private func isArticleOrOne(_ i: Int) -> Bool {
        guard let a = atom(i) else { return false }
        return a.kind == .article || (a.kind == .small && a.value == 1 && !a.ordinal)
    }

    /// The longest phrase of the table said from token `i` whose meaning `pick` takes, with
    /// what it picked and where the phrase ends. Phrases are sorted longest first.
    private func longestPhrase<T>(_ i: Int, _ pick: (DateTimeLexicon.Meaning) -> T?) -> (picked: T, end: Int)? {
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
    private func keywordEnd(_ i: Int, _ k: DateKeyword) -> Int? {
        if k != .agoBefore, keyword(i) == k { return i + 1 }
        return longestPhrase(i) { if case .keyword(let pk) = $0, pk == k { true } else { nil } }?.end
    }

    /// The token after `p` when `p` is a filler between a word and its modifier ("que" of "el
    /// lunes que viene", "の" of "次の月曜日"), else `p`.
    private func afterFiller(_ p: Int) -> Int {
        p < u.count && lexicon.modifierFillers.contains(u.folded(p)) ? p + 1 : p
    }

    /// A modifier said after its word ("prochain", "que viene"): the relation and where it ends.
    private func modifierAfter(_ p: Int) -> (relation: DateKeyword, end: Int)? {
        if let k = keyword(p), k == .next || k == .last { return (k, p + 1) }
        let q = afterFiller(p)
        if q > p, let k = keyword(q), k == .next || k == .last { return (k, q + 1) }
        return nil
    }

    /// The date word at token `i` and where it ends: one token, or the longest phrase that
    /// stands for one word ("月曜日", "時間": Japanese characters are tokens).
    private func word(_ i: Int) -> (info: DateWordInfo, end: Int)? {
        if let (w, end) = longestPhrase(i, { if case .word(let w) = $0 { w } else { nil } }) { return (w, end) }
        return info(i).map { ($0, i + 1) }
    }

    /// An am or pm said as a phrase of the table from `k` ("a m", "午後"): where it ends, and
    /// whether it is pm.
    private func amPmPhrase(_ k: Int) -> (end: Int, pm: Bool)? {
        longestPhrase(k) { m -> Bool? in
            switch m {
            case .am: false
            case .pm: true
            default: nil
            }
        }.map { ($0.end, $0.picked) }
    }

    /// The duration unit said from token `i` and where it ends.
    private func unitAt(_ i: Int) -> (unit: DurationUnit, end: Int)? {
        guard let (w, end) = word(i), let unit = w.unit else { return nil }
        return (unit, end)
    }

    /// Where a minute unit ends when one is said at `i` ("ten *minutes* to seven", "30分"), else `i`.
    private func afterMinuteUnit(_ i: Int) -> Int {
        if let (said, end) = unitAt(i), said == .minute { return end }
        return i
    }

    /// Calls `body` with each day of the month (1…31) said or typed from token `i`.
    private func daysOfMonth(_ i: Int, _ body: (_ end: Int, _ day: Int, _ ordinal: Bool) -> Void) {
        guard i < u.count, u.numeric[i] else { return }
        for o in cache.ordinals(i) where o.value >= 1 && o.value <= 31 { body(o.end, Int(o.value), true) }
        for r in cache.numbers(i) where !r.ordinal && r.isWhole && r.value >= 1 && r.value <= 31 {
            body(r.end, Int(r.value), false)
        }
    }

    /// Calls `body` with each year said or typed from token `i` ("twenty twenty seven",
    /// "two thousand five", "2027").
    private func years(_ i: Int, _ body: (_ end: Int, _ year: Int) -> Void) {
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

    private var mondayThisWeek: CivilDate { today.adding(days: 1 - today.isoWeekday) }

    /// The first day on or after today with this month and day (Feb 29 waits for a leap year).
    private func upcoming(month: Int, day: Int) -> CivilDate? {
        for y in today.year...(today.year + 8) where CivilDate.isValid(year: y, month: month, day: day) {
            let d = CivilDate(year: y, month: month, day: day)
            if d >= today { return d }
        }
        return nil
    }

    /// The first day on or after today that is the `day`th of its month: this month's, or the
    /// next month's that has it.
    private func upcoming(day: Int) -> CivilDate? {
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
    private func upcomingYear(month: Int) -> Int { month >= today.month ? today.year : today.year + 1 }

    // MARK: AMAZON.DATE

    /// Every date that starts at token `i`.
    func dates(at i: Int, into out: inout [Match]) {
        guard i < u.count else { return }
        let w = info(i)
        let weak = w?.weak ?? false

        // "today", "tomorrow", "now" — but not "Morgen" in "heute Morgen", "am Morgen" or
        // "mañana" in "por la mañana", where the word is the morning.
        if let offset = w?.relativeDay, !isLedInPartOfDay(i) {
            out.append(Match(end: i + 1, value: .date(today.adding(days: Int(offset))), strong: !weak))
        }
        // "the day after tomorrow", holidays.
        let named = longestPhrase(isKeyword(i, .the) ? i + 1 : i) { m -> DateTimeLexicon.Meaning? in
            switch m {
            case .relativeDay, .holiday: m
            default: nil
            }
        }
        switch named?.picked {
        case .relativeDay(let offset)? where named!.end > i + 1 || !isLedInPartOfDay(i):
            out.append(Match(end: named!.end, value: .date(today.adding(days: offset)), strong: true))
        case .holiday(let month, let day)?:
            let end = named!.end
            if let d = upcoming(month: month, day: day) { out.append(Match(end: end, value: .date(d), strong: true)) }
            years(end) { yEnd, y in
                if CivilDate.isValid(year: y, month: month, day: day) {
                    out.append(Match(end: yEnd, value: .date(CivilDate(year: y, month: month, day: day)), strong: true))
                }
            }
        default:
            break
        }
        if let w {
            modified(at: i, into: &out)
            modifiedAfter(at: i, into: &out)
            weekday(at: i, into: &out)
            if let end = keywordEnd(i, .weekend) { out.append(Match(end: end, value: .week(today, weekend: true), strong: true)) }
            if w.keyword == .the {
                // "the weekend", "the weekend after next".
                if let end = keywordEnd(i + 1, .weekend) {
                    out.append(Match(end: end, value: .week(today, weekend: true), strong: true))
                    if isKeyword(end, .after), isKeyword(end + 1, .next) {
                        out.append(Match(end: end + 2, value: .week(mondayThisWeek.adding(days: 14), weekend: true), strong: true))
                    }
                }
                // "the week after next".
                if info(i + 1)?.unit == .week, isKeyword(i + 2, .after), isKeyword(i + 3, .next) {
                    out.append(Match(end: i + 4, value: .week(mondayThisWeek.adding(days: 14), weekend: false), strong: true))
                }
            }
            if let (mw, mEnd) = word(i), mw.month > 0 { monthFirstDate(at: i, end: mEnd, month: Int(mw.month), weak: weak, into: &out) }
            if w.season > 0 { out.append(Match(end: i + 1, value: season(Int(w.season), relation: nil), strong: !weak)) }
        }
        dayFirstDate(at: i, into: &out)
        markedDate(at: i, into: &out)
        decade(at: i, into: &out)
        // A year on its own: "2027", "twenty twenty seven".
        years(i) { end, y in out.append(Match(end: end, value: .year(y), strong: false)) }
        offsets(at: i, into: &out)
        numeric(at: i, into: &out)
    }

    /// "next friday", "this week", "last month", "next year", "this weekend", "next summer".
    private func modified(at i: Int, into out: inout [Match]) {
        var found: (DateKeyword, Int)?
        for k in [DateKeyword.next, .this, .last] { if let end = keywordEnd(i, k) { found = (k, end); break } }
        guard let (k, kEnd) = found else { return }
        // "quest'anno": "this" and its word are one token.
        if k == .this, kEnd == i + 1, info(i)?.isModifiable == true {
            targets(at: i, relation: .this, nextWeeksDay: false, aheadAtLeast: 0) { end, value in
                out.append(Match(end: end, value: value, strong: true))
            }
            return
        }
        var j = kEnd
        var relation = k
        // "this coming friday".
        if k == .this, let end = keywordEnd(j, .next) { relation = .next; j = end }
        // "次の月曜日".
        j = afterFiller(j)
        let step = relation == .next ? 1 : (relation == .last ? -1 : 0)
        // "next friday": the Friday of next week.
        targets(at: j, relation: relation, nextWeeksDay: k == .next, aheadAtLeast: 0) { end, value in
            out.append(Match(end: end, value: value, strong: true))
            // "来週の月曜日", "next week monday": a day of that week.
            guard case .week(_, false) = value else { return }
            if let (w, wEnd) = word(afterFiller(end)), w.weekday > 0 {
                out.append(Match(end: wEnd, value: .date(mondayThisWeek.adding(days: 7 * step + Int(w.weekday) - 1)), strong: true))
            }
        }
    }

    /// The modifier after its word: "vendredi prochain", "la semaine prochaine", "el lunes que
    /// viene", "el mes pasado", "Saturday last". A weekday said with "next" after it is the
    /// next one after today.
    private func modifiedAfter(at i: Int, into out: inout [Match]) {
        let j = isKeyword(i, .the) ? i + 1 : i
        guard j < u.count, let w = info(j), w.keyword != .next, w.keyword != .last, w.keyword != .this else { return }
        // A target ends where its word or the weekend phrase ends; only a modifier there counts.
        let afterWord = word(j).flatMap { modifierAfter($0.end)?.relation }
        let afterWeekend = keywordEnd(j, .weekend).flatMap { modifierAfter($0)?.relation }
        for relation in [DateKeyword.next, .last] where relation == afterWord || relation == afterWeekend {
            targets(at: j, relation: relation, nextWeeksDay: false, aheadAtLeast: 1) { end, value in
                if let (r, mEnd) = modifierAfter(end), r == relation { out.append(Match(end: mEnd, value: value, strong: true)) }
            }
        }
    }

    /// Calls `body` with the end and value of each word at `j` that `relation` (next, this,
    /// last) can modify: a weekday, the weekend, a week, month, year or decade, a month's
    /// name, a season. `nextWeeksDay`: "next friday" is the Friday of next week; else the
    /// coming one, at least `aheadAtLeast` days away.
    private func targets(at j: Int, relation: DateKeyword, nextWeeksDay: Bool, aheadAtLeast: Int,
                         _ body: (_ end: Int, _ value: DateTimeValue) -> Void) {
        guard let (w, wEnd) = word(j) else { return }
        let step = relation == .next ? 1 : (relation == .last ? -1 : 0)
        if w.weekday > 0 {
            let wd = Int(w.weekday)
            let d: CivilDate
            if relation == .next && nextWeeksDay {
                d = mondayThisWeek.adding(days: 7 + wd - 1)
            } else if relation == .last {
                var back = today.isoWeekday - wd
                if back <= 0 { back += 7 }
                d = today.adding(days: -back)
            } else {
                var ahead = wd - today.isoWeekday
                if ahead < (relation == .next ? aheadAtLeast : 0) { ahead += 7 }
                d = today.adding(days: ahead)
            }
            body(wEnd, .date(d))
        }
        if let end = keywordEnd(j, .weekend) {
            body(end, .week(mondayThisWeek.adding(days: 7 * step), weekend: true))
        }
        switch w.unit {
        case .week?:
            body(wEnd, .week(mondayThisWeek.adding(days: 7 * step), weekend: false))
        case .month?:
            let d = CivilDate(year: today.year, month: today.month, day: 1).adding(months: step)
            body(wEnd, .month(year: d.year, month: d.month))
        case .year?:
            body(wEnd, .year(today.year + step))
        case .decade?:
            body(wEnd, .decade((today.year / 10 + step) * 10))
        default:
            break
        }
        if w.month > 0 {
            let m = Int(w.month)
            let year: Int
            switch relation {
            case .next: year = m > today.month ? today.year : today.year + 1
            case .last: year = m < today.month ? today.year : today.year - 1
            default: year = today.year
            }
            body(wEnd, .month(year: year, month: m))
        }
        if w.season > 0 { body(wEnd, season(Int(w.season), relation: relation)) }
    }

    /// "friday", "monday next week".
    private func weekday(at i: Int, into out: inout [Match]) {
        guard let (w, end) = word(i), w.weekday > 0 else { return }
        let wd = w.weekday
        var ahead = Int(wd) - today.isoWeekday
        if ahead < 0 { ahead += 7 }
        let strong = !(info(i)?.weak ?? false)
        out.append(Match(end: end, value: .date(today.adding(days: ahead)), strong: strong))
        if let k = keyword(end), k == .next || k == .this || k == .last, let (said, uEnd) = unitAt(end + 1), said == .week {
            let step = k == .next ? 1 : (k == .last ? -1 : 0)
            out.append(Match(end: uEnd, value: .date(mondayThisWeek.adding(days: 7 * step + Int(wd) - 1)), strong: true))
        }
    }

    /// Dates written with markers after the numbers: "2026年12月25日", "12月25日", "12月", "25日".
    private func markedDate(at i: Int, into out: inout [Match]) {
        let t = lexicon.table
        guard !t.monthMarker.isEmpty, i < u.count, u.numeric[i] else { return }
        func marked(_ end: Int, _ marker: String) -> Bool { end < u.count && u.folded(end) == marker }
        func monthAndDay(_ p: Int, year: Int?) {
            guard p < u.count, u.numeric[p] else { return }
            for r in cache.numbers(p) where r.isWhole && !r.ordinal && r.value >= 1 && r.value <= 12 && marked(r.end, t.monthMarker) {
                let month = Int(r.value)
                let y = year ?? upcomingYear(month: month)
                out.append(Match(end: r.end + 1, value: .month(year: y, month: month), strong: true))
                let dp = r.end + 1
                guard dp < u.count, u.numeric[dp] else { continue }
                for d in cache.numbers(dp) where d.isWhole && !d.ordinal && d.value >= 1 && d.value <= 31 && marked(d.end, t.dayMarker) {
                    let day = Int(d.value)
                    if let year, CivilDate.isValid(year: year, month: month, day: day) {
                        out.append(Match(end: d.end + 1, value: .date(CivilDate(year: year, month: month, day: day)), strong: true))
                    } else if year == nil, let date = upcoming(month: month, day: day) {
                        out.append(Match(end: d.end + 1, value: .date(date), strong: true))
                    }
                }
            }
        }
        monthAndDay(i, year: nil)
        years(i) { end, y in
            guard marked(end, t.yearMarker) else { return }
            out.append(Match(end: end + 1, value: .year(y), strong: true))
            monthAndDay(end + 1, year: y)
        }
        // "25日": a day of this month, or of the next month that has it when it has passed.
        for r in cache.numbers(i) where r.isWhole && !r.ordinal && r.value >= 1 && r.value <= 31 && marked(r.end, t.dayMarker) {
            if let c = upcoming(day: Int(r.value)) { out.append(Match(end: r.end + 1, value: .date(c), strong: true)) }
        }
    }

    /// "december", "december twenty fifth", "december the 25th 2027", "march 2027".
    private func monthFirstDate(at i: Int, end e: Int, month: Int, weak: Bool, into out: inout [Match]) {
        out.append(Match(end: e, value: .month(year: upcomingYear(month: month), month: month), strong: !weak))
        let j = isKeyword(e, .the) ? e + 1 : e
        daysOfMonth(j) { end, day, _ in
            if let d = upcoming(month: month, day: day) { out.append(Match(end: end, value: .date(d), strong: true)) }
            let k = isKeyword(end, .of) || isKeyword(end, .in) ? end + 1 : end
            years(k) { yEnd, y in
                if CivilDate.isValid(year: y, month: month, day: day) {
                    out.append(Match(end: yEnd, value: .date(CivilDate(year: y, month: month, day: day)), strong: true))
                }
            }
        }
        let k = isKeyword(e, .of) || isKeyword(e, .in) ? e + 1 : e
        years(k) { yEnd, y in out.append(Match(end: yEnd, value: .month(year: y, month: month), strong: true)) }
    }

    /// "the 25th of december", "25 december 2026", "the twenty fifth", "the 3rd".
    private func dayFirstDate(at i: Int, into out: inout [Match]) {
        let hasThe = isKeyword(i, .the)
        let j = hasThe ? i + 1 : i
        guard j < u.count, u.numeric[j] else { return }
        daysOfMonth(j) { end, day, ordinal in
            let k = isKeyword(end, .of) ? end + 1 : end
            if let (mw, mEnd) = word(k), mw.month > 0 {
                let month = Int(mw.month)
                if let d = upcoming(month: month, day: day) { out.append(Match(end: mEnd, value: .date(d), strong: true)) }
                let y0 = isKeyword(mEnd, .of) || isKeyword(mEnd, .in) ? mEnd + 1 : mEnd
                years(y0) { yEnd, y in
                    if CivilDate.isValid(year: y, month: month, day: day) {
                        out.append(Match(end: yEnd, value: .date(CivilDate(year: y, month: month, day: day)), strong: true))
                    }
                }
            } else if ordinal, let c = upcoming(day: day) {
                // A day of this month, or of the next month with that day when it has passed.
                out.append(Match(end: end, value: .date(c), strong: hasThe))
            }
        }
    }

    /// "the nineties" → 199X, "the nineteen eighties", "the 90s", "the 1990s", "the two thousands".
    private func decade(at i: Int, into out: inout [Match]) {
        let j = isKeyword(i, .the) ? i + 1 : i
        guard j < u.count else { return }
        if let d = info(j)?.decade, d >= 0 {
            out.append(Match(end: j + 1, value: .decade(decadeStart(century: nil, tens: Int(d))), strong: j > i))
        }
        guard u.numeric[j] else { return }
        // A century before the decade word: "nineteen nineties", "two thousands", "twenty tens".
        for r in cache.numbers(j) where r.isWhole && !r.ordinal && !r.fromLiteral {
            guard let d = info(r.end)?.decade, d >= 0 else { continue }
            let century: Int
            if d == 0 && r.value >= 1 && r.value <= 2 { century = Int(r.value) * 1000 }
            else if r.value >= 10 && r.value <= 29 { century = Int(r.value) * 100 }
            else { continue }
            out.append(Match(end: r.end + 1, value: .decade(decadeStart(century: century, tens: Int(d))), strong: true))
        }
        // Typed: "90s", "1990s", "'90s".
        if let lit = u.literals[j], lit.isPlainInteger, j + 1 < u.count, u.folded(j + 1) == "s",
           u.isAdjacent(j, j + 1, allowingOneSeparator: true), let v = lit.value, v % 10 == 0 {
            if lit.digits.utf8.count == 2 {
                out.append(Match(end: j + 2, value: .decade(decadeStart(century: nil, tens: Int(v / 10))), strong: true))
            } else if lit.digits.utf8.count == 4 {
                out.append(Match(end: j + 2, value: .decade(Int(v)), strong: true))
            }
        }
    }

    private func decadeStart(century: Int?, tens: Int) -> Int {
        if let century { return century + (century % 1000 == 0 && tens == 0 ? 0 : tens * 10) }
        if tens == 0 { return 2000 }
        // The latest such decade that has begun: "the twenties" in 2026 are the 2020s.
        let c = (today.year / 100) * 100
        return c + tens * 10 <= today.year ? c + tens * 10 : c - 100 + tens * 10
    }

    /// A season's value. Seasons start in March, June, September and December; a winter is
    /// labelled with the year of its December.
    private func season(_ season: Int, relation: DateKeyword?) -> DateTimeValue {
        let startMonth = [3, 6, 9, 12][season - 1]
        let currentIndex: Int, currentYear: Int
        switch today.month {
        case 3...5: (currentIndex, currentYear) = (1, today.year)
        case 6...8: (currentIndex, currentYear) = (2, today.year)
        case 9...11: (currentIndex, currentYear) = (3, today.year)
        case 12: (currentIndex, currentYear) = (4, today.year)
        default: (currentIndex, currentYear) = (4, today.year - 1)
        }
        let isCurrent = season == currentIndex
        // The label year of the next occurrence that has not started yet.
        let upcomingYear = startMonth > today.month ? today.year : today.year + 1
        let year: Int
        switch relation {
        case .next?: year = isCurrent ? currentYear + 1 : upcomingYear
        case .last?: year = isCurrent ? currentYear - 1 : upcomingYear - 1
        case .this?: year = isCurrent ? currentYear : today.year
        default: year = isCurrent ? currentYear : upcomingYear
        }
        return .season(year: year, season: season)
    }

    /// Calls `body` with each count said before a unit: a number, "a", "an", "a couple of".
    private func quantities(_ i: Int, _ body: (_ end: Int, _ value: Rational) -> Void) {
        fractions(i, body)
        guard i < u.count, u.numeric[i] else { return }
        if isArticle(i) {
            body(i + 1, Rational(1))
            if isKeyword(i + 1, .couple) { body(isKeyword(i + 2, .of) ? i + 3 : i + 2, Rational(2)) }
        }
        // Bounded so that duration arithmetic cannot overflow, whatever is typed.
        for r in cache.numbers(i) where !r.ordinal && !r.negative && r.value <= 1_000_000 && r.fraction.count <= 4 {
            if let q = Rational(integer: r.value, fraction: r.fraction) { body(r.end, q) }
        }
    }

    /// Calls `body` with each amount said with a fraction word: "डेढ़" (1½), "साढ़े तीन" (3½),
    /// "पौने चार" (3¾).
    private func fractions(_ i: Int, _ body: (_ end: Int, _ value: Rational) -> Void) {
        guard let w = info(i) else { return }
        if w.quarters != 0 { body(i + 1, Rational(Int64(w.quarters), 4)) }
        guard w.addsQuarters != 0, i + 1 < u.count, u.numeric[i + 1] else { return }
        for r in cache.numbers(i + 1) where r.isWhole && !r.ordinal && !r.negative && r.value >= 1 && r.value <= 1_000 {
            body(r.end, Rational(r.value * 4 + Int64(w.addsQuarters), 4))
        }
    }

    /// "साढ़े तीन बजे" (3:30), "डेढ़ बजे" (1:30), "पौने चार" (3:45): hours with a fraction.
    private func fractionalClock(at i: Int, into out: inout [Match]) {
        fractions(i) { end, q in
            let minutes = q.numerator * 60 / q.denominator
            guard minutes > 0, minutes < 13 * 60, minutes % 15 == 0 else { return }
            let value = DateTimeValue.time(hour: Int(minutes / 60), minute: Int(minutes % 60))
            if isKeyword(end, .oclock) { out.append(Match(end: end + 1, value: value, strong: true)) }
            out.append(Match(end: end, value: value, strong: false))
        }
    }

    /// Calls `body` with each amount of a unit said from token `i`: a count and its unit ("two
    /// days", "a week", "one and a half hours"), a word that is both ("يومين", "mezz'ora"), or
    /// a unit alone where that is one ("أسبوع").
    private func amountsOfUnit(_ i: Int, _ body: (_ end: Int, _ unit: DurationUnit, _ amount: Rational) -> Void) {
        quantities(i) { qEnd, q in
            if let (unit, end) = unitAt(qEnd) { body(end, unit, q) }
            // "one and a half hours", "two and half days".
            if q.isWhole, isKeyword(qEnd, .and) {
                let h = isArticle(qEnd + 1) ? qEnd + 2 : qEnd + 1
                if isKeyword(h, .half), let (unit, end) = unitAt(h + 1) { body(end, unit, q + Rational(1, 2)) }
            }
        }
        if let w = info(i), let unit = w.amountUnit { body(i + 1, unit, Rational(Int64(w.amountQuarters), 4)) }
        if lexicon.table.bareUnitIsOne, let (unit, end) = unitAt(i) { body(end, unit, Rational(1)) }
    }

    /// "in two days", "three weeks ago", "a week from today".
    private func offsets(at i: Int, into out: inout [Match]) {
        func apply(_ n: Int64, _ unit: DurationUnit, sign: Int) -> CivilDate? {
            let k = Int(n) * sign
            switch unit {
            case .day: return today.adding(days: k)
            case .week: return today.adding(days: 7 * k)
            case .fortnight: return today.adding(days: 14 * k)
            case .month: return today.adding(months: k)
            case .year: return today.adding(months: 12 * k)
            case .decade: return today.adding(months: 120 * k)
            default: return nil
            }
        }
        // "vor zwei Tagen", "hace dos días", "il y a deux jours".
        if let s = keywordEnd(i, .agoBefore) {
            amountsOfUnit(s) { end, unit, q in
                guard q.isWhole, q.numerator > 0, q.numerator < 10_000, let d = apply(q.numerator, unit, sign: -1) else { return }
                out.append(Match(end: end, value: .date(d), strong: true))
            }
        }
        // "in", "daqui a", "dentro de".
        var start = keywordEnd(i, .in) ?? i
        if start > i, isKeyword(start, .of) { start += 1 }
        amountsOfUnit(start) { uEnd, unit, q in
            guard q.isWhole, q.numerator > 0, q.numerator < 10_000 else { return }
            if start > i {
                if let d = apply(q.numerator, unit, sign: 1) { out.append(Match(end: uEnd, value: .date(d), strong: true)) }
                return
            }
            let end = uEnd - 1
            if isKeyword(end + 1, .ago), let d = apply(q.numerator, unit, sign: -1) {
                out.append(Match(end: end + 2, value: .date(d), strong: true))
            }
            // "3日後".
            if isKeyword(end + 1, .later), let d = apply(q.numerator, unit, sign: 1) {
                out.append(Match(end: end + 2, value: .date(d), strong: true))
            }
            if isKeyword(end + 1, .from) {
                let base: Int
                if isKeyword(end + 2, .now) { base = 0 }
                else if let r = info(end + 2)?.relativeDay { base = Int(r) }
                else { return }
                if let d = apply(q.numerator, unit, sign: 1) {
                    out.append(Match(end: end + 3, value: .date(d.adding(days: base)), strong: true))
                }
            }
        }
    }

    /// Typed dates: "2026-12-25", "12/25/2026" (month first in en-US), "25.12.2026", "12/25".
    private func numeric(at i: Int, into out: inout [Match]) {
        guard u.isNumberToken[i] else { return }
        guard let a = u.literals[i] else {
            let parts = u.tokens[u.tokens.startIndex + i].normalized.split(separator: ".")
            if parts.count == 3, let d = Int(parts[0]), let m = Int(parts[1]), let y = Int(parts[2]),
               parts[2].utf8.count == 4, CivilDate.isValid(year: y, month: m, day: d) {
                out.append(Match(end: i + 1, value: .date(CivilDate(year: y, month: m, day: d)), strong: true))
            }
            return
        }
        // "12/25" (month first in en-US), "25/12": the next such day.
        if i + 1 < u.count, let b = u.literals[i + 1], a.isPlainInteger, b.isPlainInteger,
           a.digits.utf8.count <= 2, b.digits.utf8.count <= 2, u.isAdjacent(i, i + 1, allowingOneSeparator: true),
           !(i + 2 < u.count && u.literals[i + 2] != nil && u.isAdjacent(i + 1, i + 2, allowingOneSeparator: true)),
           let av = a.value, let bv = b.value {
            let (m, d) = monthFirst ? (Int(av), Int(bv)) : (Int(bv), Int(av))
            if m >= 1, m <= 12, d >= 1, d <= 31, let date = upcoming(month: m, day: d) {
                out.append(Match(end: i + 2, value: .date(date), strong: true))
            }
        }
        guard i + 2 < u.count, let b = u.literals[i + 1], let c = u.literals[i + 2],
              a.isPlainInteger, b.isPlainInteger, c.isPlainInteger,
              u.isAdjacent(i, i + 1, allowingOneSeparator: true), u.isAdjacent(i + 1, i + 2, allowingOneSeparator: true),
              let av = a.value, let bv = b.value, let cv = c.value else { return }
        var y = 0, m = 0, d = 0
        if a.digits.utf8.count == 4 {
            (y, m, d) = (Int(av), Int(bv), Int(cv))
        } else if c.digits.utf8.count == 4 || c.digits.utf8.count == 2 {
            y = c.digits.utf8.count == 4 ? Int(cv) : 2000 + Int(cv)
            (m, d) = monthFirst ? (Int(av), Int(bv)) : (Int(bv), Int(av))
        } else {
            return
        }
        if CivilDate.isValid(year: y, month: m, day: d) {
            out.append(Match(end: i + 3, value: .date(CivilDate(year: y, month: m, day: d)), strong: true))
        }
    }

    // MARK: AMAZON.TIME

    /// Every time that starts at token `i`.
    func times(at i: Int, into out: inout [Match]) {
        guard i < u.count else { return }
        if let w = info(i) {
            if let end = keywordEnd(i, .noon) { out.append(Match(end: end, value: .time(hour: 12, minute: 0), strong: true)) }
            // "午後3時": am or pm before the hour.
            if let (end, pm) = amPmPhrase(i) { prefixed(pm: pm, at: end, into: &out) }
            if let end = keywordEnd(i, .midnight) { out.append(Match(end: end, value: .time(hour: 0, minute: 0), strong: true)) }
            if w.keyword == .now {
                out.append(Match(end: i + 1, value: .time(hour: now.hour, minute: now.minute), strong: false))
            }
            if let (part, start, end) = partOfDay(i) {
                // "morgen", "mañana" on their own are tomorrow (a date), the morning only after
                // a day ("heute Morgen", "Montag Morgen") or led in ("am Morgen", "por la mañana").
                let tomorrow = start == i && w.relativeDay != nil && !isDay(i - 1)
                out.append(Match(end: end, value: .partOfDay(part), strong: !tomorrow))
                // "शाम 5 बजे", "evening 7": the part of the day before the hour says am or pm.
                if start == i && lexicon.table.partOfDayBeforeHour { prefixed(pm: part >= 2, at: end, into: &out) }
            }
        }
        fractionalClock(at: i, into: &out)
        // "الساعة السابعة": o'clock before the hour.
        if lexicon.table.ordinalHours, isKeyword(i, .oclock) {
            var inner: [Match] = []
            clock(at: i + 1, into: &inner)
            out += inner.map { Match(end: $0.end, value: $0.value, strong: true) }
        }
        guard u.numeric[i] || isKeyword(i, .quarter) || isKeyword(i, .half) else { return }
        if let a = atom(i), a.kind == .small, a.value == 12, !a.ordinal {
            if isKeyword(i + 1, .noon) { out.append(Match(end: i + 2, value: .time(hour: 12, minute: 0), strong: true)) }
            if isKeyword(i + 1, .midnight) { out.append(Match(end: i + 2, value: .time(hour: 0, minute: 0), strong: true)) }
        }
        clock(at: i, into: &out)
        relativeClock(at: i, into: &out)
    }

    /// The times of a 12-hour clock said from token `k`, after a word that says am or pm
    /// before them ("午後3時", "शाम 5 बजे").
    private func prefixed(pm: Bool, at k: Int, into out: inout [Match]) {
        var inner: [Match] = []
        clock(at: k, into: &inner)
        fractionalClock(at: k, into: &inner)
        for m in inner {
            guard case .time(let h, let minute) = m.value, h >= 1, h <= 12 else { continue }
            out.append(Match(end: m.end, value: .time(hour: Self.twentyFourHour(h, pm: pm), minute: minute), strong: true))
        }
    }

    /// A time said up to token `end`, and the same with the am/pm marker after it when one
    /// follows (only for hours 1…12).
    private func appendTime(hour: Int, minute: Int, end: Int, strong: Bool, into out: inout [Match]) {
        if let (mEnd, pm) = meridiem(end), hour >= 1 && hour <= 12 {
            out.append(Match(end: mEnd, value: .time(hour: Self.twentyFourHour(hour, pm: pm), minute: minute), strong: true))
        }
        if hour <= 23 { out.append(Match(end: end, value: .time(hour: hour, minute: minute), strong: strong)) }
    }

    /// The hour before `hour` on the clock it is said on: 1 → 12, 0 → 23.
    private static func hour(before hour: Int) -> Int { hour == 0 ? 23 : (hour == 1 ? 12 : hour - 1) }

    /// An hour of a 12-hour clock (1…12) on a 24-hour one: 12 am is 0, 12 pm is 12.
    private static func twentyFourHour(_ hour: Int, pm: Bool) -> Int {
        pm ? (hour == 12 ? 12 : hour + 12) : (hour == 12 ? 0 : hour)
    }

    /// A part of the day said from token `k`, alone or after the words that lead it in: "morning",
    /// "this evening", "the afternoon", "in the morning", "at night", "por la mañana", "am
    /// Abend", "de la tarde", "du soir". Its number (1 morning … 4 night), where the part's own
    /// word starts, and where it ends.
    private func partOfDay(_ k: Int) -> (part: Int, start: Int, end: Int)? {
        guard let w = info(k) else { return nil }
        var j = k
        switch w.keyword {
        case .in?, .for?, .of?: j += isKeyword(k + 1, .the) ? 2 : (w.keyword == .of ? 1 : 0)
        case .at?, .this?, .the?, .on?: j += 1
        default: break
        }
        guard let (pw, end) = word(j), pw.partOfDay > 0 else { return nil }
        return (Int(pw.partOfDay), j, end)
    }

    /// Whether an am/pm marker follows at `k`: (end, isPM). A part of the day after noon is pm.
    private func meridiem(_ k: Int) -> (end: Int, pm: Bool)? {
        guard let w = info(k) else { return nil }
        if w.keyword == .am { return (k + 1, false) }
        if w.keyword == .pm { return (k + 1, true) }
        // The longer of the two: "午前中" (the morning) is a part of the day that starts with "午前" (am).
        let phrase = amPmPhrase(k)
        let part = partOfDay(k).map { (end: $0.end, pm: $0.part >= 2) }
        if let phrase, let part { return part.end > phrase.end ? part : phrase }
        return phrase ?? part
    }

    /// Calls `body` with each hour said or typed at `i`, with the minute when typed ("7:30").
    private func hours(_ i: Int, _ body: (_ end: Int, _ hour: Int, _ minute: Int?) -> Void) {
        guard i < u.count else { return }
        if let lit = u.literals[i] {
            if let clock = lit.clock { body(i + 1, clock.hour, clock.minute) }
            else if lit.isPlainInteger, lit.digits.utf8.count <= 2, let v = lit.value, v <= 24 { body(i + 1, Int(v), nil) }
            return
        }
        guard u.numeric[i] else { return }
        for r in cache.numbers(i) where r.isWhole && !r.ordinal && r.value <= 24 { body(r.end, Int(r.value), nil) }
        // "السابعة" (the seventh) is seven o'clock.
        if lexicon.table.ordinalHours {
            for o in cache.ordinals(i) where o.value >= 1 && o.value <= 12 { body(o.end, Int(o.value), nil) }
        }
    }

    /// "seven thirty pm", "7:30", "10 am", "six o'clock", "fourteen hundred hours", "seven oh five".
    private func clock(at i: Int, into out: inout [Match]) {
        hours(i) { hEnd, hour, typedMinute in
            func emitHour(_ hour: Int, _ mEnd: Int, _ minute: Int, _ strong: Bool) {
                appendTime(hour: hour, minute: minute, end: mEnd, strong: strong, into: &out)
            }
            func emit(_ mEnd: Int, _ minute: Int, _ strong: Bool) { emitHour(hour, mEnd, minute, strong) }
            if let m = typedMinute { emit(hEnd, m, true); return }
            emit(hEnd, 0, false)
            guard hEnd < u.count else { return }
            if lexicon.table.hourFirstClock { minutesAfterHour(hEnd, hour, emitHour) }
            if isKeyword(hEnd, .oclock) {
                emit(hEnd + 1, 0, true)
                // "sieben Uhr dreißig", "sept heures trente", "sept heures et quart".
                if hEnd + 1 < u.count, u.numeric[hEnd + 1] {
                    for r in cache.numbers(hEnd + 1) where r.isWhole && !r.ordinal && r.value >= 1 && r.value < 60 {
                        emit(afterMinuteUnit(r.end), Int(r.value), true)
                    }
                }
                // "3時半".
                if isKeyword(hEnd + 1, .half) { emit(hEnd + 2, 30, true) }
                if lexicon.table.hourFirstClock { minutesAfterHour(hEnd + 1, hour, emitHour) }
            }
            if let a = atom(hEnd) {
                if a.kind == .multiplier, a.value == 100 {
                    emit(isKeyword(hEnd + 1, .hours) ? hEnd + 2 : hEnd + 1, 0, true)
                }
                if a.kind == .zeroDigit, let b = atom(hEnd + 1), b.kind == .small, !b.ordinal, b.value >= 1, b.value <= 9 {
                    emit(hEnd + 2, Int(b.value), true)
                }
            }
            if u.literals[i] != nil {
                // "7 30": typed minutes after typed hours.
                if let lit = u.literals[hEnd], lit.isPlainInteger, lit.digits.utf8.count == 2, let v = lit.value, v < 60 {
                    emit(hEnd + 1, Int(v), true)
                }
            } else if u.numeric[hEnd] {
                for r in cache.numbers(hEnd) where r.isWhole && !r.ordinal && !r.fromLiteral && r.value >= 10 && r.value < 60 {
                    emit(r.end, Int(r.value), true)
                }
            }
        }
    }

    /// Minutes said after the hour with "and" or "minus" from token `p`: "y media", "et
    /// quart", "e un quarto", "y diez", "menos cuarto", "moins le quart", "meno dieci".
    private func minutesAfterHour(_ p: Int, _ hour: Int, _ emit: (_ hour: Int, _ end: Int, _ minute: Int, _ strong: Bool) -> Void) {
        // "السابعة والنصف": "and" written onto the half.
        if isKeyword(p, .half) { emit(hour, p + 1, 30, true) }
        if isKeyword(p, .quarter) { emit(hour, p + 1, 15, true) }
        if isKeyword(p, .third) { emit(hour, p + 1, 20, true) }
        let k: DateKeyword
        var numbersAfter: ArraySlice<NumberReading> = []
        var amounts: [(end: Int, minutes: Int)] = []
        if let afterAnd = conjunctionPrefixEnd(p) {
            // "السابعة وعشر دقائق": "and" written onto the minutes.
            k = .and
            var readings: [NumberReading] = []
            NumberScanner(lexicon: numbers, utterance: u).readings(from: p, firstPiece: afterAnd, into: &readings)
            numbersAfter = readings[...]
        } else {
            guard let said = keyword(p), said == .and || said == .minus else { return }
            k = said
            var q = p + 1
            if isArticleOrOne(q) || isKeyword(q, .the) { q += 1 }
            if isKeyword(q, .quarter) { amounts.append((q + 1, 15)) }
            if isKeyword(q, .third) { amounts.append((q + 1, 20)) }
            if k == .and && isKeyword(q, .half) { amounts.append((q + 1, 30)) }
            if p + 1 < u.count, u.numeric[p + 1] { numbersAfter = cache.numbers(p + 1) }
        }
        for r in numbersAfter where r.isWhole && !r.ordinal && r.value >= 1 && r.value <= (k == .and ? 59 : 30) {
            amounts.append((afterMinuteUnit(r.end), Int(r.value)))
        }
        for (end, minutes) in amounts {
            if k == .and { emit(hour, end, minutes, true) } else { emit(Self.hour(before: hour), end, 60 - minutes, true) }
        }
    }

    /// Where the number pieces of token `p` go on after a conjunction written onto its front
    /// (Arabic "و" in "وعشر"), or nil when the token does not start with one.
    private func conjunctionPrefixEnd(_ p: Int) -> Int? {
        guard p < u.count, u.numeric[p], !numbers.conjunctionPrefixes.isEmpty else { return nil }
        let start = Int(u.pieceStart[p])
        guard let (atom, end) = numbers.longestPhrase(u.pieces, from: start), atom.kind == .conjunction,
              end < Int(u.pieceStart[p + 1]) else { return nil }
        return end
    }

    /// "quarter past six", "half past seven pm", "ten to seven", "twenty five after five";
    /// German "halb acht" (7:30).
    private func relativeClock(at i: Int, into out: inout [Match]) {
        func relation(_ mEnd: Int, _ minutes: Int) {
            guard let k = keyword(mEnd) else { return }
            let before: Bool
            switch k {
            case .past, .after: before = false
            case .to, .of, .before, .until: before = true
            default: return
            }
            // "quinze para as oito".
            let h0 = isKeyword(mEnd + 1, .the) || isKeyword(mEnd + 1, .at) ? mEnd + 2 : mEnd + 1
            hours(h0) { hEnd, hour, typedMinute in
                guard typedMinute == nil, hour >= 1, hour <= 12 else { return }
                appendTime(hour: before ? Self.hour(before: hour) : hour, minute: before ? 60 - minutes : minutes,
                           end: hEnd, strong: true, into: &out)
            }
        }
        let j = isArticle(i) ? i + 1 : i
        if isKeyword(j, .quarter) { relation(j + 1, 15) }
        if isKeyword(i, .half) {
            if lexicon.table.halfBeforeHour {
                hours(i + 1) { hEnd, hour, typedMinute in
                    guard typedMinute == nil, hour >= 1, hour <= 12 else { return }
                    appendTime(hour: Self.hour(before: hour), minute: 30, end: hEnd, strong: true, into: &out)
                }
            } else {
                relation(i + 1, 30)
            }
        }
        if u.numeric[i], u.literals[i] == nil || u.literals[i]?.isPlainInteger == true {
            for r in cache.numbers(i) where r.isWhole && !r.ordinal && r.value >= 1 && r.value <= 30 {
                relation(r.end, Int(r.value))
                let m = afterMinuteUnit(r.end)
                if m > r.end { relation(m, Int(r.value)) }
            }
        }
    }

    // MARK: AMAZON.DURATION

    /// Every duration that starts at token `i`.
    func durations(at i: Int, into out: inout [Match]) {
        guard u.numeric[i] || isKeyword(i, .half) || isKeyword(i, .quarter) || info(i)?.quarters ?? 0 != 0
                || info(i)?.addsQuarters ?? 0 != 0 || info(i)?.amountUnit != nil || (lexicon.table.bareUnitIsOne && unitAt(i) != nil)
        else { return }
        var amounts = DurationAmounts()
        var j = i
        var count = 0
        while count < 6, let (end, unit, q) = longestComponent(j) {
            amounts.add(unit, q)
            count += 1
            out.append(Match(end: end, value: .duration(amounts), strong: true))
            j = end
            if isKeyword(j, .and), longestComponent(j + 1) != nil { j += 1 }
        }
    }

    /// The longest single duration part at `i` ("ten minutes", "an hour and a half",
    /// "half an hour", "one and a half hours", "a quarter of an hour").
    private func longestComponent(_ i: Int) -> (end: Int, unit: DurationUnit, amount: Rational)? {
        guard i < u.count else { return nil }
        var best: (end: Int, unit: DurationUnit, amount: Rational)?
        func consider(_ end: Int, _ unit: DurationUnit, _ q: Rational) {
            if best == nil || end > best!.end { best = (end, unit, q) }
        }
        // "half an hour", "half a day", "half hour".
        if isKeyword(i, .half) {
            let j = isArticle(i + 1) ? i + 2 : i + 1
            if let (unit, end) = unitAt(j) { consider(end, unit, Rational(1, 2)) }
        }
        // "une demi-heure".
        if isArticleOrOne(i), let w = info(i + 1), let unit = w.amountUnit, w.amountQuarters < 4 {
            consider(i + 2, unit, Rational(Int64(w.amountQuarters), 4))
        }
        // "a half hour", "eine halbe Stunde".
        if isArticleOrOne(i), isKeyword(i + 1, .half), let (unit, end) = unitAt(i + 2) { consider(end, unit, Rational(1, 2)) }
        // "a quarter of an hour", "three quarters of an hour", "quarter hour".
        func quarters(_ qi: Int, _ n: Int64) {
            var j = qi + 1
            if isKeyword(j, .of) { j += 1 }
            if isArticle(j) { j += 1 }
            if let (unit, end) = unitAt(j), unit == .hour { consider(end, .hour, Rational(n, 4)) }
        }
        if isKeyword(i, .quarter) { quarters(i, 1) }
        if isArticle(i), isKeyword(i + 1, .quarter) { quarters(i + 1, 1) }
        if u.numeric[i] {
            for r in cache.numbers(i) where r.isWhole && !r.ordinal && r.value >= 1 && r.value <= 3 {
                if isKeyword(r.end, .quarters) || isKeyword(r.end, .quarter) { quarters(r.end, r.value) }
            }
        }
        amountsOfUnit(i) { end, unit, q in
            consider(end, unit, q)
            guard q.isWhole else { return }
            // "an hour and a half", "un'ora e mezza", "1時間半", "ساعة ونصف".
            if isKeyword(end, .and) {
                let h = isArticle(end + 1) ? end + 2 : end + 1
                if isKeyword(h, .half) { consider(h + 1, unit, q + Rational(1, 2)) }
            }
            if isKeyword(end, .half) { consider(end + 1, unit, q + Rational(1, 2)) }
        }
        return best
    }
}
