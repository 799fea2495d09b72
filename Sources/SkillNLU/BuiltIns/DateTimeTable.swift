/// Words with a fixed role in dates, times and durations.
enum DateKeyword: UInt8, Sendable {
    case next, this, last, of, the, on, `in`, at, by, `for`, from, ago, after, before, now
    case noon, midnight, am, pm, oclock, quarter, half, past, to, and, weekend, around, hours
    case quarters, couple, until
}

/// Units of AMAZON.DURATION, largest first.
enum DurationUnit: Int8, Sendable, CaseIterable {
    case decade, year, month, fortnight, week, day, hour, minute, second
}

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
}

/// A ``DateTimeTable`` folded and indexed for lookup. A class, so grammars share it without
/// copying its dictionaries.
final class DateTimeLexicon: Sendable {
    let table: DateTimeTable
    let info: [String: DateWordInfo]
    /// Multi-word phrases (holidays, "day after tomorrow") by their first word.
    let phrases: [String: [Phrase]]

    struct Phrase: Sendable {
        var words: [String]
        var meaning: Meaning
    }

    enum Meaning: Sendable {
        case relativeDay(Int)
        case holiday(month: Int, day: Int)
        case am
        case pm
    }

    /// Folded words that need a preposition before them to count as a date or time.
    let weakWords: Set<String>
    /// Whether the language has date words at all (else only typed forms are read).
    let monthCount: Int

    init(table: DateTimeTable, fold: (String) -> [String]) {
        self.table = table
        var info: [String: DateWordInfo] = [:]
        func update(_ text: String, _ change: (inout DateWordInfo) -> Void) {
            for alt in NumberRenderer.alternatives(text) {
                let words = fold(alt)
                guard words.count == 1 else { continue }
                var entry = info[words[0]] ?? DateWordInfo()
                change(&entry)
                info[words[0]] = entry
            }
        }
        for (i, m) in table.months.enumerated() { update(m) { $0.month = Int8(i + 1) } }
        for (i, d) in table.weekdays.enumerated() { update(d) { $0.weekday = Int8(i + 1) } }
        for (offset, w) in table.relativeDays { update(w) { $0.relativeDay = Int8(offset) } }
        for (k, w) in table.keywords { update(w) { if $0.keyword == nil { $0.keyword = k } } }
        for (i, s) in table.seasons.enumerated() { update(s) { $0.season = Int8(i + 1) } }
        for (d, w) in table.decades { update(w) { $0.decade = Int8(d) } }
        for (i, p) in table.partsOfDay.enumerated() { update(p) { $0.partOfDay = Int8(i + 1) } }
        for (u, w) in table.units { update(w) { $0.unit = u } }

        var phrases: [String: [Phrase]] = [:]
        func addPhrase(_ text: String, _ meaning: Meaning) {
            for alt in NumberRenderer.alternatives(text) {
                let words = fold(alt)
                guard let first = words.first else { continue }
                phrases[first, default: []].append(Phrase(words: words, meaning: meaning))
            }
        }
        for (offset, w) in table.relativeDayPhrases { addPhrase(w, .relativeDay(offset)) }
        for h in table.holidays { addPhrase(h.names, .holiday(month: h.month, day: h.day)) }
        addPhrase(table.amPhrases, .am)
        addPhrase(table.pmPhrases, .pm)
        weakWords = Set(NumberRenderer.alternatives(table.weakWords).flatMap(fold))
        monthCount = table.months.count
        for key in phrases.keys {
            phrases[key]!.sort { $0.words.count > $1.words.count }
            info[key, default: DateWordInfo()].startsPhrase = true
        }
        for word in NumberRenderer.alternatives(table.weakWords).flatMap(fold) where info[word] != nil {
            info[word]!.weak = true
        }
        self.info = info
        self.phrases = phrases
    }
}
