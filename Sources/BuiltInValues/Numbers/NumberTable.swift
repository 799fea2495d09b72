/// How one language says numbers: everything a locale contributes to the number parsers.
///
/// A locale is a value of this type, not code. The same table drives parsing (every form
/// is registered in a ``NumberLexicon``) and rendering (``NumberRenderer`` writes numbers
/// out for training fillers), so what we generate is always what we read back.
///
/// Text fields hold alternatives separated by `|`; the first is the canonical form used
/// when rendering. Patterns use `{t}` (tens), `{u}` (unit), `{n}` (a rendered count) and
/// `{s}` (a scale or multiplier word).
package struct NumberTable: Sendable {
    /// The language code (`en`, `de`, …) the table is for.
    var language: String

    // MARK: Cardinals below one hundred
    /// 0…9.
    package var units: [String]
    /// 10…19.
    var teens: [String]
    /// 20, 30, … 90.
    var tens: [String]
    /// How a tens word and a unit make 21…99 ("{t} {u}", "{u}und{t}"). Empty when
    /// ``twoDigitExceptions`` lists every two-digit number (Hindi).
    var twoDigitPatterns: [String] = []
    /// Unit forms used inside two-digit compounds when they differ ("ein" in "einundzwanzig").
    var compoundUnits: [Int: String] = [:]
    /// Tens forms used inside compounds when they differ ("quatre-vingt" in "quatre-vingt-un").
    var compoundTens: [Int: String] = [:]
    /// Whole forms of two-digit numbers that do not follow the pattern.
    var twoDigitExceptions: [Int: String] = [:]
    /// 70–79 are said 60 + 10…19 and 90–99 are 80 + 10…19 (French).
    var vigesimal = false
    /// A tens word loses its final vowel before a unit that starts with one (Italian "ventuno").
    var elidesTensVowel = false
    /// Single words may join several number words ("dreihundertzwanzig", "duecentotre"):
    /// the lexicon then segments unknown words into known number words.
    var compounding = false

    // MARK: Hundreds and above
    /// Words that multiply what precedes them within a scale group (hundred; Japanese 百 and 千).
    package var multipliers: [Multiplier]
    /// Words that close a group (thousand, million; Japanese 万 and 億; Hindi लाख).
    var scales: [Scale]
    /// Between a multiplier group and the rest ("one hundred and five"): first renders.
    var restJoiners: [String] = [" "]
    /// Between a scale group and what follows ("two thousand and five").
    var scaleJoiners: [String] = [" "]

    // MARK: Other number words
    var conjunctions: [String] = []
    /// Conjunctions written onto the next word (Arabic و).
    var conjunctionPrefixes: [String] = []
    package var negatives: [String] = []
    /// Words for the decimal point ("point", "Komma").
    package var decimalPoints: [String] = []
    /// Words that mean one before a multiplier or scale ("a hundred").
    package var articlesForOne: [String] = []
    /// Extra ways to say the digit zero when reading digits ("oh").
    package var zeroDigits: [String] = []
    /// Words that repeat the next digit when reading digits ("double five" → 55).
    package var repeatWords: [String: Int] = [:]

    // MARK: Digits as typed
    package var decimalSeparator: Character = "."
    package var groupingSeparator: Character = ","

    // MARK: Ordinals
    package var ordinals: OrdinalRules

    /// A word that multiplies the number before it within a group, such as "hundred".
    package struct Multiplier: Sendable {
        var value: Int64
        /// The word after a count ("hundred", "百").
        package var word: String
        /// How a count and the word combine ("{n} {s}", "{n}{s}").
        var pattern: String
        /// The forms for exactly one of them ("one hundred|a hundred|hundred").
        var one: String
        /// The largest count it multiplies (English "twenty five hundred" allows 99).
        var maxFactor: Int64
        /// Whole words for 100…900 where the language has them (Spanish "doscientos").
        var forms: [String] = []
        /// The form for exactly the multiplier with nothing after it (Spanish "cien").
        var exact: String? = nil
    }

    /// A word that closes a group of the number, such as "thousand".
    struct Scale: Sendable {
        var value: Int64
        /// After one ("one thousand|a thousand|thousand", "mille").
        var one: String
        /// After a count, in the singular ("thousand", "mila" is ``many`` in Italian).
        var word: String
        /// After counts of two or more, when that differs ("Millionen", "mila", "millones").
        var many: String? = nil
        /// The whole word for two of them (Arabic dual "ألفان").
        var dual: String? = nil
        /// After counts three to ten (Arabic "آلاف").
        var few: String? = nil
        /// How a count and the word combine.
        var pattern: String = "{n} {s}"
        /// What follows this scale's group, when it differs from ``NumberTable/scaleJoiners``.
        var joiner: String? = nil
    }
}
