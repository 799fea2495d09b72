/// One meaning of a number word: what it contributes when a number is put together.
struct NumberAtom: Sendable, Equatable {
    enum Kind: UInt8, Sendable {
        /// 0…99 ("seven", "twenty three", "dreiundzwanzig").
        case small
        /// A whole hundreds word, 100…900 ("doscientos").
        case hundreds
        /// Multiplies the count before it within a group ("hundred", 百, 千).
        case multiplier
        /// Closes a group ("thousand", "million", 万).
        case scale
        /// "and" between parts of a number.
        case conjunction
        case negative
        /// The decimal point said as a word.
        case point
        /// "a" in "a hundred": one, but only before a multiplier or scale.
        case article
        /// "oh": zero when reading digits one by one.
        case zeroDigit
        /// "double", "triple": repeat the next digit when reading digits.
        case repeatDigit
    }
    var kind: Kind
    var value: Int64 = 0
    var ordinal: Bool = false
    /// For multipliers: the largest count they multiply.
    var maxFactor: Int64 = 0
    /// For scales: the count when none is said (2 for an Arabic dual).
    var defaultCount: Int64 = 1

    var isNumber: Bool {
        switch kind {
        case .small, .hundreds, .multiplier, .scale: return true
        default: return false
        }
    }

    func asOrdinal() -> NumberAtom {
        var a = self
        a.ordinal = true
        return a
    }
}
