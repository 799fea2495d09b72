import Foundation

/// What a caller knows beyond the utterance: the date built-in values are relative to, the
/// slot a dialog is asking for, and how many alternatives to report.
public struct ClassificationContext: Sendable {
    /// A slot a dialog is eliciting: a bare value ("tomorrow", "large") answers it.
    public struct ElicitedSlot: Sendable, Hashable, Codable {
        public var intent: String
        public var slot: String
        public init(intent: String, slot: String) {
            self.intent = intent
            self.slot = slot
        }
    }

    /// "Today" for AMAZON.DATE and friends.
    public var referenceDate: Date
    public var timeZone: TimeZone
    public var elicitingSlot: ElicitedSlot?
    /// Values added at run time (`Dialog.UpdateDynamicEntities`): matched and resolved at once,
    /// without retraining, under the dynamic authority.
    public var dynamicEntities: DynamicEntities?
    /// How many alternative intents to report.
    public var topK: Int
    /// Whether an utterance that spells a sample is answered by the exact layer. Off, the
    /// statistical layer answers everything (how `nlu-train` finds samples it would misread).
    public var exactMatching: Bool = true
    /// Whether to tag slots. Off, only the intent is decided (the classifier alone, no joint
    /// decoding): the cheapest call, for routing.
    public var fillSlots: Bool = true

    public init(referenceDate: Date = Date(), timeZone: TimeZone = .current,
                elicitingSlot: ElicitedSlot? = nil, dynamicEntities: DynamicEntities? = nil, topK: Int = 3) {
        self.referenceDate = referenceDate
        self.timeZone = timeZone
        self.elicitingSlot = elicitingSlot
        self.dynamicEntities = dynamicEntities
        self.topK = topK
    }
}

extension ClassificationContext {
    /// The built-in parsers' view of this context.
    var builtIn: BuiltInContext { BuiltInContext(referenceDate: referenceDate, timeZone: timeZone) }
}
