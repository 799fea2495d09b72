/// What the date and time grammars know about one word.
struct DateWordInfo: Sendable, Equatable {
    var keyword: DateKeyword?
    /// 1…12, or 0.
    var month: Int8 = 0
    /// ISO weekday 1 (Monday) … 7, or 0.
    var weekday: Int8 = 0
    var relativeDay: Int8?
    /// 1 spring, 2 summer, 3 fall, 4 winter, or 0.
    var season: Int8 = 0
    /// Tens digit of a decade word, or -1.
    var decade: Int8 = -1
    /// 1 morning, 2 afternoon, 3 evening, 4 night, or 0.
    var partOfDay: Int8 = 0
    var unit: DurationUnit?
    /// A multi-word phrase (holiday, "day after tomorrow", "a m") starts with this word.
    var startsPhrase = false
    /// A date or time only where one is expected ("may", "now"; see ``DateTimeTable/weakWords``).
    var weak = false
    /// An amount in quarters said as one word (Hindi "डेढ़" 6, one and a half), or 0.
    var quarters: Int8 = 0
    /// Quarters added to the number after this word (Hindi "साढ़े" +2, "पौने" −1), or 0.
    var addsQuarters: Int8 = 0
    /// An amount of a unit in one word (Arabic "يومين", two days; "mezz'ora"), or nil.
    var amountUnit: DurationUnit?
    /// That amount in quarters.
    var amountQuarters: Int8 = 0

    /// A month, season or unit: a word that "this", "next" or "last" can say which one of.
    var isModifiable: Bool { month > 0 || season > 0 || unit != nil }
}
