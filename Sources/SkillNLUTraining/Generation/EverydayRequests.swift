import BuiltInValues

/// Requests from the everyday domains of a voice assistant (weather, timers, music, news,
/// smart home …) that a skill does not handle: out-of-domain examples for
/// AMAZON.FallbackIntent beside the mixtures of ``NegativeUtterances``.
///
/// Mixtures of a skill's own words teach the classifier that its words in the wrong order
/// belong to no intent, but what people say to a skill by mistake is mostly in words it has
/// never seen: "tell me a joke" to a pizza shop. Unseen words carry no weight, so the skill's
/// "tell me" decided (MenuIntent at 72 %). These requests teach that such sentences are out of
/// the skill — except those that share a content word with the skill (its custom intents'
/// samples, its slot values), which may be its business: a weather skill keeps "what's the
/// weather like today", a music skill "play some jazz" — and those whose function words are
/// a sample's with other words in its slots or content words ("how do i make pancakes" to a
/// recipe skill that says "how do i make {dish}"). A request that is a sample of one of the
/// skill's built-in intents is left out too.
struct EverydayRequests {
    /// The requests of the schema's language that share no content word with the skill,
    /// tokenized; none for a language without a table (every language of the built-in
    /// intents' catalogues has one).
    static func outside(_ schema: SkillSchema) -> [[Token]] {
        let language = BuiltInLocaleTables.language(of: schema.tokenizer.localeIdentifier)
        guard let table = tables[language] else { return [] }
        let tokenizer = schema.tokenizer
        let functionWords = folded(FunctionWords.words(language: language), tokenizer)
        func isContent(_ t: Token) -> Bool { !functionWords.contains(t.folded) }
        var skillWords = Set<String>()
        var skeletons = Set<String>()
        var builtInSamples = Set<String>()
        for intent in schema.intents {
            if intent.isBuiltIn && intent.slots.isEmpty {
                for sample in intent.samples { builtInSamples.insert(tokenizer.tokenize(sample.canonicalText).map(\.folded).joined(separator: " ")) }
                continue
            }
            for sample in intent.samples {
                var skeleton = Skeleton()
                for part in sample.parts {
                    switch part {
                    case .text(let text):
                        for t in tokenizer.tokenize(text) {
                            if isContent(t) { skillWords.insert(stem(t.folded)) }
                            skeleton.append(t, isContent: isContent(t))
                        }
                    case .slot:
                        skeleton.appendPlaceholder()
                    }
                }
                skeletons.insert(skeleton.text)
            }
            for slot in intent.slots where schema.types[slot.type].builtInKind == nil {
                for form in schema.types[slot.type].surfaceForms {
                    for t in tokenizer.tokenize(form.text) where isContent(t) { skillWords.insert(stem(t.folded)) }
                }
            }
        }
        return table.requests.compactMap { request in
            let tokens = tokenizer.tokenize(request)
            guard !builtInSamples.contains(tokens.map(\.folded).joined(separator: " ")) else { return nil }
            if tokens.contains(where: { isContent($0) && skillWords.contains(stem($0.folded)) }) { return nil }
            // The skill's own sentence with other words in it ("how do i make {dish}"): the
            // words may be a value it does not list.
            var skeleton = Skeleton()
            for t in tokens { skeleton.append(t, isContent: isContent(t)) }
            return skeletons.contains(skeleton.text) ? nil : tokens
        }
    }

    /// The function words as the tokenizer folds them ("für" → "fur", an Arabic word without
    /// its hamza), so that they compare with tokens; a word the tokenizer splits stays as written.
    static func folded(_ words: Set<String>, _ tokenizer: Tokenizer) -> Set<String> {
        Set(words.map { word in
            let tokens = tokenizer.tokenize(word)
            return tokens.count == 1 ? tokens[0].folded : word
        })
    }

    /// A sentence's function words, with each run of content words and slots as one placeholder.
    struct Skeleton {
        private(set) var text = ""
        private var endsWithPlaceholder = false

        mutating func append(_ token: Token, isContent: Bool) {
            if isContent { appendPlaceholder(); return }
            text += text.isEmpty ? token.folded : " " + token.folded
            endsWithPlaceholder = false
        }

        mutating func appendPlaceholder() {
            guard !endsWithPlaceholder else { return }
            text += text.isEmpty ? "_" : " _"
            endsWithPlaceholder = true
        }
    }

    /// A word without a plural "s", so that "light" and "lights" are one word.
    static func stem(_ word: String) -> String {
        word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word
    }

    /// A language's requests; the words that say nothing about a domain are its
    /// ``FunctionWords``.
    struct Table {
        var requests: [String]
    }

    /// A table per language of the built-in catalogues (``BuiltInIntents/supportedLocales``).
    static let tables: [String: Table] = [
        "en": Table(requests: english),
        "de": Table(requests: german),
        "fr": Table(requests: french),
        "es": Table(requests: spanish),
        "it": Table(requests: italian),
        "pt": Table(requests: portuguese),
        "ja": Table(requests: japanese),
        "hi": Table(requests: hindi),
        "ar": Table(requests: arabic),
    ]
}
