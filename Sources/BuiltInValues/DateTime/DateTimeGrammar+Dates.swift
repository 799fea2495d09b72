/// AMAZON.DATE: where every date reading starts, and the dates said relative to today ("next
/// friday", "this weekend", "in two days", "three weeks ago").
extension DateTimeGrammar {
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
    func weekday(at i: Int, into out: inout [Match]) {
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
}
