import BuiltInValues

/// Values of Alexa's built-in slot types for training and matching: lists for open-list
/// types (names, cities, colours …) and generated surface forms for the parsed types
/// (numbers, dates, times, durations …).
public enum BuiltInValues {
    /// Values we wrote for an open-list type (AMAZON.FirstName, AMAZON.US_CITY, AMAZON.Color …),
    /// usable as a gazetteer and as training fillers. Empty for parsed types, for
    /// AMAZON.SearchQuery (free text) and for types we have no list for.
    ///
    /// Lists are English, except day and month names, which every supported locale has.
    public static func examples(for type: String, locale: String) -> [String] {
        let key = type.uppercased()
        let language = BuiltInLocaleTables.language(of: locale)
        if let local = BuiltInValueLists.localized[language]?[key] { return local }
        return BuiltInValueLists.english[key] ?? []
    }

    /// Whether we have values or a generator for this type.
    public static func knows(type: String) -> Bool {
        BuiltInKind(typeName: type) != nil || BuiltInValueLists.english[type.uppercased()] != nil
            || type.uppercased() == "AMAZON.SEARCHQUERY"
    }

    /// `count` things a person might say as a value of `type`, deterministic for `seed`.
    ///
    /// For parsed types the forms vary the way speech and typing do (words and digits,
    /// "a hundred and five", "the 25th of december", "quarter past six", "an hour and a
    /// half"); each parses back with `BuiltInParser` in the same locale. Open-list types
    /// draw from ``examples(for:locale:)``; AMAZON.SearchQuery draws free phrases. Empty when
    /// the type is unknown, or when the locale has no words for it (durations in a locale without
    /// duration words: any but en, de, es, fr, it, pt, hi, ar and ja).
    public static func samples(for type: String, locale: String, count: Int, seed: UInt64) -> [String] {
        guard count > 0 else { return [] }
        if let kind = BuiltInKind(typeName: type) {
            var generator = BuiltInSampleGenerator(locale: locale, seed: seed)
            return (0..<count).compactMap { _ in generator.sample(kind)?.text }
        }
        var rng = SeededGenerator(seed: seed)
        let pool: [String]
        if type.uppercased() == "AMAZON.SEARCHQUERY" {
            pool = BuiltInValueLists.searchPhrases
        } else {
            pool = examples(for: type, locale: locale)
        }
        guard !pool.isEmpty else { return [] }
        return (0..<count).map { _ in rng.pick(pool) }
    }
}
