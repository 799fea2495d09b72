import BuiltInValues
import InteractionModel

/// Chooses representative example utterances per intent from a model's samples, the way a
/// skill store lists what a skill understands.
///
/// The examples should teach: so they differ in their carrier phrases (the first is the
/// sample most like the others, each next one the sample least like those already chosen,
/// by the words outside slots), they prefer samples with slots, and slots are filled with real
/// values, a different value each time, so the listing shows the range of the model.
public struct ExampleSelector: Sendable {
    let schema: SkillSchema

    /// Examples for the intents of `model`. Built-in slots are filled with everyday values of
    /// the type (a short list we wrote for English; elsewhere the shortest forms
    /// ``BuiltInValues`` generates in the model's locale); a type with nothing to say shows as
    /// its sample's example, else as `{slot}`.
    public init(model: InteractionModel) {
        self.init(schema: SkillSchema(model: model, tokenizer: Tokenizer(locale: model.locale)))
    }

    init(schema: SkillSchema) {
        self.schema = schema
    }

    /// Samples of one intent weighed for its examples, at most (evenly spread over the list).
    static let candidateLimit = 200

    /// Up to `perIntent` examples for every intent that has samples, in model order.
    /// AMAZON.FallbackIntent, which stands for everything a skill does not understand, is left out.
    /// - Parameter accept: whether an example (text, intent) may be shown; a trained model
    ///   passes one that keeps only examples it understands as their intent. When it accepts
    ///   none of an intent's candidates, the intent keeps its unchecked examples.
    public func examples(perIntent: Int = 3, accept: ((_ text: String, _ intent: String) -> Bool)? = nil) -> [IntentExamples] {
        var valueTurn: [Int: Int] = [:]
        var out: [IntentExamples] = []
        for intent in schema.intents where intent.name != "AMAZON.FallbackIntent" {
            let order = rank(intent.samples, count: accept == nil ? perIntent : 4 * perIntent)
            guard !order.isEmpty else { continue }
            var shown: [String] = []
            var unchecked: [String] = []
            for sample in order where shown.count < perIntent {
                let text = fill(sample, intent: intent, turn: &valueTurn)
                if shown.contains(text) || unchecked.contains(text) { continue }
                if unchecked.count < perIntent { unchecked.append(text) }
                if accept?(text, intent.name) ?? true { shown.append(text) }
            }
            out.append(IntentExamples(intent: intent.name, examples: shown.isEmpty ? unchecked : shown))
        }
        return out
    }

    /// Up to `count` samples in farthest-first order by their carrier words: the first is the
    /// most typical sample with slots, each next one the least like those before it.
    func rank(_ all: [SampleTemplate], count: Int) -> [SampleTemplate] {
        guard count > 0, !all.isEmpty else { return [] }
        let stride = max(1, (all.count + Self.candidateLimit - 1) / Self.candidateLimit)
        let samples = Swift.stride(from: 0, to: all.count, by: stride).map { all[$0] }
        let words = samples.map { sample -> Set<UInt64> in
            var set: Set<UInt64> = []
            for case .text(let t) in sample.parts {
                for token in schema.tokenizer.tokenize(t) { set.insert(PhraseTrie.key(token)) }
            }
            return set
        }
        func distance(_ a: Int, _ b: Int) -> Double {
            let union = words[a].union(words[b]).count
            guard union > 0 else { return samples[a].slotNames == samples[b].slotNames ? 0 : 1 }
            return 1 - Double(words[a].intersection(words[b]).count) / Double(union)
        }
        // Samples with slots teach more; the first pick is the most typical of those.
        let pool = samples.indices.filter { !samples[$0].slotNames.isEmpty }
        let preferred = pool.isEmpty ? Array(samples.indices) : pool
        let first = preferred.min { a, b in
            let da = samples.indices.reduce(0.0) { $0 + distance(a, $1) }
            let db = samples.indices.reduce(0.0) { $0 + distance(b, $1) }
            return da < db
        }!
        var picked = [first]
        // The distance of each sample to the nearest one picked so far.
        var nearest = samples.indices.map { distance($0, first) }
        while picked.count < min(count, samples.count) {
            let next = samples.indices.filter { !picked.contains($0) }.max { a, b in
                let da = nearest[a] + (samples[a].slotNames.isEmpty ? 0 : 0.01)
                let db = nearest[b] + (samples[b].slotNames.isEmpty ? 0 : 0.01)
                return da < db || (da == db && a > b)
            }
            guard let next else { break }
            picked.append(next)
            for i in samples.indices { nearest[i] = min(nearest[i], distance(i, next)) }
        }
        return picked.map { samples[$0] }
    }

