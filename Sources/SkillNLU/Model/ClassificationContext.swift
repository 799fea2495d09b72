import BuiltInValues
import Foundation

/// What a caller knows beyond the utterance: the date built-in values are relative to, the
/// slot a dialog is asking for, and how many alternatives to report.
public struct ClassificationContext: Sendable {
    /// A slot a dialog is eliciting: a bare value ("tomorrow", "large") answers it.
    ///
    /// See ``ClassificationContext/elicitingSlot`` for how an answer is read.
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
    /// The slot a dialog has just asked for. As on Alexa, an answer that is only a value is
    /// that slot's value — a listed one, an unlisted value of a custom or built-in list type,
    /// a free phrase for AMAZON.SearchQuery — while an answer that really is another request
    /// ("cancel", "help", another intent's sample or words) still is that request.
    ///
    /// The answer is read in this order; the first step that answers decides:
    /// 1. It spells one of the slot's samples (or is a bare value) with values the model lists
    ///    or parses: the elicited intent, confidence 1 (``DecisionLayer/exact``).
    /// 2. It spells a sample of any intent: that intent (``DecisionLayer/exact``), so a
    ///    built-in "cancel", "stop" or "help" and another intent's samples still switch — except
    ///    a sample of another intent that is only slots ("{answer}"): a value is no evidence
    ///    for that intent, and the answer goes on to step 3.
    /// 3. The classifier's best intent is another one (not AMAZON.FallbackIntent) with
    ///    probability at least ``intentSwitchConfidence`` *and* the answer holds a word of
    ///    that intent's samples that neither the elicited intent's samples nor its slots'
    ///    samples use: the answer changes the subject, and the statistical layer reads it as
    ///    without a dialog. A bare value ("Ada", "something nice") is evidence for no intent,
    ///    however sure the classifier is that some intent with a slot of that kind is meant.
    /// 4. Otherwise the answer is the elicited intent's (``DecisionLayer/elicitation``), its
    ///    slots taken from the first of these readings that finds any:
    ///    - one of the slot's samples with carrier words around an unlisted value
    ///      ("a {size} one" → "a gigantic one" gives "gigantic");
    ///    - for AMAZON.SearchQuery, the whole answer, as said;
    ///    - the tagger over the elicited intent, when it finds the slot (other slots it finds
    ///      are kept: people say more than they are asked; a multiple-value slot's list is
    ///      read as in any answer, its "and" a word of the list). The slot asked for comes
    ///      first: when the tagger gives another slot a value that is also one of the asked
    ///      slot's type, the asked slot takes it (a year said in words while the year is asked
    ///      for fills the year, not the day);
    ///    - the same tagger, when all it finds are listed or parsed values of the intent's
    ///      other slots ("a large" while the pizza is asked for fills the size; the dialog then
    ///      asks for the pizza again);
    ///    - the tagger allowed only the elicited slot;
    ///    - the listed and parsed values the answer says, each given to the intent's slot of
    ///      its type (the elicited slot first), when they include the elicited slot's and
    ///      explain the whole answer ("pepperoni with olives" while the pizza is asked for);
    ///    - the bare value: for a slot that takes unlisted values (custom types, built-in list
    ///      types), the answer without carrier phrases ("it's for", "please", and the text around
    ///      the slots of the model's slot samples); for a parsed type (numbers, dates …), the
    ///      longest value of its kind in the answer.
    ///
    ///    The intent's confidence is its probability or, when higher, one minus the best other
    ///    intent's probability.
    /// 5. An answer with no value for a parsed slot ("gigantic" for a number) is read as
    ///    without a dialog.
    ///
    /// While a slot is elicited, slots are filled whatever ``fillSlots`` says: the value is the
    /// point of the answer.
    public var elicitingSlot: ElicitedSlot?
    /// While a slot is elicited, the classifier probability another intent needs (with words of
    /// its own in the answer) to take the turn from the dialog. At 0.5 or more only the best
    /// intent can qualify: more likely than all others together.
    public var intentSwitchConfidence: Double = 0.5
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
    /// Whether the tagger's slot values get their confidence (``SlotValue/confidence``, the
    /// mean marginal probability of the span's labels). Off by default: Alexa's requests carry
    /// no slot confidence and nothing in the dialog manager reads one, while the marginals
    /// need the tagger's forward and backward passes, about a third of a classification with
    /// slots. Off, every slot value's confidence is 1 and intents and slot values are exactly
    /// what they are with it on. ``NLUModel/classify(hypotheses:context:scoring:)``, which
    /// scores n-best lists by the slots' confidence, turns it on itself.
    public var slotConfidence: Bool = false
    /// Which tier of intent scoring answers, for models with a contextual head
    /// (``NLUModel/contextualHead``); models without one always answer in the fast tier.
    public var tier: Tier = .auto
    /// In the *auto* tier, the classifier's top probability under which the encoder runs; it also
    /// runs when the best intent's odds against the runner-up fall under it once tempered by
    /// ``unseenWordWeight``.
    public var autoTierConfidence: Float = EncoderIntentHead.defaultAutoConfidence
    /// How far words no training utterance had move the decision to the contextual head: with a
    /// share s of such words, the head's probabilities weigh 1 + this × s times as much among the
    /// skill's own intents (the fallback intent keeps its probability), and in the *auto* tier the
    /// classifier's two best probabilities are tempered by the same factor before their odds are
    /// compared with ``autoTierConfidence``. The n-gram classifier knows nothing of a word its samples lack, so
    /// its confidence in "take jazz off my favorites" rests on "my favorites" alone. 0 mixes the
    /// two tiers as equals whatever the words.
    public var unseenWordWeight: Float = EncoderIntentHead.defaultUnseenWordWeight
    /// In the *auto* tier, whether any word no training utterance had makes the encoder run,
    /// however sure the classifier is. Off by default: the tempered odds
    /// (``unseenWordWeight``) already sends the utterances whose unknown words leave the
    /// classifier unsure, while names and titles the tagger reads (most utterances of a media
    /// skill) would each cost an encoder pass.
    public var autoTierOnUnseenWords = false

    /// How much a classification may spend on the intent.
    public enum Tier: String, Sendable, Hashable, Codable, CaseIterable {
        /// The n-gram classifier alone: microseconds.
        case fast
        /// The sentence encoder's head joins every classification: milliseconds.
        case accurate
        /// The encoder runs only when the fast tier is unsure (``autoTierConfidence``,
        /// ``autoTierOnUnseenWords``), so most requests stay in microseconds.
        case auto
    }

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
