/// Reads numbers and ordinals from tokens: digits in any locale ("12", "2.5", "10,000",
/// "3rd") and English words ("twenty-one", "one hundred and five", "the third").
///
/// A deliberately small reader for the positions of typed pattern parameters and choice sets
/// ("the second" at a given word). ``NumberAnswer`` reads whole answers with SkillNLU's
/// AMAZON.NUMBER and AMAZON.Ordinal parsers, in every language they know; moving these two
/// callers onto them too is left for when a pattern needs a language other than English.
enum NumberWords {
    static let units: [String: Int] = [
        "zero": 0, "oh": 0, "nought": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
        "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
        "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    ]
    static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
    ]
    static let scales: [String: Int] = ["hundred": 100, "thousand": 1_000, "million": 1_000_000, "billion": 1_000_000_000]
    static let ordinalUnits: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
        "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13, "fourteenth": 14,
        "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18, "nineteenth": 19,
    ]
    static let ordinalTens: [String: Int] = [
        "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60, "seventieth": 70,
        "eightieth": 80, "ninetieth": 90,
    ]
    static let ordinalScales: [String: Int] = ["hundredth": 100, "thousandth": 1_000, "millionth": 1_000_000]

    /// A cardinal number starting at `start`: its value and how many tokens it used.
    static func cardinal(_ words: [String], at start: Int) -> (value: Double, length: Int)? {
        guard start < words.count else { return nil }
        var i = start
        var sign = 1.0
        if words[i] == "minus" || words[i] == "negative" {
            sign = -1
            i += 1
        }
        guard i < words.count else { return nil }
        if let digits = digitValue(words[i]), !isOrdinalDigits(words[i]) {
            return (sign * digits, i + 1 - start)
        }
        guard let (value, end) = wordNumber(words, at: i, ordinal: false) else { return nil }
        return (sign * Double(value.total), end - start)
    }

    /// An ordinal starting at `start` ("third", "twenty-first", "3rd", "one hundredth").
    static func ordinal(_ words: [String], at start: Int) -> (value: Int, length: Int)? {
        guard start < words.count else { return nil }
        let w = words[start]
        if isOrdinalDigits(w), let n = Int(w.dropLast(2)) { return (n, 1) }
        guard let (value, end) = wordNumber(words, at: start, ordinal: true), value.ordinal else { return nil }
        return (value.total, end - start)
    }

    private static func isOrdinalDigits(_ w: String) -> Bool {
        guard w.count > 2, w.first?.isNumber == true else { return false }
        return ["st", "nd", "rd", "th"].contains(String(w.suffix(2)))
    }

    private static func digitValue(_ w: String) -> Double? {
        guard w.first?.isNumber == true else { return nil }
        let cleaned = w.replacingOccurrences(of: ",", with: "")
        return Double(cleaned)
    }

    /// English number words from `start`; with `ordinal`, stops after an ordinal word.
    private static func wordNumber(_ words: [String], at start: Int, ordinal: Bool) -> ((total: Int, ordinal: Bool), Int)? {
        // Hyphenated words ("twenty-one") are one token: split them into their parts first.
        var parts: [(word: String, token: Int)] = []
        for (k, w) in words[start...].enumerated() {
            for p in w.split(separator: "-") { parts.append((String(p), start + k)) }
        }
        var total = 0, current = 0
        var used = 0          // parts consumed
        var any = false
        var isOrdinal = false
        for (j, part) in parts.enumerated() {
            let w = part.word
            if w == "a" || w == "an", !any, j + 1 < parts.count, scales[parts[j + 1].word] != nil {
                current = 1
                used = j + 1
                continue
            }
            if w == "and", any, j + 1 < parts.count,
               units[parts[j + 1].word] != nil || tens[parts[j + 1].word] != nil || ordinalUnits[parts[j + 1].word] != nil {
                continue
            }
            if let u = units[w] {
                if current % 10 != 0 && any { break }   // "one two" is two numbers
                current += u
            } else if let t = tens[w] {
                if current % 100 != 0 { break }
                current += t
            } else if let s = scales[w] {
                current = max(current, 1) * s
                if s >= 1000 {
                    total += current
                    current = 0
                }
            } else if ordinal, let u = ordinalUnits[w] {
                if current % 10 != 0 && any { break }
                current += u
                isOrdinal = true
            } else if ordinal, let t = ordinalTens[w] {
                if current % 100 != 0 { break }
                current += t
                isOrdinal = true
            } else if ordinal, let s = ordinalScales[w] {
                current = max(current, 1) * s
                isOrdinal = true
            } else {
                break
            }
            any = true
            used = j + 1
            if isOrdinal { break }
        }
        guard any else { return nil }
        let endToken = parts[used - 1].token + 1
        // A hyphenated token must be used whole.
        if used < parts.count, parts[used].token == parts[used - 1].token { return nil }
        return ((total + current, isOrdinal), endToken)
    }
}
