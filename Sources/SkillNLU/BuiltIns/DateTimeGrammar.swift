/// The grammars of AMAZON.DATE, AMAZON.TIME and AMAZON.DURATION over a lexed utterance.
///
/// Each grammar lists every match that starts at a token, with the token it ends at and
/// Alexa's value; callers keep the longest (span finding) or the one that covers the whole
/// span (parsing). Words come from the locale's ``DateTimeTable``; the grammar only knows
/// their roles, so a locale with its own words reuses it.
struct DateTimeGrammar {
    let u: LexedUtterance
    let numbers: NumberScanner
    let lexicon: DateTimeLexicon
    let now: LocalDateTime
    /// Typed dates put the month first ("12/25/2026").
    let monthFirst: Bool

    /// One way a value can be read from a token on.
    struct Match: Sendable, Equatable {
        var end: Int
        var value: String
        /// False for readings that need support from context ("may", a bare hour, "now").
        var strong: Bool
    }

    var today: CivilDate { now.date }

    // MARK: Token helpers

    @inline(__always) func info(_ i: Int) -> DateWordInfo? { i >= 0 && i < u.count ? u.words[i] : nil }
    @inline(__always) func keyword(_ i: Int) -> DateKeyword? { info(i)?.keyword }
    @inline(__always) func isKeyword(_ i: Int, _ k: DateKeyword) -> Bool { keyword(i) == k }

    private func numberReadings(_ i: Int) -> [NumberReading] {
        guard i < u.count else { return [] }
        var out: [NumberReading] = []
        numbers.readings(from: i, into: &out)
        return out
    }

    /// The atom of the number word at token `i`, when the token is one whole phrase.
    private func atom(_ i: Int) -> NumberAtom? {
        guard i < u.count else { return nil }
        let start = Int(u.pieceStart[i])
        guard let (atom, end) = numbers.lexicon.longestPhrase(u.pieces, from: start),
              end == Int(u.pieceStart[i + 1]) else { return nil }
        return atom
    }

    /// Phrases (holidays, "day after tomorrow", "a m") that start at token `i`.
    private func phrases(_ i: Int) -> [(meaning: DateTimeLexicon.Meaning, end: Int)] {
        guard i < u.count, let candidates = lexicon.phrases[u.folded(i)] else { return [] }
        var out: [(DateTimeLexicon.Meaning, Int)] = []
        for phrase in candidates where i + phrase.words.count <= u.count {
            var ok = true
            for (k, w) in phrase.words.enumerated() where u.folded(i + k) != w { ok = false; break }
            if ok { out.append((phrase.meaning, i + phrase.words.count)) }
        }
        return out
    }

    /// Days of the month (1…31) said or typed from token `i`: (end, day, was ordinal).
    private func daysOfMonth(_ i: Int) -> [(end: Int, day: Int, ordinal: Bool)] {
        var out: [(Int, Int, Bool)] = []
        var ords: [(end: Int, value: Int64)] = []
        numbers.ordinalReadings(from: i, into: &ords)
        for o in ords where o.value >= 1 && o.value <= 31 { out.append((o.end, Int(o.value), true)) }
        for r in numberReadings(i) where !r.ordinal && r.isWhole && r.value >= 1 && r.value <= 31 {
            out.append((r.end, Int(r.value), false))
        }
        return out
    }

    /// Years said or typed from token `i` ("twenty twenty seven", "two thousand five", "2027").
    func years(_ i: Int) -> [(end: Int, year: Int)] {
        guard i < u.count else { return [] }
        var out: [(Int, Int)] = []
        var digits: [(end: Int, digits: String)] = []
        numbers.digitReadings(from: i, into: &digits)
        for d in digits where d.digits.count == 4 {
            guard let y = Int(d.digits), y >= 1000, y <= 2999 else { continue }
            // Digit-by-digit ("two zero two six") is a PIN, not how people say years.
            if d.end - i >= 4 && u.literals[i] == nil { continue }
            out.append((d.end, y))
        }
        for r in numberReadings(i) where !r.ordinal && r.isWhole && r.value >= 1000 && r.value <= 2999 {
            out.append((r.end, Int(r.value)))
        }
        return out
    }

