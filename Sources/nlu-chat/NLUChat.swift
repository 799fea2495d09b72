import ArgumentParser
import CommandLineSupport
import Foundation
import InteractionModel
import SkillDialog
import SkillNLU

/// `nlu-chat SKILL [--model MODEL] [--format text|jsonl] [--seed N] [--endpoint URL]`: talk to any
/// interaction model with no code. The dialog model runs every dialog; a complete intent is
/// answered by the EchoSkill, which states the intent and its slot values — or, with
/// `--endpoint`, by the skill's own backend over HTTP.
@main
struct NLUChat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nlu-chat",
        abstract: "Converse with an Alexa interaction model in the terminal (reads lines from stdin).",
        discussion: """
            Each input line is one utterance. The first answer is the skill's greeting (LaunchRequest); \
            at the end of input the session ends (SessionEndedRequest), with no further answer.
            On a terminal: a prompt with line editing (arrows, Home/End or Ctrl-A/Ctrl-E, \
            Backspace, Delete, Ctrl-W or Alt-Backspace deletes a word, Ctrl-U/Ctrl-K to the start/end) \
            and history (Up/Down, kept per skill in ~/.cache/skillnlu/history); Ctrl-C clears the \
            line, Ctrl-D on an empty line says stop (AMAZON.StopIntent) and ends the chat.
            --format jsonl prints one object per turn:
              {"user": ..., "intent": ..., "dialogState": ..., "speech": ..., "reprompt": ..., "slots": {name: value}, "ended": false}
            With --feedback FILE, a line judges the answer before it instead of being said: /right, or \
            /wrong IntentName slot=value … with what was meant (_ for a space inside a value: city=new_york). \
            Each judgement is appended to FILE as a line of JSON; `nlu-train SKILL --annotated FILE` learns from it.
            With --endpoint URL the answers come from the skill's own backend (an ASK SDK skill served over HTTP, \
            signature verification off): each turn POSTs the request Alexa would send, and the dialog model carries \
            out the backend's dialog directives. A backend that fails a request (timeout, not JSON, an HTTP error, \
            an invalid response) is reported on stderr and that session ends, as on Alexa; the chat goes on. \
            A backend that cannot be reached ends the chat (exit 69).
            """,
        version: SkillNLUVersion.string)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, jsonl }

    @Argument(help: ArgumentHelp("An interaction-model JSON file or an ask-cli skill directory.", valueName: "skill"))
    var skill: String

    @OptionGroup var importOptions: SkillImportOptions

    @Option(help: "A model file trained by nlu-train for SKILL; without it the model is trained at start.")
    var model: String?

    @Option(name: .customLong("contextual-head"), help: ContextualHeadOption.help)
    var contextualHead: String?

    @Option(help: "Output format: text (for people) or jsonl (one JSON object per turn).")
    var format: Format = .text

    @Option(help: "Seed for choosing among prompt variations (default: random).")
    var seed: UInt64?

    @Option(help: ArgumentHelp("Record /right and /wrong judgements of the answers in this feedback log (JSON lines).",
                               valueName: "file"))
    var feedback: String?

    @Option(help: ArgumentHelp("Send the requests to the skill's own backend at this URL (http or https) instead of "
                               + "the built-in echo skill.", valueName: "url"))
    var endpoint: String?

    @Option(help: ArgumentHelp("Seconds the backend may take to answer a request (with --endpoint).", valueName: "seconds"))
    var endpointTimeout: Double = 8

    func validate() throws {
        if contextualHead != nil && model != nil {
            throw ValidationError("--contextual-head is for the model trained at start; a model file (--model) keeps the head it was trained with")
        }
        try ContextualHeadOption.validate(contextualHead)
        guard endpointTimeout > 0, endpointTimeout.isFinite else {
            throw ValidationError("--endpoint-timeout must be a number of seconds greater than 0.")
        }
    }

    func run() async throws {
        StandardOutput.ignoreBrokenPipeSignal()
        let result = try SkillLoading.loadOrExit(skill, options: importOptions.importOptions)
        guard result.errors.isEmpty else {
            result.errors.forEach { SkillLoading.printError($0.description) }
            SkillLoading.printError("nlu-chat: the model has errors; `nlu-train \(skill) --check` lists every finding.")
            throw ExitCode.dataError
        }
        let interactionModel = result.model
        let understanding = try ChatUnderstanding.make(for: interactionModel, modelPath: model,
                                                           locale: importOptions.importOptions.locale,
                                                           options: ContextualHeadOption.trainingOptions(contextualHead))
        let backend: any SkillBackend
        if let endpoint {
            do {
                backend = try SkillEndpoint(endpoint, timeout: endpointTimeout)
            } catch {
                SkillLoading.printError("nlu-chat: \(error)")
                throw ExitCode.usage
            }
        } else {
            backend = EchoSkill.build(for: interactionModel, feedbackCommands: feedback != nil)
        }
        let conversation = Conversation(understanding: understanding, interactionModel: interactionModel,
                                        skill: backend, seed: seed ?? UInt64.random(in: 0...UInt64.max))
        let driver = ChatDriver(conversation: conversation, model: interactionModel,
                                feedback: ChatFeedbackNotes.recorder(path: feedback, model: interactionModel,
                                                                     understanding: understanding, modelPath: model))
        let format = self.format
        // Once an answer cannot be written (the reader went away, the disk is full) nobody hears
        // the chat: it reads no more lines, ends the session and exits 74.
        var outputError: StandardOutput.WriteError?
        // A backend that cannot be reached fails every turn: the chat stops reading and exits 69.
        var unreachable = false
        // A person at a terminal gets a prompt, line editing and history; piped input is read
        // line by line as it comes, with nothing written but the answers.
        let terminal = TerminalLineReader.isAvailable
            ? TerminalLineReader(history: ChatHistory(skillName: result.source.skillName, locale: interactionModel.locale)) : nil
        await driver.run(
            nextInput: {
                guard outputError == nil, !unreachable else { return nil }
                guard let terminal else { return readLine(strippingNewline: true).map(ChatDriver.Input.line) }
                switch terminal.readLine() {
                case .line(let line): return .line(line)
                case .endOfInput: return .stop
                case .closed: return nil
                }
            },
            emit: { record in
                guard outputError == nil else { return }
                // Unbuffered, so a script driving the chat through a pipe sees each answer at once.
                let text = format == .jsonl ? record.jsonLine : record.textLines.joined(separator: "\n")
                do throws(StandardOutput.WriteError) { try StandardOutput.write(text + "\n") } catch { outputError = error }
            },
            report: { error in
                SkillLoading.printError("nlu-chat: \(error)")
                if let failure = error as? SkillEndpointError, failure.isUnreachable { unreachable = true }
            },
            noted: { SkillLoading.printError(ChatFeedbackNotes.note($0)) })
        if let outputError {
            if !outputError.isBrokenPipe { SkillLoading.printError("nlu-chat: \(outputError)") }
            throw ExitCode.ioError
        }
        if unreachable {
            SkillLoading.printError("nlu-chat: the chat cannot go on without its backend; start it, then try again.")
            throw ExitCode.unavailable
        }
    }
}
