/// How a language forms ordinal numbers ("third", "dritte", "第三").
package struct OrdinalRules: Sendable {
    /// How ordinals are written out beyond the whole forms in ``words``.
    enum Style: Sendable {
        /// Write the cardinal and replace its last word ("twenty three" → "twenty third").
        case replaceLastWord
        /// Write the cardinal and add a suffix ("dreiundzwanzig" → "dreiundzwanzigste").
        case suffix
        /// Add ordinal words together ("vigésimo tercero").
        case additive
        /// Fill patterns (``patterns``).
        case patterns
    }
    var style: Style
    /// Whole ordinal forms by value (1 → "first", 20 → "vigésimo").
    var words: [Int: String] = [:]
    /// Endings and the endings they alternate with (gender, case): "o" → ["a", "os", "as"].
    var inflections: [String: [String]] = [:]
    /// For ``Style/replaceLastWord``: cardinal word → ordinal word.
    var lastWord: [String: String] = [:]
    /// For ``Style/suffix``: suffix for values below ``largeFrom``, and from it on.
    var smallSuffix: String = ""
    var largeSuffix: String = ""
    var largeFrom: Int = 20
    /// For ``Style/suffix``: drop the cardinal's final vowel before the suffix ("undici" →
    /// "undicesimo") unless it ends with one of ``keptEndings`` ("ventitré" → "ventitreesimo").
    var elidesFinalVowel = false
    var keptEndings: [String] = []
    /// Suffixes the parser strips (with inflections), and letters it may restore to the stem.
    var parseSuffixes: [String] = []
    var stemCompletions: [String] = [""]
    /// For ``Style/patterns``: rules tried in order; `{n}` is the cardinal of the value,
    /// `{ou}` the ordinal of its unit digit (using ``compoundWords``), `{ct}` the cardinal of its tens.
    var patterns: [PatternRule] = []
    /// Ordinal unit forms used inside compounds ("unième" in "vingt et unième", "الحادي").
    var compoundWords: [Int: String] = [:]
    /// Prefixes that make the following cardinal ordinal (Arabic article "ال" in "العشرون").
    var articlePrefixes: [String] = []
    /// Tokens before a number that make it ordinal (Japanese 第).
    package var prefixTokens: [String] = []
    /// Token sequences after a number that make it ordinal (Japanese 番目).
    package var suffixTokens: [[String]] = []
    /// Words written right after digits that make them ordinal ("3º", "3e", "1er").
    package var digitMarkers: [String] = []
    /// An ordinal word may be followed by cardinal words (Arabic "الحادي عشر").
    var mayPrecedeCardinal = false

    struct PatternRule: Sendable {
        /// Which values the rule renders.
        var range: ClosedRange<Int>
        /// Only values that are multiples of ten.
        var tensOnly = false
        /// Only values that are not multiples of ten.
        var nonTensOnly = false
        var pattern: String
    }
}
