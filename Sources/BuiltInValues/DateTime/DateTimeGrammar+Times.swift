/// AMAZON.TIME: clock times ("seven thirty pm", "quarter past six", "午後3時"), times of day
/// ("noon", "in the morning") and times relative to now.
extension DateTimeGrammar {
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
                // A weak part of the day ("früh", early) is the morning only after a day ("morgen früh").
                let early = (info(start)?.weak ?? false) && !isDay(start - 1)
                out.append(Match(end: end, value: .partOfDay(part), strong: !tomorrow && !early))
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
    func partOfDay(_ k: Int) -> (part: Int, start: Int, end: Int)? {
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
}
