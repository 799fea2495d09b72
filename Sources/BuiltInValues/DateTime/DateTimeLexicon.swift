/// A ``DateTimeTable`` folded and indexed for lookup. A class, so grammars share it without
/// copying its dictionaries.
package final class DateTimeLexicon: Sendable {
    package let table: DateTimeTable
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
        /// A keyword said in several words ("fin de semana"), or one read only as a phrase
        /// (`.agoBefore`, whose word may be another keyword too: German "vor").
        case keyword(DateKeyword)
        /// Several words standing for one date word: a weekday "月曜日", a unit "時間"
        /// (characters are tokens in Japanese), "segunda feira".
        case word(DateWordInfo)
    }

    /// Folded words that need a preposition before them to count as a date or time.
    let weakWords: Set<String>
    /// Folded ``DateTimeTable/modifierFillers``.
    let modifierFillers: Set<String>

    init(table: DateTimeTable, fold: (String) -> [String]) {
        self.table = table
        var info: [String: DateWordInfo] = [:]
        var wordPhrases: [(words: [String], info: DateWordInfo)] = []
        func update(_ text: String, phrases: Bool = true, _ change: (inout DateWordInfo) -> Void) {
            for alt in NumberRenderer.alternatives(text) {
                let words = fold(alt)
                if words.count > 1 {
                    var entry = DateWordInfo()
                    change(&entry)
                    if phrases { wordPhrases.append((words, entry)) }
                    continue
                }
                guard words.count == 1 else { continue }
                var entry = info[words[0]] ?? DateWordInfo()
                change(&entry)
                info[words[0]] = entry
            }
        }
        for (i, m) in table.months.enumerated() { update(m) { $0.month = Int8(i + 1) } }
        for (i, d) in table.weekdays.enumerated() { update(d) { $0.weekday = Int8(i + 1) } }
        for (offset, w) in table.relativeDays { update(w) { $0.relativeDay = Int8(offset) } }
        for (k, w) in table.keywords where k != .agoBefore { update(w, phrases: false) { if $0.keyword == nil { $0.keyword = k } } }
        for (i, s) in table.seasons.enumerated() { update(s) { $0.season = Int8(i + 1) } }
        for (d, w) in table.decades { update(w) { $0.decade = Int8(d) } }
        for (i, p) in table.partsOfDay.enumerated() { update(p) { $0.partOfDay = Int8(i + 1) } }
        for (u, w) in table.units { update(w) { $0.unit = u } }
        for (q, w) in table.fractionWords { update(w) { $0.quarters = Int8(q) } }
        for (q, w) in table.fractionPrefixes { update(w) { $0.addsQuarters = Int8(q) } }
        for a in table.amountWords { update(a.names) { $0.amountUnit = a.unit; $0.amountQuarters = Int8(a.quarters) } }
        // "quest'anno": the keyword and its word in one token (elision comes before a vowel or h).
        let targets = info.filter { word, entry in entry.isModifiable && word.first.map { "aeiouh".contains($0) } == true }
        for prefix in NumberRenderer.alternatives(table.elidedThis) {
            for (word, target) in targets {
                let joined = fold(prefix + word)
                guard joined.count == 1, info[joined[0]] == nil else { continue }
                var entry = target
                entry.keyword = .this
                info[joined[0]] = entry
            }
        }

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
        for (words, entry) in wordPhrases { phrases[words[0], default: []].append(Phrase(words: words, meaning: .word(entry))) }
        addPhrase(table.amPhrases, .am)
        addPhrase(table.pmPhrases, .pm)
        for (k, w) in table.keywords {
            for alt in NumberRenderer.alternatives(w) where k == .agoBefore || fold(alt).count > 1 { addPhrase(alt, .keyword(k)) }
        }
        modifierFillers = Set(NumberRenderer.alternatives(table.modifierFillers).flatMap(fold))
        weakWords = Set(NumberRenderer.alternatives(table.weakWords).flatMap(fold))
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
