import BuiltInValues

/// The words a person wraps around a request's free text, by language: the openers before the
/// request's verb ("can you", "could you please" of "can you play …"), the object pronoun after
/// it ("play *me* …") and the trailers after the text ("… *for me*").
///
/// Closed lists of function words; the verbs themselves come from the skill's own samples
/// (``SampleCarriers``).
struct RequestWords: Sendable {
    let openers: Set<UInt64>
    let pronouns: Set<UInt64>
    let trailers: Set<[UInt64]>

    init(tokenizer: Tokenizer) {
        let language = tokenizer.languageCode
        func keys(_ phrases: [String]) -> [[UInt64]] {
            phrases.map { tokenizer.tokenize($0).map(PhraseTrie.key) }.filter { !$0.isEmpty }
        }
        openers = Set(keys(Self.openers[language] ?? []).joined())
        pronouns = Set(keys(Self.pronouns[language] ?? []).joined())
        trailers = Set(keys(Self.trailers[language] ?? []))
    }

    /// Words said before a request's verb, by language code.
    static let openers: [String: [String]] = [
        "en": ["can", "could", "would", "will", "you", "please", "i", "i'd", "i'm", "want", "wanna", "to", "like",
               "let's", "go", "ahead", "and", "just", "now", "ok", "okay", "hey", "so"],
        "de": ["kannst", "könntest", "würdest", "du", "bitte", "ich", "möchte", "will", "würde", "gern", "gerne",
               "jetzt", "mal", "ok", "okay", "und"],
        "fr": ["peux", "pourrais", "tu", "vous", "pouvez", "pourriez", "s'il", "te", "plaît", "je", "veux",
               "voudrais", "aimerais", "j'aimerais", "maintenant", "ok", "et"],
        "es": ["puedes", "podrías", "por", "favor", "quiero", "quisiera", "me", "gustaría", "ahora", "vale", "y"],
        "it": ["puoi", "potresti", "per", "favore", "voglio", "vorrei", "adesso", "ora", "ok", "e"],
        "pt": ["pode", "podes", "poderia", "por", "favor", "quero", "queria", "gostaria", "de", "agora", "e"],
    ]
    /// Object pronouns said right after a request's verb ("play me …"), by language code.
    static let pronouns: [String: [String]] = [
        "en": ["me", "us"],
        "de": ["mir", "uns"],
        "fr": ["moi", "nous"],
        "es": ["me", "nos"],
        "it": ["mi", "ci"],
        "pt": ["me", "nos"],
    ]
    /// Words said after a request's free text that belong to no title, by language code, besides
    /// the conversational trailers every span loses (``SampleCarriers/trailers``). Words that end
    /// titles too ("now" of "the power of now") are left out.
    static let trailers: [String: [String]] = [
        "en": ["for me", "for us"],
        "de": ["für mich", "für uns"],
        "fr": ["pour moi", "pour nous"],
        "es": ["para mí", "para nosotros"],
        "it": ["per me", "per noi"],
        "pt": ["para mim", "para nós"],
    ]
}
