import InteractionModel
import SkillNLU

/// What the generator fills a slot with when its type lists mostly placeholders
/// (``SkillSchema/TypeInfo/isPlaceholderList``): everyday nouns of many kinds, and the type's
/// few real values.
///
/// Such a type is an open list whose values the model does not know ("CATEGORY_NAME_1" stands
/// for "technology" or "world news"), so its fillings should teach the tagger and the
/// classifier a value by the words around it, not by its own words. The nouns come from the
/// example lists of Alexa's built-in list types of things — genres, sports, foods, animals,
/// colours, countries, cities, kinds of shops, drinks, rooms, languages, weather, desserts —
/// so that no one kind of word is learnt as the value and every intent that uses the type
/// draws from the same mix. Lists of names and titles stay out: their long capitalised
/// phrases, many starting with "the", teach spans that swallow the carrier's article. The
/// generic stand-ins of empty types (``TrainingDataGenerator/openFillers``: "something",
/// "the blue one") taught the slot less than these nouns.
package enum PlaceholderListFillers {
    /// The built-in list types whose example values make the nouns.
    static let nounTypes = ["AMAZON.Genre", "AMAZON.Sport", "AMAZON.Food", "AMAZON.Animal", "AMAZON.Color",
                            "AMAZON.Country", "AMAZON.City", "AMAZON.LocalBusinessType", "AMAZON.Drink", "AMAZON.Room",
                            "AMAZON.Language", "AMAZON.WeatherCondition", "AMAZON.Dessert"]

    /// The fillers of `type`: the nouns in `locale` (English where we have no list in its
    /// language), then the values and synonyms of `type` that are not placeholders.
    package static func values(of type: SkillSchema.TypeInfo, locale: String) -> [String] {
        let nouns = nounTypes.flatMap { BuiltInValues.examples(for: $0, locale: locale) }
        let real = type.values.flatMap { [$0.name.value] + $0.name.synonyms }
            .filter { !$0.isEmpty && !PlaceholderValue.isPlaceholder($0) }
        return nouns + real
    }
}
