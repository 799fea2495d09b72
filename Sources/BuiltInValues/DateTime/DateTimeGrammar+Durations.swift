/// AMAZON.DURATION: sums of amounts of units ("an hour and a half", "two days and three hours").
extension DateTimeGrammar {
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
