extension BuiltInSampleGenerator {
    // MARK: Numbers

    mutating func number() -> (text: String, value: String?) {
        let roll = rng.below(100)
        if roll < 5, hasNumberWords, let minus = numbers.negatives.first {
            let n = Int64(1 + rng.below(20))
            return ("\(minus) \(wordsOrDigits(n, digits: 0.2))", "-\(n)")
        }
        if roll < 10, hasNumberWords, let point = numbers.decimalPoints.first {
            let whole = Int64(rng.below(21))
            let fractionDigits = (0..<(1 + rng.below(2))).map { _ in 1 + rng.below(9) }
            let spoken = fractionDigits.map(digitWord).joined(separator: " ")
            let value = "\(whole)." + fractionDigits.map(String.init).joined()
            return ("\(words(whole) ?? String(whole)) \(point) \(spoken)", value)
        }
        if roll < 13 {
            let whole = Int64(rng.below(100))
            let d = 1 + rng.below(9)
            return ("\(whole)\(numbers.decimalSeparator)\(d)", "\(whole).\(d)")
        }
        let n: Int64
        switch rng.below(100) {
        case ..<30: n = Int64(rng.below(21))
        case ..<55: n = Int64(21 + rng.below(79))
        case ..<75: n = Int64(100 + rng.below(900))
        case ..<90: n = Int64(1_000 + rng.below(9_000))
        default: n = Int64(10_000 + rng.below(990_000))
        }
        if n >= 1_000, rng.chance(0.2) { return (grouped(n), String(n)) }
        return (wordsOrDigits(n), String(n))
    }

    /// "12,345" with the locale's grouping separator.
    func grouped(_ n: Int64) -> String {
        var digits = Array(String(n))
        var out: [Character] = []
        while digits.count > 3 {
            out.insert(contentsOf: digits.suffix(3), at: 0)
            out.insert(numbers.groupingSeparator, at: 0)
            digits.removeLast(3)
        }
        out.insert(contentsOf: digits, at: 0)
        return String(out)
    }

    mutating func ordinal() -> (text: String, value: String?)? {
        let n = Int64(rng.chance(0.8) ? 1 + rng.below(31) : 32 + rng.below(69))
        let digitForm = digitOrdinal(n)
        if let d = digitForm, !hasNumberWords || rng.chance(0.3) { return (d, String(n)) }
        if hasNumberWords, let w = ordinalWords(n) { return (w, String(n)) }
        return digitForm.map { ($0, String(n)) }
    }

    /// Digits with the locale's ordinal marker ("3rd", "3º", "3e", "第3"), when it has one.
    mutating func digitOrdinal(_ n: Int64) -> String? {
        let rules = numbers.ordinals
        switch tables.language {
        case "en":
            let suffix: String
            if (11...13).contains(n % 100) { suffix = "th" }
            else { suffix = ["th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"][Int(n % 10)] }
            return "\(n)\(suffix)"
        default:
            if let prefix = rules.prefixTokens.first, rng.chance(0.5) { return "\(prefix)\(n)" }
            if let suffix = rules.suffixTokens.first { return "\(n)" + suffix.joined() }
            if tables.language == "fr" { return n == 1 ? "1er" : "\(n)e" }
            if let marker = rules.digitMarkers.first { return "\(n)\(marker)" }
            return nil
        }
    }

    mutating func fourDigit() -> (text: String, value: String?) {
        let roll = rng.below(100)
        if roll < 55 {
            let year = Int64(1900 + rng.below(200))
            if rng.chance(0.2) || !hasNumberWords { return (String(year), String(year)) }
            return (spokenYear(year), String(year))
        }
        let digits = (0..<4).map { _ in rng.below(10) }
        let value = digits.map(String.init).joined()
        if rng.chance(0.3) || !hasNumberWords { return (value, value) }
        return (digits.map { spokenDigit($0) }.joined(separator: " "), value)
    }

    /// A year as people say it: "nineteen ninety", "nineteen oh five", "two thousand five".
    mutating func spokenYear(_ year: Int64) -> String {
        let high = year / 100, low = year % 100
        if tables.language == "en" && (year < 2000 || year >= 2010) && high >= 10 {
            if low == 0 { return "\(words(high) ?? "") \(first(numbers.multipliers[0].word))" }
            if low < 10 { return "\(words(high) ?? "") \(spokenDigit(0)) \(words(low) ?? "")" }
            return "\(words(high) ?? "") \(words(low) ?? "")"
        }
        return words(year) ?? String(year)
    }

    mutating func spokenDigit(_ d: Int) -> String {
        if d == 0, let oh = numbers.zeroDigits.first, rng.chance(0.4) { return oh }
        return digitWord(d)
    }

    mutating func phone() -> (text: String, value: String?) {
        var digits = [2 + rng.below(8)] + (0..<9).map { _ in rng.below(10) }
        if rng.chance(0.2) { digits = Array(digits.suffix(7)); digits[0] = 2 + rng.below(8) }
        let value = digits.map(String.init).joined()
        if !hasNumberWords || rng.chance(0.45) {
            let parts = digits.count == 10
                ? [value.prefix(3), value.dropFirst(3).prefix(3), value.suffix(4)]
                : [value.prefix(3), value.suffix(4)]
            switch rng.below(4) {
            case 0: return (value, value)
            case 1: return (parts.joined(separator: "-"), value)
            case 2 where parts.count == 3: return ("(\(parts[0])) \(parts[1])-\(parts[2])", value)
            default: return (parts.joined(separator: " "), value)
            }
        }
        var spoken: [String] = []
        var k = 0
        while k < digits.count {
            if k + 1 < digits.count, digits[k] == digits[k + 1], let double = numbers.repeatWords.first(where: { $0.value == 2 })?.key,
               rng.chance(0.3) {
                spoken.append("\(double) \(spokenDigit(digits[k]))")
                k += 2
                continue
            }
            spoken.append(spokenDigit(digits[k]))
            k += 1
        }
        return (spoken.joined(separator: " "), value)
    }
}