    /// The sample with each slot replaced by a value of its type, rotating through the values.
    func fill(_ sample: SampleTemplate, intent: SkillSchema.IntentInfo, turn: inout [Int: Int]) -> String {
        var text = ""
        for part in sample.parts {
            switch part {
            case .text(let t): text += t
            case .slot(let name, let example):
                guard let slot = intent.slot(named: name) else { text += name; continue }
                let type = schema.types[slot.type]
                var pool = type.values.map(\.name.value)
                if pool.isEmpty { pool = type.surfaceForms.map(\.text) }
                if pool.isEmpty { pool = builtInExamples(type.name) }
                if let example, pool.isEmpty { pool = [example] }
                if pool.isEmpty { text += "{\(name)}"; continue }
                let k = turn[slot.type, default: 0]
                turn[slot.type] = k + 1
                text += pool[k % pool.count]
            }
        }
        return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// Everyday values of a built-in type for examples.
    func builtInExamples(_ type: String) -> [String] {
        let locale = schema.tokenizer.localeIdentifier
        if locale.hasPrefix("en"), let listed = Self.englishExamples[type] { return listed }
        // Generated forms vary widely ("six thousand six hundred and one"); the shortest read best.
        let generated = BuiltInValues.samples(for: type, locale: locale, count: 32, seed: StableHash.hash(type))
        var unique: [String] = []
        for g in generated.sorted(by: { ($0.count, $0) < ($1.count, $1) }) where !unique.contains(g) { unique.append(g) }
        return Array(unique.prefix(4))
    }

    /// A few everyday English values of common built-in slot types.
    static let englishExamples: [String: [String]] = [
        "AMAZON.NUMBER": ["two", "five", "twelve", "one"],
        "AMAZON.Ordinal": ["first", "second", "third"],
        "AMAZON.FOUR_DIGIT_NUMBER": ["twenty twenty six", "one two three four"],
        "AMAZON.DATE": ["tomorrow", "next friday", "december twenty fifth", "today"],
        "AMAZON.TIME": ["seven pm", "noon", "half past eight", "six thirty"],
        "AMAZON.DURATION": ["ten minutes", "two hours", "half an hour"],
        "AMAZON.PhoneNumber": ["five five five one two three four"],
        "AMAZON.FirstName": ["Anna", "James", "Maria", "David"],
        "AMAZON.US_FIRST_NAME": ["Anna", "James", "Maria", "David"],
        "AMAZON.City": ["Seattle", "Paris", "Berlin", "Tokyo"],
        "AMAZON.US_CITY": ["Seattle", "Boston", "Denver", "Austin"],
        "AMAZON.Country": ["France", "Japan", "Brazil"],
        "AMAZON.Color": ["blue", "red", "green"],
        "AMAZON.SearchQuery": ["the weather in paris", "pizza places nearby"],
        "AMAZON.Language": ["French", "German", "Spanish"],
        "AMAZON.DayOfWeek": ["Monday", "Friday", "Sunday"],
        "AMAZON.Month": ["March", "July", "December"],
        "AMAZON.Animal": ["cat", "dog", "horse"],
        "AMAZON.Food": ["pasta", "salad", "soup"],
        "AMAZON.Sport": ["tennis", "soccer", "golf"],
        "AMAZON.Person": ["Albert Einstein", "Marie Curie"],
        "AMAZON.Actor": ["Tom Hanks", "Meryl Streep"],
        "AMAZON.Artist": ["Adele", "The Beatles"],
        "AMAZON.MusicGroup": ["The Beatles", "Coldplay"],
        "AMAZON.Musician": ["Adele", "Miles Davis"],
        "AMAZON.Author": ["Jane Austen", "Mark Twain"],
        "AMAZON.Book": ["Pride and Prejudice", "Moby Dick"],
        "AMAZON.MusicAlbum": ["Abbey Road", "Thriller"],
        "AMAZON.Genre": ["jazz", "rock", "classical"],
        "AMAZON.Movie": ["Casablanca", "The Matrix"],
        "AMAZON.Room": ["kitchen", "living room", "bedroom"],
        "AMAZON.StreetAddress": ["four ten terry avenue north"],
        "AMAZON.PostalAddress": ["four ten terry avenue north seattle"],
    ]
}