    // MARK: Values

    private func weekValue(_ d: CivilDate) -> String {
        let w = d.isoWeek
        return "\(CivilDate.pad(w.year, 4))-W\(CivilDate.pad(w.week, 2))"
    }

    private func monthValue(_ year: Int, _ month: Int) -> String {
        "\(CivilDate.pad(year, 4))-\(CivilDate.pad(month, 2))"
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

    // MARK: AMAZON.DATE

    /// Every date that starts at token `i`.
    func dates(at i: Int, into out: inout [Match]) {
        guard i < u.count else { return }
        let w = info(i)
        let folded = u.folded(i)
        let weak = lexicon.weakWords.contains(folded)

        // "today", "tomorrow", "now".
        if let offset = w?.relativeDay {
            out.append(Match(end: i + 1, value: today.adding(days: Int(offset)).isoString, strong: !weak))
        }
        // "the day after tomorrow", holidays.
        let phraseStart = isKeyword(i, .the) ? i + 1 : i
        for (meaning, end) in phrases(phraseStart) {
            switch meaning {
            case .relativeDay(let offset):
                out.append(Match(end: end, value: today.adding(days: offset).isoString, strong: true))
            case .holiday(let month, let day):
                if let d = upcoming(month: month, day: day) {
                    out.append(Match(end: end, value: d.isoString, strong: true))
                }
                for (yEnd, y) in years(end) where CivilDate.isValid(year: y, month: month, day: day) {
                    out.append(Match(end: yEnd, value: CivilDate(year: y, month: month, day: day).isoString, strong: true))
                }
            case .am, .pm:
                break
            }
        }
        modified(at: i, into: &out)
        if w?.weekday ?? 0 > 0 { weekday(at: i, into: &out) }
        if isKeyword(i, .weekend) {
            out.append(Match(end: i + 1, value: weekValue(today) + "-WE", strong: true))
        }
        if isKeyword(i, .the) {
            if isKeyword(i + 1, .weekend) {
                out.append(Match(end: i + 2, value: weekValue(today) + "-WE", strong: true))
            }
            // "the week after next".
            if info(i + 1)?.unit == .week, isKeyword(i + 2, .after), isKeyword(i + 3, .next) {
                out.append(Match(end: i + 4, value: weekValue(mondayThisWeek.adding(days: 14)), strong: true))
            }
        }
        if let m = w?.month, m > 0 { monthFirstDate(at: i, month: Int(m), weak: weak, into: &out) }
        dayFirstDate(at: i, into: &out)
        decade(at: i, into: &out)
        if let s = w?.season, s > 0 {
            out.append(Match(end: i + 1, value: seasonValue(Int(s), relation: nil), strong: !weak))
        }
        // A year on its own: "2027", "twenty twenty seven".
        for (end, y) in years(i) { out.append(Match(end: end, value: CivilDate.pad(y, 4), strong: false)) }
        offsets(at: i, into: &out)
        numeric(at: i, into: &out)
    }

    /// "next friday", "this week", "last month", "next year", "this weekend", "next summer".
    private func modified(at i: Int, into out: inout [Match]) {
        guard let k = keyword(i), k == .next || k == .this || k == .last else { return }
        var j = i + 1
        var relation = k
        // "this coming friday".
        if k == .this, isKeyword(j, .next) { relation = .next; j += 1 }
        guard j < u.count, let w = info(j) else { return }
        let step = relation == .next ? 1 : (relation == .last ? -1 : 0)
        if w.weekday > 0 {
            let wd = Int(w.weekday)
            let d: CivilDate
            switch relation {
            case .next where k == .next:
                d = mondayThisWeek.adding(days: 7 + wd - 1)
            case .last:
                var back = today.isoWeekday - wd
                if back <= 0 { back += 7 }
                d = today.adding(days: -back)
            default:
                var ahead = wd - today.isoWeekday
                if ahead < 0 { ahead += 7 }
                d = today.adding(days: ahead)
            }
            out.append(Match(end: j + 1, value: d.isoString, strong: true))
        }
        if w.keyword == .weekend {
            out.append(Match(end: j + 1, value: weekValue(mondayThisWeek.adding(days: 7 * step)) + "-WE", strong: true))
        }
        switch w.unit {
        case .week?:
            out.append(Match(end: j + 1, value: weekValue(mondayThisWeek.adding(days: 7 * step)), strong: true))
            // "next week end" written apart.
        case .month?:
            let d = CivilDate(year: today.year, month: today.month, day: 1).adding(months: step)
            out.append(Match(end: j + 1, value: monthValue(d.year, d.month), strong: true))
        case .year?:
            out.append(Match(end: j + 1, value: CivilDate.pad(today.year + step, 4), strong: true))
        case .decade?:
            let decade = (today.year / 10 + step) * 10
            out.append(Match(end: j + 1, value: String(decade / 10) + "X", strong: true))
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
            out.append(Match(end: j + 1, value: monthValue(year, m), strong: true))
        }
        if w.season > 0 {
            out.append(Match(end: j + 1, value: seasonValue(Int(w.season), relation: relation), strong: true))
        }
    }

    /// "friday", "monday next week".
    private func weekday(at i: Int, into out: inout [Match]) {
        guard let wd = info(i)?.weekday, wd > 0 else { return }
        var ahead = Int(wd) - today.isoWeekday
        if ahead < 0 { ahead += 7 }
        let strong = !lexicon.weakWords.contains(u.folded(i))
        out.append(Match(end: i + 1, value: today.adding(days: ahead).isoString, strong: strong))
        if let k = keyword(i + 1), k == .next || k == .this || k == .last, info(i + 2)?.unit == .week {
            let step = k == .next ? 1 : (k == .last ? -1 : 0)
            let d = mondayThisWeek.adding(days: 7 * step + Int(wd) - 1)
            out.append(Match(end: i + 3, value: d.isoString, strong: true))
        }
    }

    /// "december", "december twenty fifth", "december the 25th 2027", "march 2027".
    private func monthFirstDate(at i: Int, month: Int, weak: Bool, into out: inout [Match]) {
        let year = month >= today.month ? today.year : today.year + 1
        out.append(Match(end: i + 1, value: monthValue(year, month), strong: !weak))
        var j = i + 1
        if isKeyword(j, .the) { j += 1 }
        for (end, day, _) in daysOfMonth(j) {
            if let d = upcoming(month: month, day: day) {
                out.append(Match(end: end, value: d.isoString, strong: true))
            }
            var k = end
            if isKeyword(k, .of) || isKeyword(k, .in) { k += 1 }
            for (yEnd, y) in years(k) where CivilDate.isValid(year: y, month: month, day: day) {
                out.append(Match(end: yEnd, value: CivilDate(year: y, month: month, day: day).isoString, strong: true))
            }
        }
        var k = i + 1
        if isKeyword(k, .of) || isKeyword(k, .in) { k += 1 }
        for (yEnd, y) in years(k) { out.append(Match(end: yEnd, value: monthValue(y, month), strong: true)) }
    }

    /// "the 25th of december", "25 december 2026", "the twenty fifth", "the 3rd".
    private func dayFirstDate(at i: Int, into out: inout [Match]) {
        var j = i
        let hasThe = isKeyword(i, .the)
        if hasThe { j += 1 }
        guard j < u.count else { return }
        for (end, day, ordinal) in daysOfMonth(j) {
            var k = end
            if isKeyword(k, .of) { k += 1 }
            if let m = info(k)?.month, m > 0 {
                let month = Int(m)
                if let d = upcoming(month: month, day: day) {
                    out.append(Match(end: k + 1, value: d.isoString, strong: true))
                }
                var y0 = k + 1
                if isKeyword(y0, .of) || isKeyword(y0, .in) { y0 += 1 }
                for (yEnd, y) in years(y0) where CivilDate.isValid(year: y, month: month, day: day) {
                    out.append(Match(end: yEnd, value: CivilDate(year: y, month: month, day: day).isoString, strong: true))
                }
            } else if ordinal {
                // A day of this month, or of the next month when it has passed.
                var d: CivilDate?
                var probe = CivilDate(year: today.year, month: today.month, day: 1)
                for _ in 0..<3 {
                    if CivilDate.isValid(year: probe.year, month: probe.month, day: day) {
                        let c = CivilDate(year: probe.year, month: probe.month, day: day)
                        if c >= today { d = c; break }
                    }
                    probe = probe.adding(months: 1)
                }
                if let d { out.append(Match(end: end, value: d.isoString, strong: hasThe)) }
            }
        }
    }

    /// "the nineties" → 199X, "the nineteen eighties", "the 90s", "the 1990s", "the two thousands".
    private func decade(at i: Int, into out: inout [Match]) {
        var j = i
        if isKeyword(j, .the) { j += 1 }
        guard j < u.count else { return }
        if let d = info(j)?.decade, d >= 0 {
            out.append(Match(end: j + 1, value: decadeValue(century: nil, tens: Int(d)), strong: j > i))
        }
        // A century before the decade word: "nineteen nineties", "two thousands", "twenty tens".
        for r in numberReadings(j) where r.isWhole && !r.ordinal && !r.fromLiteral {
            guard let d = info(r.end)?.decade, d >= 0 else { continue }
            let century: Int
            if d == 0 && r.value >= 1 && r.value <= 2 { century = Int(r.value) * 1000 }
            else if r.value >= 10 && r.value <= 29 { century = Int(r.value) * 100 }
            else { continue }
            out.append(Match(end: r.end + 1, value: decadeValue(century: century, tens: Int(d)), strong: true))
        }
        // Typed: "90s", "1990s", "'90s".
        if let lit = u.literals[j], lit.isPlainInteger, j + 1 < u.count, u.folded(j + 1) == "s",
           u.isAdjacent(j, j + 1, allowingOneSeparator: true), let v = lit.value {
            if lit.digits.count == 2, v % 10 == 0 {
                out.append(Match(end: j + 2, value: decadeValue(century: nil, tens: Int(v / 10)), strong: true))
            } else if lit.digits.count == 4, v % 10 == 0 {
                out.append(Match(end: j + 2, value: String(v / 10) + "X", strong: true))
            }
        }
    }

    private func decadeValue(century: Int?, tens: Int) -> String {
        let start: Int
        if let century {
            start = century + (century % 1000 == 0 && tens == 0 ? 0 : tens * 10)
        } else if tens == 0 {
            start = 2000
        } else {
            // The latest such decade that has begun: "the twenties" in 2026 are the 2020s.
            let c = (today.year / 100) * 100
            start = c + tens * 10 <= today.year ? c + tens * 10 : c - 100 + tens * 10
        }
        return String(start / 10) + "X"
    }

    /// Alexa's season value, "2026-WI". Seasons start in March, June, September and December;
    /// a winter is labelled with the year of its December.
    private func seasonValue(_ season: Int, relation: DateKeyword?) -> String {
        let codes = ["SP", "SU", "FA", "WI"]
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
        return "\(CivilDate.pad(year, 4))-\(codes[season - 1])"
    }

    /// A count said before a unit: a number, "a", "an", "a couple of". Returns (end, value as
    /// a rational).
    private func quantities(_ i: Int) -> [(end: Int, value: Rational)] {
        var out: [(Int, Rational)] = []
        if let a = atom(i), a.kind == .article {
            out.append((i + 1, Rational(1)))
            if isKeyword(i + 1, .couple) {
                let end = isKeyword(i + 2, .of) ? i + 3 : i + 2
                out.append((end, Rational(2)))
            }
        }
        for r in numberReadings(i) where !r.ordinal && !r.negative {
            if let q = Rational(integer: r.value, fraction: r.fraction) { out.append((r.end, q)) }
        }
        return out
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
        let start = isKeyword(i, .in) ? i + 1 : i
        for (end, q) in quantities(start) where q.isWhole && q.numerator > 0 && q.numerator < 10_000 {
            guard let unit = info(end)?.unit else { continue }
            if start > i, let d = apply(q.numerator, unit, sign: 1) {
                out.append(Match(end: end + 1, value: d.isoString, strong: true))
            }
            guard start == i else { continue }
            if isKeyword(end + 1, .ago), let d = apply(q.numerator, unit, sign: -1) {
                out.append(Match(end: end + 2, value: d.isoString, strong: true))
            }
            if isKeyword(end + 1, .from) {
                var base = 0
                if isKeyword(end + 2, .now) { base = 0 }
                else if let r = info(end + 2)?.relativeDay { base = Int(r) }
                else { continue }
                if let d = apply(q.numerator, unit, sign: 1) {
                    out.append(Match(end: end + 3, value: d.adding(days: base).isoString, strong: true))
                }
            }
        }
    }

    /// Typed dates: "2026-12-25", "12/25/2026" (month first in en-US), "25.12.2026".
    private func numeric(at i: Int, into out: inout [Match]) {
        let t = u.token(i)
        guard t.kind == .number else { return }
        if u.literals[i] == nil {
            let parts = t.normalized.split(separator: ".")
            if parts.count == 3, let d = Int(parts[0]), let m = Int(parts[1]), let y = Int(parts[2]),
               parts[2].count == 4, CivilDate.isValid(year: y, month: m, day: d) {
                out.append(Match(end: i + 1, value: CivilDate(year: y, month: m, day: d).isoString, strong: true))
            }
            return
        }
        guard i + 2 < u.count, let a = u.literals[i], let b = u.literals[i + 1], let c = u.literals[i + 2],
              a.isPlainInteger, b.isPlainInteger, c.isPlainInteger,
              u.isAdjacent(i, i + 1, allowingOneSeparator: true), u.isAdjacent(i + 1, i + 2, allowingOneSeparator: true),
              let av = a.value, let bv = b.value, let cv = c.value else { return }
        var y = 0, m = 0, d = 0
        if a.digits.count == 4 {
            (y, m, d) = (Int(av), Int(bv), Int(cv))
        } else if c.digits.count == 4 || c.digits.count == 2 {
            y = c.digits.count == 4 ? Int(cv) : 2000 + Int(cv)
            (m, d) = monthFirst ? (Int(av), Int(bv)) : (Int(bv), Int(av))
        } else {
            return
        }
        if CivilDate.isValid(year: y, month: m, day: d) {
            out.append(Match(end: i + 3, value: CivilDate(year: y, month: m, day: d).isoString, strong: true))
        }
    }

    // MARK: AMAZON.TIME

    /// Every time that starts at token `i`.
    func times(at i: Int, into out: inout [Match]) {
        guard i < u.count else { return }
        let w = info(i)
        if w?.keyword == .noon { out.append(Match(end: i + 1, value: "12:00", strong: true)) }
        if w?.keyword == .midnight { out.append(Match(end: i + 1, value: "00:00", strong: true)) }
        if let a = atom(i), a.kind == .small, a.value == 12, !a.ordinal {
            if isKeyword(i + 1, .noon) { out.append(Match(end: i + 2, value: "12:00", strong: true)) }
            if isKeyword(i + 1, .midnight) { out.append(Match(end: i + 2, value: "00:00", strong: true)) }
        }
        if w?.keyword == .now {
            let value = "\(CivilDate.pad(now.hour, 2)):\(CivilDate.pad(now.minute, 2))"
            out.append(Match(end: i + 1, value: value, strong: false))
        }
        // Parts of the day: "morning", "this evening", "the afternoon", "in the morning", "at night".
        var j = i
        if isKeyword(j, .in) && isKeyword(j + 1, .the) { j += 2 }
        else if isKeyword(j, .at) || isKeyword(j, .this) || isKeyword(j, .the) { j += 1 }
        if let p = info(j)?.partOfDay, p > 0 {
            out.append(Match(end: j + 1, value: ["MO", "AF", "EV", "NI"][Int(p) - 1], strong: true))
        }
        clock(at: i, into: &out)
        relativeClock(at: i, into: &out)
    }

    /// Whether an am/pm marker follows at `k`: (end, isPM).
    private func meridiem(_ k: Int) -> (end: Int, pm: Bool)? {
        guard k < u.count else { return nil }
        if isKeyword(k, .am) { return (k + 1, false) }
        if isKeyword(k, .pm) { return (k + 1, true) }
        for (meaning, end) in phrases(k) {
            if case .am = meaning { return (end, false) }
            if case .pm = meaning { return (end, true) }
        }
        // "in the morning", "in the evening", "at night", "tonight", "this afternoon".
        var j = k
        if isKeyword(j, .in) && isKeyword(j + 1, .the) { j += 2 }
        else if isKeyword(j, .at) || isKeyword(j, .this) { j += 1 }
        if let p = info(j)?.partOfDay, p > 0 { return (j + 1, p >= 2) }
        return nil
    }

    /// Hours said or typed at `i`: (end, hour, typed with a clock "7:30" minute).
    private func hours(_ i: Int) -> [(end: Int, hour: Int, minute: Int?)] {
        var out: [(Int, Int, Int?)] = []
        if let lit = u.literals[i] {
            if let clock = lit.clock { out.append((i + 1, clock.hour, clock.minute)) }
            else if lit.isPlainInteger, lit.digits.count <= 2, let v = lit.value, v <= 24 { out.append((i + 1, Int(v), nil)) }
            return out
        }
        for r in numberReadings(i) where r.isWhole && !r.ordinal && r.value <= 24 {
            out.append((r.end, Int(r.value), nil))
        }
        return out
    }

    /// "seven thirty pm", "7:30", "10 am", "six o'clock", "fourteen hundred hours", "seven oh five".
    private func clock(at i: Int, into out: inout [Match]) {
        for (hEnd, hour, typedMinute) in hours(i) {
            var options: [(end: Int, minute: Int, strong: Bool)] = []
            if let m = typedMinute {
                options.append((hEnd, m, true))
            } else {
                options.append((hEnd, 0, false))
                if isKeyword(hEnd, .oclock) { options.append((hEnd + 1, 0, true)) }
                if let a = atom(hEnd), a.kind == .multiplier, a.value == 100, hour >= 0 {
                    options.append((isKeyword(hEnd + 1, .hours) ? hEnd + 2 : hEnd + 1, 0, true))
                }
                if let a = atom(hEnd), a.kind == .zeroDigit, let b = atom(hEnd + 1), b.kind == .small,
                   !b.ordinal, b.value >= 1, b.value <= 9 {
                    options.append((hEnd + 2, Int(b.value), true))
                }
                if hEnd < u.count {
                    if u.literals[i] != nil {
                        // "7 30": typed minutes after typed hours.
                        if let lit = u.literals[hEnd], lit.isPlainInteger, lit.digits.count == 2, let v = lit.value, v < 60 {
                            options.append((hEnd + 1, Int(v), true))
                        }
                    } else {
                        for r in numberReadings(hEnd) where r.isWhole && !r.ordinal && !r.fromLiteral && r.value >= 10 && r.value < 60 {
                            options.append((r.end, Int(r.value), true))
                        }
                    }
                }
            }
            for (mEnd, minute, strong) in options {
                if let (end, pm) = meridiem(mEnd) {
                    guard hour >= 1 && hour <= 12 else { continue }
                    let h = pm ? (hour == 12 ? 12 : hour + 12) : (hour == 12 ? 0 : hour)
                    out.append(Match(end: end, value: timeValue(h, minute), strong: true))
                }
                guard hour <= 23 else { continue }
                out.append(Match(end: mEnd, value: timeValue(hour, minute), strong: strong))
            }
        }
    }

    /// "quarter past six", "half past seven pm", "ten to seven", "twenty five after five".
    private func relativeClock(at i: Int, into out: inout [Match]) {
        var minuteOptions: [(end: Int, minutes: Int)] = []
        var j = i
        if let a = atom(j), a.kind == .article { j += 1 }
        if isKeyword(j, .quarter) { minuteOptions.append((j + 1, 15)) }
        if isKeyword(i, .half) { minuteOptions.append((i + 1, 30)) }
        if u.literals[i] == nil || u.literals[i]?.isPlainInteger == true {
            for r in numberReadings(i) where r.isWhole && !r.ordinal && r.value >= 1 && r.value <= 30 {
                minuteOptions.append((r.end, Int(r.value)))
                if info(r.end)?.unit == .minute { minuteOptions.append((r.end + 1, Int(r.value))) }
            }
        }
        for (mEnd, minutes) in minuteOptions {
            guard let k = keyword(mEnd) else { continue }
            let before: Bool
            switch k {
            case .past, .after: before = false
            case .to, .of, .before, .until: before = true
            default: continue
            }
            for (hEnd, hour, typedMinute) in hours(mEnd + 1) where typedMinute == nil && hour >= 1 && hour <= 12 {
                var h = hour
                var m = minutes
                if before {
                    h = hour - 1
                    m = 60 - minutes
                    if h == 0 { h = 12 }
                }
                if let (end, pm) = meridiem(hEnd) {
                    let h24 = pm ? (h == 12 ? 12 : h + 12) : (h == 12 ? 0 : h)
                    out.append(Match(end: end, value: timeValue(h24, m), strong: true))
                }
                out.append(Match(end: hEnd, value: timeValue(h, m), strong: true))
            }
        }
    }

    private func timeValue(_ h: Int, _ m: Int) -> String { "\(CivilDate.pad(h, 2)):\(CivilDate.pad(m, 2))" }

    // MARK: AMAZON.DURATION

    /// Every duration that starts at token `i`.
    func durations(at i: Int, into out: inout [Match]) {
        var amounts = DurationAmounts()
        var j = i
        var count = 0
        while count < 6 {
            guard let (end, unit, q) = longestComponent(j) else { break }
            amounts.add(unit, q)
            count += 1
            if let value = amounts.isoValue { out.append(Match(end: end, value: value, strong: true)) }
            j = end
            if isKeyword(j, .and), longestComponent(j + 1) != nil { j += 1 }
        }
    }

    /// The longest single duration part at `i` ("ten minutes", "an hour and a half",
    /// "half an hour", "one and a half hours", "a quarter of an hour").
    private func longestComponent(_ i: Int) -> (end: Int, unit: DurationUnit, amount: Rational)? {
        guard i < u.count else { return nil }
        var best: (Int, DurationUnit, Rational)?
        func consider(_ end: Int, _ unit: DurationUnit, _ q: Rational) {
            if best == nil || end > best!.0 { best = (end, unit, q) }
        }
        // "half an hour", "half a day", "half hour".
        if isKeyword(i, .half) {
            var j = i + 1
            if let a = atom(j), a.kind == .article { j += 1 }
            if let unit = info(j)?.unit { consider(j + 1, unit, Rational(1, 2)) }
        }
        // "a quarter of an hour", "three quarters of an hour", "quarter hour".
        var quarterCounts: [(Int, Int64)] = []
        if isKeyword(i, .quarter) { quarterCounts.append((i, 1)) }
        if let a = atom(i), a.kind == .article, isKeyword(i + 1, .quarter) { quarterCounts.append((i + 1, 1)) }
        for r in numberReadings(i) where r.isWhole && !r.ordinal && r.value >= 1 && r.value <= 3 {
            if isKeyword(r.end, .quarters) || isKeyword(r.end, .quarter) { quarterCounts.append((r.end, r.value)) }
        }
        for (qi, n) in quarterCounts {
            var j = qi + 1
            if isKeyword(j, .of) { j += 1 }
            if let a = atom(j), a.kind == .article { j += 1 }
            if info(j)?.unit == .hour { consider(j + 1, .hour, Rational(n, 4)) }
        }
        for (qEnd, q) in quantities(i) {
            // "one and a half hours".
            if isKeyword(qEnd, .and), let a = atom(qEnd + 1), a.kind == .article, isKeyword(qEnd + 2, .half),
               let unit = info(qEnd + 3)?.unit, q.isWhole {
                consider(qEnd + 4, unit, q + Rational(1, 2))
            }
            guard let unit = info(qEnd)?.unit else { continue }
            consider(qEnd + 1, unit, q)
            // "an hour and a half".
            if isKeyword(qEnd + 1, .and), let a = atom(qEnd + 2), a.kind == .article, isKeyword(qEnd + 3, .half), q.isWhole {
                consider(qEnd + 4, unit, q + Rational(1, 2))
            }
        }
        return best
    }
}
