/// AMAZON.DATE said or typed as a calendar date: a day and month ("the 25th of december",
/// "december 25th"), a decade, a season, and typed dates ("2026-12-25", "12/25").
extension DateTimeGrammar {
    /// Dates written with markers after the numbers: "2026年12月25日", "12月25日", "12月", "25日".
    func markedDate(at i: Int, into out: inout [Match]) {
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
    func monthFirstDate(at i: Int, end e: Int, month: Int, weak: Bool, into out: inout [Match]) {
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
    func dayFirstDate(at i: Int, into out: inout [Match]) {
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
    func decade(at i: Int, into out: inout [Match]) {
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
    func season(_ season: Int, relation: DateKeyword?) -> DateTimeValue {
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

    /// Typed dates: "2026-12-25", "12/25/2026" (month first in en-US), "25.12.2026", "12/25".
    func numeric(at i: Int, into out: inout [Match]) {
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
}
