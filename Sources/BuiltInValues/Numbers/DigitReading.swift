/// A digit string read chunk by chunk ("two oh six" → "206"), ending before token `end`.
struct DigitReading: Sendable, Equatable {
    var end: Int
    var digits: DecimalDigits
    /// Every chunk was one digit said as a word ("four one five", "double two", "oh"), none
    /// typed, none a pair ("nineteen") or "hundred".
    var oneByOne: Bool = false
    /// At least one chunk was a digit word proper ("four"), not only "oh" or "double".
    var hasDigitWord: Bool = false
    /// A word only digit reading has was said: "oh" for zero, "double", "triple".
    var hasDigitReadingWord: Bool = false
    /// The last word was "oh" or "o".
    var endsInZeroWord: Bool = false

    /// A number read out digit by digit, as people say a code, a postal code or a long number:
    /// three digits or more, each said on its own ("four one five two two", "one two three",
    /// 四一五), or two with a word only digits are read with ("double five", "oh seven"). Two
    /// plain digit words ("five six") may be two numbers, "oh" or "double" alone is none, and
    /// neither is "five o" (as in "five o clock").
    var isSpokenDigitSequence: Bool {
        guard oneByOne, hasDigitWord else { return false }
        return digits.count >= 3 || (digits.count == 2 && hasDigitReadingWord && !endsInZeroWord)
    }
}
