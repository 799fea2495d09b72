/// Why a conversation could not take a turn.
public enum ConversationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A turn was asked for while another was still running.
    case busy
    /// The skill kept answering with dialog directives that led to more requests in one turn.
    case tooManyRequests(limit: Int, lastIntent: String?)
    /// A dialog directive came for a request with no intent and without `updatedIntent`.
    case directiveWithoutIntent(directive: String)

    public var description: String {
        switch self {
        case .busy:
            "A turn is already in progress: await each turn before starting the next."
        case .tooManyRequests(let limit, let intent):
            "One turn sent \(limit) requests to the skill\(intent.map { " (last for \($0))" } ?? ""): a handler probably "
                + "answers a COMPLETED dialog with Dialog.Delegate again. Return a final response once dialogState is COMPLETED."
        case .directiveWithoutIntent(let directive):
            "\(directive) was returned for a request that has no intent: pass updatedIntent to name the intent to continue."
        }
    }
}
