/// A token typed as digits ("23", "1,000", "2.5", "3rd", "٢٣"), read once.
struct NumberLiteral: Sendable, Equatable {
    /// The integer digits, ASCII, as typed (leading zeros kept).
    var digits: String
    /// Digits after the decimal separator, ASCII; empty when none.
    var fraction: String
    /// Grouping separators were used ("1,000").
    var grouped: Bool
    /// An ordinal suffix was attached ("3rd").
    var ordinalSuffix: Bool
    /// The value of ``digits``, when it fits.
    var value: Int64?
    /// "7:30": a clock time, not a number.
    var clock: (hour: Int, minute: Int)?

    static func == (a: NumberLiteral, b: NumberLiteral) -> Bool {
        a.digits == b.digits && a.fraction == b.fraction && a.grouped == b.grouped
            && a.ordinalSuffix == b.ordinalSuffix && a.clock?.hour == b.clock?.hour && a.clock?.minute == b.clock?.minute
    }

    /// Whether it is a plain digit string (no separators, no suffix).
    var isPlainInteger: Bool { fraction.isEmpty && !grouped && !ordinalSuffix && clock == nil && !digits.isEmpty }

    /// Reads a number token. `decimal` and `grouping` are the locale's separators.
    static func read(_ text: String, decimal: Character, grouping: Character) -> NumberLiteral? {
        var digitRuns: [String] = [""]
        var separators: [Character] = []
        var suffix = ""
        for scalar in text.unicodeScalars {
            if let d = digitValue(scalar) {
                guard suffix.isEmpty else { return nil }
                digitRuns[digitRuns.count - 1].unicodeScalars.append(Unicode.Scalar(UInt8(48 + d)))
            } else if scalar == "." || scalar == "," || scalar == ":" {
                guard suffix.isEmpty else { return nil }
                separators.append(Character(scalar))
                digitRuns.append("")
            } else {
                suffix.unicodeScalars.append(scalar)
            }
        }
        guard !digitRuns[0].isEmpty else { return nil }
        let lowerSuffix = suffix.lowercased()
        let ordinal = ["st", "nd", "rd", "th"].contains(lowerSuffix)
        guard suffix.isEmpty || ordinal else { return nil }
        if separators.isEmpty {
            return NumberLiteral(digits: digitRuns[0], fraction: "", grouped: false, ordinalSuffix: ordinal,
                                 value: Int64(digitRuns[0]), clock: nil)
        }
        guard !ordinal else { return nil }
        if separators == [":"] {
            guard let h = Int(digitRuns[0]), let m = Int(digitRuns[1]), digitRuns[1].count == 2,
                  h < 24, m < 60 else { return nil }
            return NumberLiteral(digits: digitRuns[0], fraction: "", grouped: false, ordinalSuffix: false,
                                 value: nil, clock: (h, m))
        }
        guard !separators.contains(":") else { return nil }
        // Grouping: every run after the first has three digits and the first has one to three.
        let last = separators.count - 1
        let groupsBeforeLast = separators.dropLast().allSatisfy { $0 == grouping }
        let lastIsDecimal = separators[last] == decimal
        func isGrouping(_ runs: ArraySlice<String>) -> Bool {
            runs.first.map { $0.count <= 3 } == true && runs.dropFirst().allSatisfy { $0.count == 3 }
        }
        if separators.allSatisfy({ $0 == grouping }), isGrouping(digitRuns[...]) {
            let joined = digitRuns.joined()
            return NumberLiteral(digits: joined, fraction: "", grouped: true, ordinalSuffix: false,
                                 value: Int64(joined), clock: nil)
        }
        if lastIsDecimal, groupsBeforeLast, isGrouping(digitRuns[...last]), !digitRuns[last + 1].isEmpty {
            let joined = digitRuns[...last].joined()
            return NumberLiteral(digits: joined, fraction: digitRuns[last + 1], grouped: last > 0,
                                 ordinalSuffix: false, value: Int64(joined), clock: nil)
        }
        // "2.5" typed in a locale whose decimal separator is a comma: a single separator
        // without a three-digit group after it can only be a decimal point.
        if separators.count == 1, digitRuns[1].count != 3 {
            return NumberLiteral(digits: digitRuns[0], fraction: digitRuns[1], grouped: false,
                                 ordinalSuffix: false, value: Int64(digitRuns[0]), clock: nil)
        }
        return nil
    }

    /// The value of a decimal digit in any script (ASCII, Arabic-Indic, Devanagari, full width …).
    static func digitValue(_ s: Unicode.Scalar) -> Int? {
        if s.value >= 48 && s.value <= 57 { return Int(s.value - 48) }
        if s.value < 128 { return nil }
        let p = s.properties
        guard p.numericType == .decimal, let v = p.numericValue else { return nil }
        return Int(v)
    }
}
