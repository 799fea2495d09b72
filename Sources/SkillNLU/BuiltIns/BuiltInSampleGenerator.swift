import BuiltInValues

/// Generates things people say for the parsed built-in types, from the same tables the
/// parsers read, so every sample parses back.
struct BuiltInSampleGenerator {
    var rng: SeededGenerator
    let tables: BuiltInLocaleTables
    let renderer: NumberRenderer
    let dates: DateTimeTable
    let monthFirst: Bool

    init(locale: String, seed: UInt64) {
        rng = SeededGenerator(seed: seed)
        let parser = BuiltInParser(locale: locale)
        tables = parser.tables
        renderer = tables.numbers.renderer
        dates = tables.dates.table
        monthFirst = parser.monthFirst
    }

    var numbers: NumberTable { tables.numbers.table }
    var hasNumberWords: Bool { !numbers.multipliers.isEmpty }
    var hasDateWords: Bool { !dates.months.isEmpty }

    /// A sample and, where it does not depend on the reference date, the value it parses to.
    mutating func sample(_ kind: BuiltInKind) -> (text: String, value: String?)? {
        switch kind {
        case .number: return number()
        case .ordinal: return ordinal()
        case .fourDigitNumber: return fourDigit()
        case .phoneNumber: return phone()
        case .date: return date()
        case .time: return time()
        case .duration: return duration()
        }
    }

    // MARK: Helpers

    /// `n` in words, canonical forms mostly, alternatives sometimes.
    mutating func words(_ n: Int64) -> String? {
        var r = rng
        let text = renderer.cardinal(n) { c in r.chance(0.6) ? 0 : r.below(c) }
        rng = r
        return text
    }

    mutating func ordinalWords(_ n: Int64) -> String? {
        var r = rng
        let text = renderer.ordinal(n) { c in r.chance(0.6) ? 0 : r.below(c) }
        rng = r
        return text
    }

    /// The canonical form of a `|`-separated table entry.
    func first(_ text: String) -> String { NumberRenderer.alternatives(text).first ?? "" }

    func keyword(_ k: DateKeyword) -> String { dates.keywords[k].map(first) ?? "" }

    /// Singular for one, the plural (second form) otherwise.
    func unitWord(_ u: DurationUnit, count: Rational) -> String {
        let forms = NumberRenderer.alternatives(dates.units[u] ?? "")
        guard !forms.isEmpty else { return "" }
        return count == Rational(1) || forms.count == 1 ? forms[0] : forms[1]
    }

    func digitWord(_ d: Int) -> String { first(numbers.units[d]) }

    /// "twenty three" or "23".
    mutating func wordsOrDigits(_ n: Int64, digits p: Double = 0.35) -> String {
        if !hasNumberWords || rng.chance(p) { return String(n) }
        return words(n) ?? String(n)
    }
}
