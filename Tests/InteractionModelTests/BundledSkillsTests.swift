import Foundation
import Testing
@testable import InteractionModel

/// The example skills in InteractionModels/: they import without a single finding, and their
/// tests.jsonl files are consistent with the models (later issues score against them).
@Suite struct BundledSkillsTests {
    typealias T = TestSupport

    static let skills = ["HelloWorld", "PizzaShop"]

    struct Example: Decodable {
        struct Span: Decodable {
            var slot: String
            var value: String
            var start: Int
            var end: Int
        }
        var text: String
        var intent: String
        var slots: [Span]
    }

    static func directory(_ skill: String) -> URL {
        T.packageRoot.appendingPathComponent("InteractionModels").appendingPathComponent(skill)
    }

    static func examples(_ skill: String) throws -> [Example] {
        let text = try String(contentsOf: directory(skill).appendingPathComponent("tests.jsonl"), encoding: .utf8)
        return try text.split(whereSeparator: \.isNewline).map {
            try JSONDecoder().decode(Example.self, from: Data($0.utf8))
        }
    }

    @Test(arguments: skills)
    func importsCleanlyFromTheAskCliLayout(skill: String) throws {
        let result = try Importer.load(path: Self.directory(skill).path)
        #expect(result.findings.isEmpty, "\(result.findings.map(\.description))")
        #expect(result.source.skillName == skill)
        #expect(result.source.locale == "en-US")
        #expect(result.source.file?.hasSuffix("skill-package/interactionModels/custom/en-US.json") == true)
    }

    @Test(arguments: skills)
    func testUtterancesMatchTheModelButAreNotItsSamples(skill: String) throws {
        let model = try Importer.load(path: Self.directory(skill).path).model
        let examples = try Self.examples(skill)
        #expect(examples.count >= 30)
        let samples = Set(model.languageModel.intents.flatMap(\.samples).map(BuiltInIntents.normalize))
        var intentsSeen: Set<String> = []
        for example in examples {
            #expect(!samples.contains(BuiltInIntents.normalize(example.text)), "\(example.text) is a sample")
            let intent = try #require(model.intent(named: example.intent), "\(example.intent)")
            intentsSeen.insert(intent.name)
            let scalars = Array(example.text.unicodeScalars)
            for span in example.slots {
                #expect(intent.slot(named: span.slot) != nil, "\(span.slot) not in \(intent.name)")
                #expect(span.start >= 0 && span.start < span.end && span.end <= scalars.count)
                guard span.start >= 0 && span.start < span.end && span.end <= scalars.count else { continue }
                let raw = String(String.UnicodeScalarView(scalars[span.start..<span.end]))
                #expect(raw == span.value, "\(example.text): [\(span.start), \(span.end)) is \(raw), not \(span.value)")
            }
        }
        // Every custom intent is tested.
        for intent in model.languageModel.intents where !intent.isBuiltIn {
            #expect(intentsSeen.contains(intent.name), "no test utterance for \(intent.name)")
        }
    }

    @Test func pizzaShopUsesTheFeaturesLaterIssuesNeed() throws {
        let result = try Importer.load(path: Self.directory("PizzaShop").path)
        let model = result.model
        let language = model.languageModel
        for intent in language.intents where !intent.isBuiltIn {
            #expect(intent.samples.count >= 25, "\(intent.name) has \(intent.samples.count) samples")
        }
        let slotTypes = Set(language.intents.flatMap { $0.slots.map(\.type) })
        #expect(slotTypes.isSuperset(of: ["AMAZON.NUMBER", "AMAZON.DATE", "AMAZON.TIME", "AMAZON.DURATION"]))
        #expect(language.intents.contains { $0.slots.contains(where: \.acceptsMultipleValues) })
        #expect(language.types.allSatisfy { type in type.values.allSatisfy { $0.id != nil } })
        #expect(language.types.contains { type in type.values.contains { !$0.name.synonyms.isEmpty } })
        #expect(language.intents.contains { $0.isBuiltIn && !$0.samples.isEmpty })
        let dialog = try #require(model.dialog)
        #expect(dialog.delegationStrategy == "ALWAYS")
        #expect(dialog.intents.contains { $0.confirmationRequired && $0.prompts.confirmation != nil })
        let slots = dialog.intents.flatMap(\.slots)
        #expect(slots.contains { $0.elicitationRequired && $0.prompts.elicitation != nil })
        #expect(slots.contains { $0.confirmationRequired && $0.prompts.confirmation != nil })
        let validations = Set(slots.flatMap { $0.validations.map(\.type) })
        #expect(validations.isSuperset(of: ["isInSet", "isGreaterThan", "isLessThanOrEqualTo", "hasEntityResolutionMatch"]))
        for intent in ["OrderPizzaIntent", "ScheduleDeliveryIntent", "MenuIntent", "OrderStatusIntent"] {
            #expect(model.intent(named: intent) != nil)
        }
    }
}
