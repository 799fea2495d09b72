/// An ordinal ending before token `end`.
struct OrdinalReading: Sendable, Equatable {
    var end: Int
    var value: Int64
}
