import BuiltInValues
import Foundation

/// An app's own reader of commands, beside the trained model: it looks at an utterance and
/// may answer with an intent, slots and a confidence, as a command matcher block does in
/// SayKit.
///
/// A matcher is app code, not part of the model file: the app attaches it to a loaded model
/// with `NLUModel.adding(_:placement:)`, which says where in classification it is asked.
/// An answer names one of the model's intents and, optionally, slots of that intent as spans
/// of the text; the model turns the spans into Alexa-style values and entity resolutions as
/// it does for its own slots, and the result says ``DecisionLayer/matcher`` with the
/// matcher's ``name`` in ``NLUResult/matcher``.
///
/// ```swift
/// let orders = ClosureMatcher("order-number") { utterance in
///     guard let m = utterance.text.firstMatch(of: /order (?:number )?(\d[\d ]*\d|\d)/) else { return nil }
///     return MatcherOutcome(intent: "TrackOrder", confidence: 0.95,
///                           slots: [.init(name: "orderNumber", range: m.1.startIndex..<m.1.endIndex, in: utterance.text)])
/// }
/// ```
///
/// A matcher that throws is passed over for that utterance (the explanation says why); so is
/// an answer that names an intent or slot the model does not have. A matcher is not asked
/// about empty input (no words), and, as a model classifies from any number of threads at
/// once, it may be asked from several at the same time.
public protocol Matcher: Sendable {
    /// How results and explanations name the matcher (``NLUResult/matcher``).
    var name: String { get }
    /// The matcher's reading of `utterance`, or nil when it has none.
    func match(_ utterance: MatcherInput) throws -> MatcherOutcome?
}

/// What a ``Matcher`` sees: the utterance as the model classifies it, its tokens, and where
/// the conversation stands.
public struct MatcherInput: Sendable, Equatable {
    /// The utterance (cut at the model's longest input, as classified).
    public var text: String
    /// The words of ``text`` as the model's tokenizer reads them, each with its Unicode-scalar
    /// offsets in ``text``.
    public var tokens: [Token]
    /// The model's locale ("en-US").
    public var localeIdentifier: String
    /// "Now", for relative dates and times.
    public var referenceDate: Date
    public var timeZone: TimeZone
    /// The intent and slot a dialog is asking for, if any.
    public var elicitingIntent: String?
    public var elicitingSlot: String?

    public init(text: String, tokens: [Token], localeIdentifier: String, referenceDate: Date = Date(),
                timeZone: TimeZone = .current, elicitingIntent: String? = nil, elicitingSlot: String? = nil) {
        self.text = text
        self.tokens = tokens
        self.localeIdentifier = localeIdentifier
        self.referenceDate = referenceDate
        self.timeZone = timeZone
        self.elicitingIntent = elicitingIntent
        self.elicitingSlot = elicitingSlot
    }
}

/// A ``Matcher``'s answer: one of the model's intents, how sure the matcher is, and slots of
/// that intent as spans of the utterance.
public struct MatcherOutcome: Sendable, Equatable {
    /// A slot of the answer's intent, as the words of the utterance that say it.
    public struct Slot: Sendable, Equatable {
        /// The slot's name in the interaction model.
        public var name: String
        /// Unicode-scalar offsets of the words in the utterance, end exclusive (as
        /// ``SlotValue/start`` and ``SlotValue/end``). The slot takes every token these
        /// offsets touch.
        public var start: Int
        public var end: Int
        /// Alexa's `value`, when the matcher reads the words better than the model would
        /// (digits said one by one as one order number); nil, the model reads them as it reads
        /// its own slots (a number or date parsed, a custom type's words as said). The entity
        /// resolutions are the model's either way.
        public var value: String?

        public init(name: String, start: Int, end: Int, value: String? = nil) {
            self.name = name
            self.start = start
            self.end = end
            self.value = value
        }

        /// The slot said by `range` of `text` (a regular expression's capture, say).
        public init(name: String, range: Range<String.Index>, in text: String, value: String? = nil) {
            let scalars = text.unicodeScalars
            self.init(name: name, start: scalars.distance(from: scalars.startIndex, to: range.lowerBound),
                      end: scalars.distance(from: scalars.startIndex, to: range.upperBound), value: value)
        }

        /// The slot said by tokens `range` of the input: a non-empty range of
        /// ``MatcherInput/tokens`` indices.
        public init(name: String, tokens range: Range<Int>, of input: MatcherInput, value: String? = nil) {
            self.init(name: name, start: input.tokens[range.lowerBound].range.lowerBound,
                      end: input.tokens[range.upperBound - 1].range.upperBound, value: value)
        }
    }

    /// The intent's name in the interaction model.
    public var intent: String
    /// How sure the matcher is, 0…1: the most confident answer wins, and after the model an
    /// answer must be surer than the model's.
    public var confidence: Double
    public var slots: [Slot]

    public init(intent: String, confidence: Double = 1, slots: [Slot] = []) {
        self.intent = intent
        self.confidence = confidence
        self.slots = slots
    }
}

/// A ``Matcher`` made of a closure.
public struct ClosureMatcher: Matcher {
    public let name: String
    let body: @Sendable (MatcherInput) throws -> MatcherOutcome?

    public init(_ name: String, _ body: @escaping @Sendable (MatcherInput) throws -> MatcherOutcome?) {
        self.name = name
        self.body = body
    }

    public func match(_ utterance: MatcherInput) throws -> MatcherOutcome? { try body(utterance) }
}
