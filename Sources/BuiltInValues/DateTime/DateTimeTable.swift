

/// The words one language uses for dates, times and durations: everything a locale
/// contributes to those grammars. Text fields hold `|`-separated alternatives, the first
/// canonical (used for generating samples).
///
/// Adding a language is data: write its table (and its ``NumberTable``), name both in
/// ``BuiltInLocaleTables/forLocale(_:)``, and add examples written as its speakers say them to
/// `DateTimeLocaleTests`. The suite then also checks that no word is two keywords, that every
/// generated sample parses back, and that every span found in random strings of the table's
/// words parses whole. A language whose word order the flags below do not cover needs a rule
/// in ``DateTimeGrammar``, switched on by a new flag, so that other languages keep their readings.
package struct DateTimeTable: Sendable {
    var language: String
    /// January … December.
    package var months: [String] = []
    /// Monday … Sunday.
    package var weekdays: [String] = []
    /// Day offsets said in one word: 0 "today", 1 "tomorrow", -1 "yesterday".
    package var relativeDays: [Int: String] = [:]
    /// Day offsets said in several words: 2 "day after tomorrow".
    package var relativeDayPhrases: [Int: String] = [:]
    /// Alternatives of several words ("fin de semana", "il y a") are read as phrases; a word
    /// must not be two keywords of one language.
    package var keywords: [DateKeyword: String] = [:]
    /// Spring, summer, fall, winter (Alexa's SP, SU, FA, WI).
    package var seasons: [String] = []
    /// Decade words by tens digit: 9 "nineties"; 0 "thousands" as in "the two thousands".
    package var decades: [Int: String] = [:]
    /// Morning, afternoon, evening, night (Alexa's MO, AF, EV, NI).
    package var partsOfDay: [String] = []
    package var units: [DurationUnit: String] = [:]
    /// Days with a name, by month and day.
    package var holidays: [Holiday] = []
    /// "a.m." and "p.m." when the tokenizer splits them into letters ("a m").
    var amPhrases: String = ""
    var pmPhrases: String = ""
    /// Words that are a date only where a date is expected ("may", "march", "now"): the span
    /// finder reports them after a preposition, the whole-span parser always.
    var weakWords: String = ""
    /// Words that may stand between a word and the modifier after it ("que" in "el lunes que
    /// viene"). Modifiers are read before ("next friday") and after ("vendredi prochain") in
    /// every language; these flags and words only say what a language adds.
    var modifierFillers: String = ""
    /// "halb acht" is 7:30: half refers to the hour to come (German).
    var halfBeforeHour = false
    /// Minutes are said after the hour with "and" or "minus" ("siete y media", "huit heures
    /// moins le quart", "le sette e dieci").
    var hourFirstClock = false
    /// Amounts in quarters said as one word ("डेढ़": 6, one and a half), and words that add
    /// quarters to the number after them ("साढ़े": 2, "साढ़े तीन" is three and a half; "पौने":
    /// −1). They count hours on a clock ("साढ़े तीन बजे" is 3:30) and units in durations.
    var fractionWords: [Int: String] = [:]
    var fractionPrefixes: [Int: String] = [:]
    /// The part of the day is said before the hour and tells am from pm ("शाम 5 बजे", "朝7時").
    var partOfDayBeforeHour = false
    /// Words that are an amount of a unit: Arabic duals ("يومين", two days), Italian "un'ora"
    /// and "mezz'ora", French "demi-heure".
    var amountWords: [AmountWord] = []
    /// "This" elided onto the word it modifies, as one token: Italian "quest'" in "quest'anno",
    /// "quest'estate", "quest'ottobre". Each month, season and unit word of the table is read
    /// after it.
    var elidedThis: String = ""
    /// A unit said alone is one of it ("بعد ساعة", in an hour).
    var bareUnitIsOne = false
    /// Hours are said as ordinals ("السابعة", the seventh) and o'clock may come before the
    /// hour ("الساعة السابعة").
    var ordinalHours = false
    /// Dates written with a marker after each number (Japanese "2026年12月25日"): the markers
    /// of year, month and day, or empty.
    var yearMarker: String = ""
    var monthMarker: String = ""
    var dayMarker: String = ""
    /// What the training-data generator says for AMAZON.DATE, TIME and DURATION, as templates
    /// whose placeholders it fills at random: `{weekday}`, `{month}`, `{monthNumber}` (1…12),
    /// `{day}` (1…28, words or digits), `{ordinalDay}`, `{year}`, `{count}` (2…12), `{hour}`
    /// (1…12), `{hour24}`, `{minute}` (10…59), `{fewMinutes}` (5…25), `{clock}` (typed, "7:45").
    /// Empty for English, whose generator is written out in code (SkillNLU's sample generator).
    package var dateSamples: [String] = []
    package var timeSamples: [String] = []
    package var durationSamples: [String] = []

    struct AmountWord: Sendable {
        var names: String
        var unit: DurationUnit
        /// The amount in quarters: 8 for a dual, 2 for a half.
        var quarters: Int
    }

    package struct Holiday: Sendable {
        package var names: String
        var month: Int
        var day: Int
    }

    /// For locales whose words we have not written: only typed forms ("2026-12-25", "7:30").
    static func numericOnly(language: String) -> DateTimeTable { DateTimeTable(language: language) }
}
