/// Two places of an interaction model that a user's words cannot tell apart, as the Alexa
/// developer console's utterance-conflict report shows them: both samples, an utterance that
/// fits both, and what to do about it.
public struct SampleConflict: Sendable, Equatable {
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A sample, its slots filled with listed values, spells a sample of another intent.
        case sameUtterance
        /// Two samples put slots of different types in the same carrier phrase, and a value is
        /// listed in both types: the words fit both (two intents, or two slots of one intent).
        case sharedSlotValue
        /// The trained model reads a sample as another intent (the exact layer still answers
        /// the sample itself, but utterances near it go the other way).
        case statistical
    }

    /// A sample of the model.
    public struct Place: Sendable, Equatable {
        public var intent: String
        /// Index of the intent in `languageModel.intents`.
        public var intentIndex: Int
        /// Index of the sample in the intent's `samples`; nil for one of our default samples
        /// of a built-in intent, or for an intent without samples (then ``sample`` is empty).
        public var sampleIndex: Int?
        public var sample: String

        public init(intent: String, intentIndex: Int, sampleIndex: Int?, sample: String) {
            self.intent = intent
            self.intentIndex = intentIndex
            self.sampleIndex = sampleIndex
            self.sample = sample
        }

        /// `intents[3].samples[7]`, or `intents[3] (default sample)`.
        public var path: String {
            sampleIndex.map { "intents[\(intentIndex)].samples[\($0)]" } ?? "intents[\(intentIndex)] (default sample)"
        }
    }

    public var kind: Kind
    /// The sample the conflict is reported at.
    public var place: Place
    /// The sample it conflicts with (for ``Kind/statistical``, the other intent's sample most
    /// like it).
    public var other: Place
    /// Words that fit both (for ``Kind/statistical``, the filled sample the model misreads).
    public var utterance: String
    /// The value listed in both slot types (``Kind/sharedSlotValue``).
    public var sharedValue: String?
    /// The two slot types that share ``sharedValue``.
    public var slotTypes: [String]
    /// The trained model's confidence in the other intent (``Kind/statistical``).
    public var confidence: Double?

    public init(kind: Kind, place: Place, other: Place, utterance: String, sharedValue: String? = nil,
                slotTypes: [String] = [], confidence: Double? = nil) {
        self.kind = kind
        self.place = place
        self.other = other
        self.utterance = utterance
        self.sharedValue = sharedValue
        self.slotTypes = slotTypes
        self.confidence = confidence
    }

    /// What the conflict means and how to resolve it, in one sentence for a developer.
    public var message: String {
        let otherText = "\(other.path) \"\(other.sample)\"" + (other.intent == place.intent ? "" : " of \(other.intent)")
        switch kind {
        case .sameUtterance:
            return "conflicts with \(otherText): \"\(utterance)\" fits both; keep such utterances in one intent, "
                + "or reword one sample so that listed values cannot spell the other"
        case .sharedSlotValue:
            let value = sharedValue ?? utterance
            let types = slotTypes.count == 2 ? "both \(slotTypes[0]) and \(slotTypes[1])" : "two slot types"
            let what = other.intent == place.intent ? "the slot meant" : "the intent meant"
            return "conflicts with \(otherText): \"\(value)\" is a value of \(types) in the same place of "
                + "\"\(utterance)\", so \(what) cannot be told; remove the value from one type or give the samples "
                + "different carrier words"
        case .statistical:
            let p = confidence.map { " (\(Int(($0 * 100).rounded())) %)" } ?? ""
            let closest = other.sample.isEmpty ? "" : ", closest to \(otherText)"
            return "the trained model reads \"\(utterance)\" as \(other.intent)\(p)\(closest); "
                + "the exact match still answers this sample, but utterances near it go to \(other.intent): add samples "
                + "to \(place.intent) that say it differently, or reword one of them"
        }
    }
}
