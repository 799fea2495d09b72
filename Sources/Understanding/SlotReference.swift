/// A slot of an intent, by name.
public struct SlotReference: Sendable, Equatable, Hashable, Codable {
    public var intent: String
    public var slot: String

    public init(intent: String, slot: String) {
        self.intent = intent
        self.slot = slot
    }
}
