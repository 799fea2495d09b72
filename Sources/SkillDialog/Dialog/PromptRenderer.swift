import InteractionModel
import Understanding

/// Turns a prompt of the interaction model into speech: picks one of its variations at random
/// (with a seeded generator) and fills `{slot}` references with the intent's slot values.
///
/// When the model has no prompt for a step (real models often omit them for skill-driven
/// dialogs), an English wording built from the slot's name stands in, so any model can be
/// talked to.
public struct PromptRenderer: Sendable {
    public let model: InteractionModel

    public init(model: InteractionModel) { self.model = model }

    /// SSML for the prompt with this id, or `fallback` (plain text) when the model has none.
    public func render(promptId: String?, intent: IntentRequest.Intent, fallback: String,
                       generator: inout SeededGenerator) -> String {
        guard let promptId, let prompt = model.prompt(id: promptId), !prompt.variations.isEmpty else {
            return SSML.speech(fallback)
        }
        let index = Int(generator.next() % UInt64(prompt.variations.count))
        let variation = prompt.variations[index]
        if variation.isSSML {
            return SSML.wrap(SSML.unwrap(fill(variation.value, intent: intent, escaping: true)))
        }
        return SSML.speech(SSML.escapeAll(fill(variation.value, intent: intent, escaping: false)))
    }

    /// Replaces each `{slotName}` with that slot's value (a list read as "a, b and c"); an empty
    /// slot leaves nothing, as on Alexa.
    public func fill(_ template: String, intent: IntentRequest.Intent, escaping: Bool) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                out += rest[open...]
                return out
            }
            let name = String(rest[rest.index(after: open)..<close])
            let text = spokenValue(of: intent.slots?[name])
            out += escaping ? SSML.escapeAll(text) : text
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    /// How a slot's value is read out: its value, or its list of values joined naturally.
    public func spokenValue(of slot: IntentRequest.Slot?) -> String {
        guard let slot else { return "" }
        return Self.spokenList(slot.values, locale: model.locale)
    }

    static func spokenList(_ items: [String], locale: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        let and = locale.hasPrefix("en") ? " and " : ", "
        return items.dropLast().joined(separator: ", ") + and + items.last!
    }

    /// `appointmentDate` → `appointment date`, `I_Want` → `i want`: a slot name as words.
    public static func words(_ name: String) -> String {
        Slot.words(inName: name).joined(separator: " ")
    }

    // MARK: Stand-in wordings

    func elicitationFallback(slot: String) -> String { "Please tell me the \(Self.words(slot))." }

    func slotConfirmationFallback(slot: String, intent: IntentRequest.Intent) -> String {
        "You said \(spokenValue(of: intent.slots?[slot])) for the \(Self.words(slot)). Is that right?"
    }

    func intentConfirmationFallback(intent: IntentRequest.Intent, dialogSlots: [String]) -> String {
        let filled = dialogSlots.compactMap { name -> String? in
            let value = spokenValue(of: intent.slots?[name])
            return value.isEmpty ? nil : "\(Self.words(name)) \(value)"
        }
        let what = Self.words(intent.name.replacingOccurrences(of: "Intent", with: ""))
        return filled.isEmpty ? "Shall I go ahead with \(what)?" : "To confirm, \(what) with \(filled.joined(separator: ", ")). Is that right?"
    }

    func validationFallback(slot: String, value: String) -> String {
        value.isEmpty ? "Sorry, that is not a valid \(Self.words(slot)). Please tell me the \(Self.words(slot))."
            : "Sorry, \(value) is not a valid \(Self.words(slot)). Please tell me the \(Self.words(slot))."
    }
}

extension SSML {
    /// Escapes every markup character, for text that must never be read as SSML (slot values).
    static func escapeAll(_ text: String) -> String {
        var out = ""
        for ch in text {
            switch ch {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(ch)
            }
        }
        return out
    }
}
