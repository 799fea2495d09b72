/// Counts and amounts of a unit ("two days", "a couple of weeks", "one and a half hours",
/// "डेढ़"), which date offsets and durations both read.
extension DateTimeGrammar {
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
    func fractions(_ i: Int, _ body: (_ end: Int, _ value: Rational) -> Void) {
        guard let w = info(i) else { return }
        if w.quarters != 0 { body(i + 1, Rational(Int64(w.quarters), 4)) }
        guard w.addsQuarters != 0, i + 1 < u.count, u.numeric[i + 1] else { return }
        for r in cache.numbers(i + 1) where r.isWhole && !r.ordinal && !r.negative && r.value >= 1 && r.value <= 1_000 {
            body(r.end, Rational(r.value * 4 + Int64(w.addsQuarters), 4))
        }
    }

    /// Calls `body` with each amount of a unit said from token `i`: a count and its unit ("two
    /// days", "a week", "one and a half hours"), a word that is both ("يومين", "mezz'ora"), or
    /// a unit alone where that is one ("أسبوع").
    func amountsOfUnit(_ i: Int, _ body: (_ end: Int, _ unit: DurationUnit, _ amount: Rational) -> Void) {
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
}
