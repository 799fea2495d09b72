import Foundation

/// Where the conversation stands when an utterance is read.
public struct UnderstandingContext: Sendable, Equatable {
    /// "Now", for relative dates and times ("tomorrow", "in ten minutes").
    public var referenceDate: Date
    public var timeZone: TimeZone
    /// The slot the dialog is asking for: a bare answer ("large", "tomorrow") is its value.
    public var elicitingSlot: SlotReference?
    /// The intent whose dialog is in progress, if any.
    public var dialogIntent: String?
    /// What the dialog waits for (a slot value, or yes/no to a slot or the intent).
    public var awaiting: DialogAsk?

    public init(referenceDate: Date = Date(), timeZone: TimeZone = .current, elicitingSlot: SlotReference? = nil,
                dialogIntent: String? = nil, awaiting: DialogAsk? = nil) {
        self.referenceDate = referenceDate
        self.timeZone = timeZone
        self.elicitingSlot = elicitingSlot
        self.dialogIntent = dialogIntent
        self.awaiting = awaiting
    }

    /// Whether the dialog waits for a yes or a no.
    public var expectsConfirmation: Bool {
        switch awaiting {
        case .confirmSlot?, .confirmIntent?: true
        default: false
        }
    }
}
