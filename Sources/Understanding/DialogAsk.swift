/// What the dialog model is waiting for from the user.
public enum DialogAsk: Codable, Sendable, Equatable {
    /// A value for this slot.
    case elicitSlot(String)
    /// Yes or no to this slot's value.
    case confirmSlot(String)
    /// Yes or no to the whole intent.
    case confirmIntent

    /// The slot concerned, if any.
    public var slotName: String? {
        switch self {
        case .elicitSlot(let s), .confirmSlot(let s): s
        case .confirmIntent: nil
        }
    }
}
