extension DateTimeTable {
    /// English date, time and duration words.
    static let english = DateTimeTable(
        language: "en",
        months: ["january", "february|feb", "march", "april|apr", "may", "june|jun", "july|jul",
                 "august|aug", "september|sep|sept", "october|oct", "november|nov", "december|dec"],
        weekdays: ["monday|mon", "tuesday|tue|tues", "wednesday", "thursday|thu|thur|thurs", "friday|fri",
                   "saturday", "sunday"],
        relativeDays: [0: "today|tonight|now", 1: "tomorrow|tomorow|tmrw", -1: "yesterday"],
        relativeDayPhrases: [2: "day after tomorrow", -2: "day before yesterday"],
        keywords: [
            .next: "next|coming|following", .this: "this", .last: "last|previous", .of: "of",
            .the: "the", .on: "on", .in: "in|within", .at: "at", .by: "by", .for: "for", .from: "from",
            .ago: "ago", .after: "after", .before: "before", .now: "now", .noon: "noon|midday",
            .midnight: "midnight", .am: "am", .pm: "pm", .oclock: "o'clock|oclock", .quarter: "quarter",
            .half: "half", .past: "past", .to: "to|till|til", .and: "and", .weekend: "weekend|weekends",
            .around: "around|about", .hours: "hours", .quarters: "quarters", .couple: "couple",
            .until: "until",
        ],
        seasons: ["spring", "summer", "fall|autumn", "winter"],
        decades: [0: "thousands", 1: "tens", 2: "twenties", 3: "thirties", 4: "forties", 5: "fifties",
                  6: "sixties", 7: "seventies", 8: "eighties", 9: "nineties"],
        partsOfDay: ["morning", "afternoon", "evening", "night|tonight"],
        units: [.second: "second|seconds|sec|secs", .minute: "minute|minutes|min|mins",
                .hour: "hour|hours|hr|hrs", .day: "day|days", .week: "week|weeks",
                .fortnight: "fortnight|fortnights", .month: "month|months", .year: "year|years|yr|yrs",
                .decade: "decade|decades"],
        holidays: [
            Holiday(names: "christmas|christmas day|xmas", month: 12, day: 25),
            Holiday(names: "christmas eve", month: 12, day: 24),
            Holiday(names: "new year's day|new years day|new year's|new year", month: 1, day: 1),
            Holiday(names: "new year's eve|new years eve", month: 12, day: 31),
            Holiday(names: "halloween", month: 10, day: 31),
            Holiday(names: "valentine's day|valentines day", month: 2, day: 14),
            Holiday(names: "independence day", month: 7, day: 4),
            Holiday(names: "saint patrick's day|st patrick's day|st. patrick's day", month: 3, day: 17),
        ],
        amPhrases: "a m|a.m.",
        pmPhrases: "p m|p.m.",
        weakWords: "may|march|now|second|fall|sat|sun"
    )
}
