import Foundation
import InteractionModel

/// One turn of a chat transcript, as `nlu-chat --format jsonl` prints it:
/// `{"user": …, "intent": …, "dialogState": …, "speech": …, "reprompt": …, "slots": {name: value}, "ended": false}`.
///
/// `speech` and `reprompt` are plain text (SSML tags stripped); `dialogState` is the intent's
/// dialog state after the turn (null outside a dialog); `user` is null for the launch. A
/// multiple-value slot's value is an array of its values; every other slot's is a string.
public struct ChatRecord: Sendable, Equatable {
    /// A filled slot, in the order the intent declares its slots.
    public struct SlotEntry: Sendable, Equatable {
        public var name: String
        public var values: [String]
        public var isList: Bool

        public init(name: String, values: [String], isList: Bool) {
            self.name = name
            self.values = values
            self.isList = isList
        }
    }

    public var user: String?
    public var intent: String?
    public var dialogState: DialogState?
    public var speech: String
    public var reprompt: String?
    public var slots: [SlotEntry]
    public var ended: Bool

    public init(user: String?, intent: String?, dialogState: DialogState?, speech: String, reprompt: String?,
                slots: [SlotEntry], ended: Bool) {
        self.user = user
        self.intent = intent
        self.dialogState = dialogState
        self.speech = speech
        self.reprompt = reprompt
        self.slots = slots
        self.ended = ended
    }

    /// The record of a conversation's turn.
    public init(turn: Turn, model: InteractionModel) {
        let declared = turn.intent.flatMap { model.intent(named: $0.name) }?.slots ?? []
        var entries: [SlotEntry] = []
        let filled = (turn.intent?.slots ?? [:]).filter { $0.value.isFilled }
        for slot in declared {
            guard let value = filled[slot.name] else { continue }
            entries.append(SlotEntry(name: slot.name, values: value.values, isList: Self.isList(value, slot: slot)))
        }
        for name in filled.keys.sorted() where !declared.contains(where: { $0.name == name }) {
            let value = filled[name]!
            entries.append(SlotEntry(name: name, values: value.values, isList: Self.isList(value, slot: nil)))
        }
        self.init(user: turn.utterance, intent: turn.intent?.name, dialogState: turn.dialogState,
                  speech: turn.response.speechText, reprompt: turn.response.repromptText, slots: entries,
                  ended: turn.sessionEnded)
    }

    private static func isList(_ slot: IntentRequest.Slot, slot declared: Slot?) -> Bool {
        if case .list? = slot.slotValue { return true }
        return declared?.acceptsMultipleValues ?? false
    }

    /// The record as one line of JSON, members in the documented order.
    public var jsonLine: String {
        func string(_ s: String?) -> String {
            guard let s else { return "null" }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.withoutEscapingSlashes]
            return (try? String(decoding: encoder.encode(s), as: UTF8.self)) ?? "null"
        }
        let slotMembers = slots.map { entry -> String in
            let value = entry.isList ? "[" + entry.values.map { string($0) }.joined(separator: ",") + "]"
                : string(entry.values.first ?? "")
            return string(entry.name) + ":" + value
        }
        return "{\"user\":\(string(user)),\"intent\":\(string(intent)),\"dialogState\":\(string(dialogState?.rawValue)),"
            + "\"speech\":\(string(speech)),\"reprompt\":\(string(reprompt)),\"slots\":{\(slotMembers.joined(separator: ","))},"
            + "\"ended\":\(ended)}"
    }

    /// The record for a person at a terminal: what was said, then what was understood.
    public var textLines: [String] {
        var lines = [speech.isEmpty ? "…" : speech]
        var details: [String] = []
        if let intent { details.append(intent) }
        if let dialogState { details.append(dialogState.rawValue) }
        let values = slots.map { "\($0.name)=\($0.isList ? $0.values.joined(separator: "+") : $0.values.first ?? "")" }
        if !values.isEmpty { details.append(values.joined(separator: " ")) }
        if ended { details.append("session ended") }
        if !details.isEmpty { lines.append("  · " + details.joined(separator: " · ")) }
        return lines
    }
}
