/// A directive in a response: the dialog directives the dialog manager acts on, and any other
/// directive kept as JSON so a skill's output survives a round trip.
public enum Directive: Codable, Sendable, Equatable {
    /// `Dialog.Delegate`: let the dialog model take the next step. An `updatedIntent` with a
    /// different name chains to that intent.
    case delegate(updatedIntent: IntentRequest.Intent?)
    /// `Dialog.ElicitSlot`: ask for this slot with the response's own speech.
    case elicitSlot(slotToElicit: String, updatedIntent: IntentRequest.Intent?)
    /// `Dialog.ConfirmSlot`: ask the user to confirm this slot's value.
    case confirmSlot(slotToConfirm: String, updatedIntent: IntentRequest.Intent?)
    /// `Dialog.ConfirmIntent`: ask the user to confirm the whole intent.
    case confirmIntent(updatedIntent: IntentRequest.Intent?)
    /// Any other directive, as JSON (it has a `type` member).
    case other(JSONValue)

    /// The directive's `type`, such as `Dialog.Delegate`.
    public var type: String {
        switch self {
        case .delegate: "Dialog.Delegate"
        case .elicitSlot: "Dialog.ElicitSlot"
        case .confirmSlot: "Dialog.ConfirmSlot"
        case .confirmIntent: "Dialog.ConfirmIntent"
        case .other(let json): json["type"]?.stringValue ?? ""
        }
    }

    /// Whether the dialog manager acts on this directive.
    public var isDialogDirective: Bool {
        if case .other = self { return false }
        return true
    }

    /// The directive's `updatedIntent`, if it has one.
    public var updatedIntent: IntentRequest.Intent? {
        switch self {
        case .delegate(let i), .elicitSlot(_, let i), .confirmSlot(_, let i), .confirmIntent(let i): i
        case .other: nil
        }
    }

    enum CodingKeys: String, CodingKey { case type, updatedIntent, slotToElicit, slotToConfirm }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let type = try c.decode(String.self, forKey: .type)
        let intent = { try c.decodeIfPresent(IntentRequest.Intent.self, forKey: .updatedIntent) }
        switch type {
        case "Dialog.Delegate": self = .delegate(updatedIntent: try intent())
        case "Dialog.ElicitSlot":
            self = .elicitSlot(slotToElicit: try c.decode(String.self, forKey: .slotToElicit), updatedIntent: try intent())
        case "Dialog.ConfirmSlot":
            self = .confirmSlot(slotToConfirm: try c.decode(String.self, forKey: .slotToConfirm), updatedIntent: try intent())
        case "Dialog.ConfirmIntent": self = .confirmIntent(updatedIntent: try intent())
        default: self = .other(try JSONValue(from: decoder))
        }
    }

    public func encode(to encoder: Encoder) throws {
        if case .other(let json) = self {
            try json.encode(to: encoder)
            return
        }
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(type, forKey: .type)
        switch self {
        case .elicitSlot(let slot, _): try c.encode(slot, forKey: .slotToElicit)
        case .confirmSlot(let slot, _): try c.encode(slot, forKey: .slotToConfirm)
        default: break
        }
        try c.encodeIfPresent(updatedIntent, forKey: .updatedIntent)
    }
}
