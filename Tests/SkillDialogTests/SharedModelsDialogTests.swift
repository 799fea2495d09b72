import Foundation
import InteractionModel
import SkillNLU
import TestFixtures
import Testing
@testable import SkillDialog

/// Every English model of ../shared/interaction-models whose dialog model has required slots:
/// each such intent's dialog, run by the EchoSkill (the default skill of `nlu-chat`), prompts
/// for each required slot in the dialog model's order with that slot's prompts, applies
/// validations and confirmations, and ends with dialogState COMPLETED. Answers are drawn from
/// each slot's values (built-in types from a few examples), trying the next one when a value
/// fails validation.
@Suite struct SharedModelsDialogTests {
    static var sharedDirectory: URL? {
        let env = ProcessInfo.processInfo.environment["SKILLNLU_SHARED"]
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let url = env.map { URL(fileURLWithPath: $0) } ?? root.appendingPathComponent("../shared").standardizedFileURL
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("interaction-models/MANIFEST.tsv").path)
            ? url : nil
    }

    /// English model files with a dialog model that requires at least one slot.
    static func models() throws -> [(file: String, model: InteractionModel)] {
        guard let shared = sharedDirectory else { return [] }
        let directory = shared.appendingPathComponent("interaction-models")
        let manifest = try String(contentsOf: directory.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        var out: [(String, InteractionModel)] = []
        for line in manifest.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count > 5, fields[5].hasPrefix("en"), fields[0].hasSuffix(".json") else { continue }
            let path = directory.appendingPathComponent(fields[0]).path
            // Files that are malformed on purpose cannot be imported; the importer's tests cover them.
            guard let model = try? Importer.load(path: path, options: ImportOptions(locale: fields[5])).model else { continue }
            let required = model.dialog?.intents.contains { $0.slots.contains(where: \.elicitationRequired) } ?? false
            if required { out.append((fields[0], model)) }
        }
        return out
    }

    static let builtInExamples: [String: [String]] = [
        "AMAZON.NUMBER": ["5", "1980", "12"],
        // Values that fail some models' validations come first, so validation prompts are exercised.
        "AMAZON.FOUR_DIGIT_NUMBER": ["2024", "1980"],
        "AMAZON.Ordinal": ["fifth", "second"],
        "AMAZON.DATE": ["today", "tomorrow"],
        "AMAZON.TIME": ["10:00", "15:30"],
        "AMAZON.DURATION": ["PT10M"],
        "AMAZON.Month": ["May", "June"],
    ]

    func answers(for type: String, in model: InteractionModel) -> [String] {
        if let custom = model.slotType(named: type), !custom.values.isEmpty {
            return custom.values.prefix(4).map(\.name.value)
        }
        return Self.builtInExamples[type] ?? ["Ada", "something nice"]
    }

    @Test(.enabled(if: sharedDirectory != nil, "../shared/interaction-models not found (set SKILLNLU_SHARED)"))
    func everyRequiredSlotDialogCompletesAsOnAlexa() async throws {
        let models = try Self.models()
        #expect(models.count >= 5, "expected the English dialog models of ../shared (found \(models.map(\.file)))")
        var dialogs = 0, validationFailures = 0
        for (file, model) in models {
            for rules in model.dialog?.intents ?? [] where rules.slots.contains(where: \.elicitationRequired) {
                validationFailures += try await run(rules, of: model, file: file)
                dialogs += 1
            }
        }
        #expect(dialogs >= 8)
        #expect(validationFailures >= 2, "the isLessThan and isInDuration rules of the models should have rejected a value")
    }

    /// Runs one intent's dialog; returns how many answers failed validation on the way.
    @discardableResult
    func run(_ rules: DialogIntent, of model: InteractionModel, file: String,
             understanding: (any LanguageUnderstanding)? = nil, opening: String = "start it") async throws -> Int {
        let where_ = "\(file) \(rules.name)"
        let understanding = understanding ?? FakeUnderstanding(model: model, phrases: ["start it": .init(rules.name)])
        let conversation = Conversation(understanding: understanding, interactionModel: model,
                                        skill: EchoSkill.build(for: model), seed: 42, options: Fixtures.options)
        let renderer = PromptRenderer(model: model)
        var response = try await conversation.turn(opening)
        let opened = try #require(await conversation.lastTurn)
        #expect(opened.intent?.name == rules.name, "\(where_): \"\(opening)\" was read as \(opened.intent?.name ?? "nothing")")
        let filledAtOnce = Set(opened.slotValues.keys)
        var elicited: [String] = []
        var tried: [String: Int] = [:]
        var validationFailures = 0
        for _ in 0..<40 {
            let turn = try #require(await conversation.lastTurn)
            guard let awaiting = await conversation.state.dialog?.awaiting else { break }
            let intent = try #require(turn.intent)
            // The question is one of the model's variations for this step, slot values filled in.
            let promptId: String? = switch awaiting {
            case .elicitSlot(let slot): rules.slot(named: slot)?.prompts.elicitation
            case .confirmSlot(let slot): rules.slot(named: slot)?.prompts.confirmation
            case .confirmIntent: rules.prompts.confirmation
            }
            let reAsked = if case .elicitSlot(let slot) = awaiting { tried[slot] != nil } else { false }
            if let promptId, let prompt = model.prompt(id: promptId), !reAsked {
                let wordings = prompt.variations.map { SSML.plainText(renderer.fill($0.value, intent: intent, escaping: $0.isSSML)) }
                #expect(wordings.contains(response.speechText), "\(where_): \(response.speechText) is not a prompt of \(promptId)")
            }
            switch awaiting {
            case .elicitSlot(let slot):
                if elicited.last != slot { elicited.append(slot) }
                let type = rules.slot(named: slot)?.type ?? model.intent(named: rules.name)?.slot(named: slot)?.type ?? ""
                let candidates = answers(for: type, in: model)
                let attempt = tried[slot, default: 0]
                if attempt > 0 { validationFailures += 1 }
                tried[slot] = attempt + 1
                try #require(attempt < candidates.count, "\(where_): no example value of \(type) passes \(slot)'s validations")
                response = try await conversation.turn(candidates[attempt])
            case .confirmSlot, .confirmIntent:
                response = try await conversation.turn("yes")
            }
        }
        let last = try #require(await conversation.lastTurn)
        #expect(last.dialogState == .completed, "\(where_) did not complete: \(response.speechText)")
        #expect(response.speechText.hasPrefix(rules.name), "\(where_): \(response.speechText)")
        let required = rules.slots.filter { $0.elicitationRequired && !filledAtOnce.contains($0.name) }.map(\.name)
        #expect(elicited == required, "\(where_): asked \(elicited), the model requires \(required) in that order")
        for name in rules.slots.filter(\.elicitationRequired).map(\.name) { #expect(last.intent?.slots?[name]?.isFilled == true, "\(where_): \(name) empty") }
        if rules.confirmationRequired { #expect(last.intent?.confirmationStatus == .confirmed, "\(where_)") }
        return validationFailures
    }
}

/// The same dialogs with the trained NLUModel reading every answer, as `nlu-chat` runs them.
extension SharedModelsDialogTests {
    @Test(.enabled(if: sharedDirectory != nil, "../shared/interaction-models not found (set SKILLNLU_SHARED)"))
    func everyRequiredSlotDialogCompletesWithTheTrainedModel() async throws {
        var dialogs = 0
        for (file, model) in try Self.models() {
            let nlu = try TrainedModels.model(model, options: .quick)
            for rules in model.dialog?.intents ?? [] where rules.slots.contains(where: \.elicitationRequired) {
                // Open with a sample that has no slots, so every required slot is asked for.
                let samples = model.intent(named: rules.name)?.samples ?? []
                let opening = samples.first { !$0.contains("{") } ?? samples.first ?? rules.name
                try await run(rules, of: model, file: file, understanding: nlu, opening: opening)
                dialogs += 1
            }
        }
        #expect(dialogs >= 9, "every required-slot dialog of the English shared models must complete with the trained model")
    }
}
