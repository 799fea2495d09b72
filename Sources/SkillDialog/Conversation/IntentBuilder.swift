import InteractionModel
import Understanding

/// Builds Alexa's `intent` object from an ``NLUResult``: every slot the intent declares is
/// present (empty ones with only a name, as Alexa sends them), filled slots carry `value`,
/// `resolutions` and `slotValue`, and `multipleValues` slots a `List`.
public struct IntentBuilder: Sendable {
    public let model: InteractionModel

    public init(model: InteractionModel) { self.model = model }

    /// The intent the result names (AMAZON.FallbackIntent when it names none), with its slots.
    public func intent(from result: NLUResult) -> IntentRequest.Intent {
        let name = result.intent?.name ?? "AMAZON.FallbackIntent"
        var slots: [String: IntentRequest.Slot] = [:]
        for declared in model.intent(named: name)?.slots ?? [] {
            slots[declared.name] = IntentRequest.Slot(name: declared.name)
        }
        var intent = IntentRequest.Intent(name: name, slots: slots.isEmpty ? nil : slots)
        _ = merge(result.slots, into: &intent)
        return intent
    }

    /// Writes the understood slot values into `intent` (a new value resets that slot's
    /// confirmation, and the intent's); returns the names of the slots that changed.
    @discardableResult
    public func merge(_ values: [SlotValue], into intent: inout IntentRequest.Intent) -> [String] {
        var changed: [String] = []
        let declared = model.intent(named: intent.name)
        for value in values {
            // Slots the intent does not declare are dropped: Alexa never sends them.
            if declared != nil, declared?.slot(named: value.name) == nil { continue }
            let slot = makeSlot(value, multiple: declared?.slot(named: value.name)?.acceptsMultipleValues ?? false)
            let old = intent.slots?[value.name]
            if old?.values != slot.values || old?.resolutions != slot.resolutions || old?.slotValue != slot.slotValue {
                intent[slot: value.name] = slot
                changed.append(value.name)
            }
        }
        if !changed.isEmpty { intent.confirmationStatus = .none }
        return changed
    }

    func makeSlot(_ value: SlotValue, multiple: Bool) -> IntentRequest.Slot {
        let parts = value.values ?? [value]
        if multiple || parts.count > 1 {
            return .list(value.name, values: parts.map { ($0.value, $0.resolutions) })
        }
        return .filled(value.name, value: value.value, resolutions: value.resolutions)
    }
}
