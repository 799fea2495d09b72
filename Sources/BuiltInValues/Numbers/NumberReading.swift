/// A number read from the start of a stretch of tokens.
struct NumberReading: Sendable, Equatable {
    /// Token index after the number.
    var end: Int
    var value: Int64
    /// Digits after the decimal point, empty for whole numbers.
    var fraction: DecimalDigits
    var negative: Bool
    var ordinal: Bool
    /// Typed as digits ("23", "3rd") rather than said in words.
    var fromLiteral: Bool

    /// Alexa's AMAZON.NUMBER value: "-4", "2.5", "1000".
    var numberValue: String {
        let f = fraction.trimmingTrailingZeros
        var s = negative && (value != 0 || !f.isEmpty) ? "-" : ""
        s += String(value)
        if !f.isEmpty { s += "." + f.text }
        return s
    }

    private var trimmedFraction: DecimalDigits { fraction.trimmingTrailingZeros }

    var isWhole: Bool { trimmedFraction.isEmpty && !negative }
}
