import InteractionModel
import Understanding

/// Runs a scripted or interactive chat: launches, answers each line of input, and ends the
/// session when the input ends — the loop behind `nlu-chat`, kept here so it can be tested.
public struct ChatDriver: Sendable {
    public let conversation: Conversation
    public let model: InteractionModel
    /// Where `/right` and `/wrong` lines are recorded; without it they are said to the skill.
    public let feedback: ChatFeedback?

    static let stopIntent = "AMAZON.StopIntent"

    public init(conversation: Conversation, model: InteractionModel, feedback: ChatFeedback? = nil) {
        self.conversation = conversation
        self.model = model
        self.feedback = feedback
    }

    /// What the person at the chat did.
    public enum Input: Sendable, Equatable {
        /// A line they typed (or a script's line).
        case line(String)
        /// The key that ends the chat (Ctrl-D on a terminal): the skill hears AMAZON.StopIntent,
        /// as if they had said "stop" in its language, and the chat ends after its answer.
        case stop
    }

    /// Talks until `nextLine` returns nil. Each answer (the launch's first, with `user: nil`) goes
    /// to `emit`; a turn that fails goes to `report` and the chat goes on (the failed turn
    /// closed the session, as on Alexa; the next line opens a new one). Blank lines are skipped.
    /// At the end a SessionEndedRequest is sent and nothing more is emitted.
    public func run(nextLine: () -> String?, emit: (ChatRecord) -> Void, report: (any Error) -> Void) async {
        await run(nextInput: { nextLine().map(Input.line) }, emit: emit, report: report)
    }

    /// ``run(nextLine:emit:report:)`` with inputs that may be ``Input/stop``: the skill answers
    /// the stop intent (when the model has one) and then the chat ends as at the end of input.
    /// With ``feedback``, a feedback command judges the last turn instead of being said: the
    /// entry written goes to `noted`, a command that cannot be recorded to `report`.
    public func run(nextInput: () -> Input?, emit: (ChatRecord) -> Void, report: (any Error) -> Void,
                    noted: (FeedbackEntry) -> Void = { _ in }) async {
        do {
            _ = try await conversation.launch()
            if let turn = await conversation.lastTurn { emit(ChatRecord(turn: turn, model: model)) }
        } catch {
            report(error)
        }
        reading: while let input = nextInput() {
            do {
                switch input {
                case .line(let raw):
                    let line = raw.trimmingWhitespace
                    if line.isEmpty { continue }
                    if let feedback, let command = try ChatFeedback.command(in: line) {
                        noted(try feedback.record(command, about: await conversation.lastTurn))
                        continue
                    }
                    _ = try await conversation.turn(line)
                case .stop:
                    guard model.intent(named: Self.stopIntent) != nil else { break reading }
                    _ = try await conversation.turn(intent: Self.stopIntent)
                }
                if let turn = await conversation.lastTurn { emit(ChatRecord(turn: turn, model: model)) }
            } catch {
                report(error)
            }
            if input == .stop { break }
        }
        do {
            try await conversation.end(reason: .userInitiated)
        } catch {
            report(error)
        }
    }
}
