/// A digit string read chunk by chunk ("two oh six" → "206"), ending before token `end`.
struct DigitReading: Sendable, Equatable {
    var end: Int
    var digits: DecimalDigits
}
