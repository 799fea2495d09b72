import InteractionModel

/// Runs a scripted or interactive chat: launches, answers each line of input, and ends the
/// session when the input ends — the loop behind `nlu-chat`, kept here so it can be tested.
public struct ChatDriver: Sendable {
    public let conversation: Conversation
    public let model: InteractionModel

    public init(conversation: Conversation, model: InteractionModel) {
        self.conversation = conversation
        self.model = model
    }

    /// Talks until `nextLine` returns nil. Each answer (the launch's first, with `user: nil`) goes
    /// to `emit`; a turn that fails goes to `report` and the chat goes on (the failed turn
    /// closed the session, as on Alexa; the next line opens a new one). Blank lines are skipped.
    /// At the end a SessionEndedRequest is sent and nothing more is emitted.
    public func run(nextLine: () -> String?, emit: (ChatRecord) -> Void, report: (any Error) -> Void) async {
        do {
            _ = try await conversation.launch()
            if let turn = await conversation.lastTurn { emit(ChatRecord(turn: turn, model: model)) }
        } catch {
            report(error)
        }
        while let raw = nextLine() {
            let line = raw.trimmingWhitespace
            if line.isEmpty { continue }
            do {
                _ = try await conversation.turn(line)
                if let turn = await conversation.lastTurn { emit(ChatRecord(turn: turn, model: model)) }
            } catch {
                report(error)
            }
        }
        do {
            try await conversation.end(reason: .userInitiated)
        } catch {
            report(error)
        }
    }
}
