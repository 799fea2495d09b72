/// The request helpers of the ASK SDK (`Alexa.getIntentName(handlerInput.requestEnvelope)` …),
/// so handler code ports line by line.
///
/// Where the SDK throws for a request of the wrong type, these return `nil`: comparing
/// `Alexa.getIntentName(envelope) == "HelloIntent"` then simply yields `false`.
public enum Alexa {
    /// The request's locale (`en-US`).
    public static func getLocale(_ envelope: RequestEnvelope) -> String? { envelope.request.locale }

    /// The request's type (`LaunchRequest`, `IntentRequest`, `SessionEndedRequest` …).
    public static func getRequestType(_ envelope: RequestEnvelope) -> String { envelope.request.type }

    /// The intent's name, for an `IntentRequest`.
    public static func getIntentName(_ envelope: RequestEnvelope) -> String? {
        if case .intent(let request) = envelope.request { return request.intent.name }
        return nil
    }

    /// The intent of an `IntentRequest`.
    public static func getIntent(_ envelope: RequestEnvelope) -> IntentRequest.Intent? {
        if case .intent(let request) = envelope.request { return request.intent }
        return nil
    }

    /// The dialog state, for an `IntentRequest` with a dialog.
    public static func getDialogState(_ envelope: RequestEnvelope) -> DialogState? {
        if case .intent(let request) = envelope.request { return request.dialogState }
        return nil
    }

    /// The intent's confirmation status, for an `IntentRequest`.
    public static func getIntentConfirmationStatus(_ envelope: RequestEnvelope) -> ConfirmationStatus? {
        getIntent(envelope)?.confirmationStatus
    }

    /// The slot with this name, for an `IntentRequest` that has it.
    public static func getSlot(_ envelope: RequestEnvelope, _ slotName: String) -> IntentRequest.Slot? {
        getIntent(envelope)?.slots?[slotName]
    }

    /// The value of the slot with this name, if it is filled with a single value.
    public static func getSlotValue(_ envelope: RequestEnvelope, _ slotName: String) -> String? {
        getSlot(envelope, slotName)?.value
    }

    /// The structured value (`Simple` or `List`) of the slot with this name.
    public static func getSlotValueV2(_ envelope: RequestEnvelope, _ slotName: String) -> IntentRequest.Slot.SlotValue? {
        guard let slot = getSlot(envelope, slotName) else { return nil }
        if let value = slot.slotValue { return value }
        return slot.value.map { .simple(value: $0, resolutions: slot.resolutions) }
    }

    /// Every simple value of the slot: one for a single value, each for a list.
    public static func getSimpleSlotValues(_ envelope: RequestEnvelope, _ slotName: String) -> [String] {
        getSlot(envelope, slotName)?.values ?? []
    }

    /// The canonical name the slot's value resolved to (`ER_SUCCESS_MATCH`), if any.
    public static func getResolvedSlotValue(_ envelope: RequestEnvelope, _ slotName: String) -> ResolvedSlotValue? {
        getSlot(envelope, slotName)?.resolved
    }

    /// The user id.
    public static func getUserId(_ envelope: RequestEnvelope) -> String { envelope.context.system.user.userId }

    /// The device id, if the request has a device.
    public static func getDeviceId(_ envelope: RequestEnvelope) -> String? { envelope.context.system.device?.deviceId }

    /// The account-linking access token, if the user linked an account.
    public static func getAccountLinkingAccessToken(_ envelope: RequestEnvelope) -> String? {
        envelope.context.system.user.accessToken
    }

    /// The interfaces the device supports.
    public static func getSupportedInterfaces(_ envelope: RequestEnvelope) -> Attributes {
        envelope.context.system.device?.supportedInterfaces ?? [:]
    }

    /// Whether this request starts a session.
    public static func isNewSession(_ envelope: RequestEnvelope) -> Bool { envelope.session?.new ?? false }

    /// Whether the request is an `IntentRequest` for one of these intents.
    public static func isIntent(_ envelope: RequestEnvelope, _ names: String...) -> Bool {
        guard let name = getIntentName(envelope) else { return false }
        return names.contains(name)
    }
}

/// A slot value's canonical name and id after entity resolution.
public struct ResolvedSlotValue: Sendable, Equatable {
    public var name: String
    public var id: String?
    public init(name: String, id: String?) {
        self.name = name
        self.id = id
    }
}

extension IntentRequest.Slot {
    /// The canonical value the slot resolved to (the first `ER_SUCCESS_MATCH`), if any.
    public var resolved: ResolvedSlotValue? {
        let resolutions = self.resolutions ?? resolvedValues.first?.resolutions
        guard let match = resolutions?.resolutionsPerAuthority.first(where: { $0.status.code == .successMatch }),
              let value = match.values.first?.value else { return nil }
        return ResolvedSlotValue(name: value.name, id: value.id)
    }
}
