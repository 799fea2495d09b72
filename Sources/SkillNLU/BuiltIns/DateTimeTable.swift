

/// The words one language uses for dates, times and durations: everything a locale
/// contributes to those grammars. Text fields hold `|`-separated alternatives, the first
/// canonical (used for generating samples).
struct DateTimeTable: Sendable {
    var language: String
    /// January … December.
    var months: [String] = []
    /// Monday … Sunday.
    var weekdays: [String] = []
    /// Day offsets said in one word: 0 "today", 1 "tomorrow", -1 "yesterday".
    var relativeDays: [Int: String] = [:]
    /// Day offsets said in several words: 2 "day after tomorrow".
    var relativeDayPhrases: [Int: String] = [:]
    var keywords: [DateKeyword: String] = [:]
    /// Spring, summer, fall, winter (Alexa's SP, SU, FA, WI).
    var seasons: [String] = []
    /// Decade words by tens digit: 9 "nineties"; 0 "thousands" as in "the two thousands".
    var decades: [Int: String] = [:]
    /// Morning, afternoon, evening, night (Alexa's MO, AF, EV, NI).
    var partsOfDay: [String] = []
    var units: [DurationUnit: String] = [:]
    /// Days with a name, by month and day.
    var holidays: [Holiday] = []
    /// "a.m." and "p.m." when the tokenizer splits them into letters ("a m").
    var amPhrases: String = ""
    var pmPhrases: String = ""
    /// Words that are a date only where a date is expected ("may", "march", "now"): the span
    /// finder reports them after a preposition, the whole-span parser always.
    var weakWords: String = ""

    struct Holiday: Sendable {
        var names: String
        var month: Int
        var day: Int
    }

    /// For locales whose words we have not written: only typed forms ("2026-12-25", "7:30").
    static func numericOnly(language: String) -> DateTimeTable { DateTimeTable(language: language) }
}
