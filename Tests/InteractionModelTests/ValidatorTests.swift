import Foundation
import Testing
@testable import InteractionModel

/// One test (or more) per validation rule, each with a small inline model.
@Suite struct ValidatorTests {
    typealias T = TestSupport

    // MARK: Errors

    @Test func aCleanModelHasNoFindings() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "BookIntent", "slots": [{"name": "city", "type": "CityType"}],
              "samples": ["book a room in {city}", "book a room"]},
             {"name": "AMAZON.StopIntent", "samples": []}]
            """, types: #"[{"name": "CityType", "values": [{"name": {"value": "paris"}}]}]"#))
        #expect(result.findings.isEmpty)
        #expect(result.isValid)
    }

    @Test func noIntentsIsAnError() throws {
        let result = try T.importJSON(T.wrapped(intents: "[]"))
        let finding = try #require(result.findings(.noIntents).first)
        #expect(finding.severity == .error)
        #expect(finding.path == "interactionModel.languageModel")
        #expect(!result.isValid)
    }

    @Test func undeclaredSlotInSampleNamesFileAndPathAndDeclaredSlots() throws {
        let json = T.wrapped(intents: """
            [{"name": "A", "samples": ["a"]}, {"name": "B", "samples": ["b"]}, {"name": "C", "samples": ["c"]},
             {"name": "BookHotel", "slots": [{"name": "city", "type": "AMAZON.City"}, {"name": "date", "type": "AMAZON.DATE"}],
              "samples": ["s0", "s1", "s2", "s3", "s4", "s5", "s6", "book a {cty}"]}]
            """)
        let result = try T.importJSON(json)
        let finding = try #require(result.findings(.undeclaredSlotInSample).first)
        #expect(finding.severity == .error)
        #expect(finding.file == "en-US.json")
        #expect(finding.path == "interactionModel.languageModel.intents[3].samples[7]")
        #expect(finding.text == "book a {cty}")
        #expect(finding.message.contains("slot {cty} is not declared in intent BookHotel (declared: city, date)"))
        #expect(finding.message.contains("Did you mean {city}?"))
        // The location is that of the sample's opening quote in the text above.
        let quote = try #require(json.range(of: "\"book a {cty}\""))
        let before = json[..<quote.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let column = before.count - (before.lastIndex(of: "\n").map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0) + 1
        #expect(finding.location == SourceLocation(line: line, column: column))
        #expect(finding.description.hasPrefix("en-US.json:\(line):\(column): error: "))
        #expect(finding.description.contains(
            #"error: interactionModel.languageModel.intents[3].samples[7] "book a {cty}": slot {cty} is not declared in intent BookHotel (declared: city, date)"#))
    }

    @Test func slotSamplesAreCheckedToo() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "x", "type": "AMAZON.NUMBER", "samples": ["{y} please"]}], "samples": ["a {x}"]}]
            """))
        let finding = try #require(result.findings(.undeclaredSlotInSample).first)
        #expect(finding.path == "interactionModel.languageModel.intents[0].slots[0].samples[0]")
    }

    @Test(arguments: ["book {city", "book city}", "book {a {city}}", "book {} now"])
    func unbalancedOrEmptyBracesAreErrors(sample: String) throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "city", "type": "AMAZON.City"}], "samples": [\(String(reflecting: sample))]}]
            """))
        let finding = try #require(result.findings(.unbalancedBraces).first)
        #expect(finding.severity == .error)
        #expect(finding.text == sample)
        #expect(finding.message.contains("character"))
    }

    @Test func duplicateIntentsAreErrors() throws {
        let result = try T.importJSON(T.wrapped(intents: #"[{"name": "A", "samples": ["x"]}, {"name": "A", "samples": ["y"]}]"#))
        let finding = try #require(result.findings(.duplicateIntent).first)
        #expect(finding.severity == .error)
        #expect(finding.path == "interactionModel.languageModel.intents[1].name")
        #expect(finding.message.contains("intents[0]"))
    }

    @Test func duplicateSlotsAreErrors() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "n", "type": "AMAZON.NUMBER"}, {"name": "n", "type": "AMAZON.DATE"}], "samples": ["x {n}"]}]
            """))
        #expect(result.findings(.duplicateSlot).first?.severity == .error)
    }

    @Test func undeclaredSlotTypeIsAnErrorWithHint() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "c", "type": "CityTpye"}], "samples": ["in {c}"]}]
            """, types: #"[{"name": "CityType", "values": [{"name": {"value": "rome"}}]}]"#))
        let finding = try #require(result.findings(.undeclaredSlotType).first)
        #expect(finding.severity == .error)
        #expect(finding.path == "interactionModel.languageModel.intents[0].slots[0].type")
        #expect(finding.message.contains("declared types: CityType"))
        #expect(finding.message.contains("Did you mean CityType?"))
    }

    @Test func dialogReferencesMustResolve() throws {
        let dialog = """
            , "dialog": {"delegationStrategy": "ALWAYS", "intents": [
                {"name": "Missing", "slots": []},
                {"name": "A", "confirmationRequired": true, "prompts": {"confirmation": "Confirm.Nope"},
                 "slots": [{"name": "n", "type": "AMAZON.NUMBER", "elicitationRequired": true,
                            "prompts": {"elicitation": "Elicit.n"},
                            "validations": [{"type": "isGreaterThan", "value": "0", "prompt": "Validate.gone"}]},
                           {"name": "ghost", "type": "AMAZON.NUMBER", "prompts": {}}]}]},
              "prompts": [{"id": "Elicit.n", "variations": [{"type": "PlainText", "value": "How many?"}]}]
            """
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "n", "type": "AMAZON.NUMBER"}], "samples": ["{n} things"]}]
            """, extra: dialog))
        let unknownIntent = try #require(result.findings(.dialogUnknownIntent).first)
        #expect(unknownIntent.path == "interactionModel.dialog.intents[0].name")
        #expect(unknownIntent.severity == .error)
        let unknownSlot = try #require(result.findings(.dialogUnknownSlot).first)
        #expect(unknownSlot.path == "interactionModel.dialog.intents[1].slots[1].name")
        #expect(unknownSlot.message.contains("declared: n"))
        let prompts = result.findings(.unknownPrompt)
        #expect(prompts.map(\.text) == ["Confirm.Nope", "Validate.gone"])
        #expect(prompts.allSatisfy { $0.severity == .error })
        #expect(prompts.last?.path == "interactionModel.dialog.intents[1].slots[0].validations[0].prompt")
    }

    @Test func legacyUtteranceForUndeclaredIntentIsAnError() throws {
        let directory = try T.temporaryDirectory()
        defer { T.cleanUp(directory) }
        try T.write(#"{"intents": [{"intent": "Known"}]}"#, to: directory.appendingPathComponent("IntentSchema.json"))
        try T.write("Known hello there\nKnwon hi\n", to: directory.appendingPathComponent("SampleUtterances.txt"))
        let result = try Importer.load(path: directory.appendingPathComponent("IntentSchema.json").path)
        let finding = try #require(result.findings(.legacyUnknownIntent).first)
        #expect(finding.location?.line == 2)
        #expect(finding.file?.hasSuffix("SampleUtterances.txt") == true)
        #expect(finding.path == nil)
        #expect(finding.message.contains("Did you mean Known?"))
    }

    // MARK: Warnings

    @Test func slotNamedLikeABuiltInTypeIsAWarning() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "AMAZON.NUMBER", "type": "AMAZON.NUMBER"}], "samples": ["give {AMAZON.NUMBER}"]}]
            """))
        let finding = try #require(result.findings(.nameAlexaWouldReject).first)
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("number"))
        #expect(result.isValid)
        #expect(result.findings(.undeclaredSlotInSample).isEmpty)
    }

    @Test func intentNamesWithDigitsAreAWarning() throws {
        let result = try T.importJSON(T.wrapped(intents: #"[{"name": "Intent2Go", "samples": ["go"]}]"#))
        #expect(result.findings(.nameAlexaWouldReject).first?.severity == .warning)
    }

    @Test func unknownBuiltInIntentAndTypeAreWarnings() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "AMAZON.Stopintent", "samples": []},
             {"name": "A", "slots": [{"name": "x", "type": "AMAZON.Spaceship"}], "samples": ["fly {x}"]}]
            """))
        #expect(result.findings(.unknownBuiltInIntent).first?.message.contains("AMAZON.StopIntent") == true)
        #expect(result.findings(.unknownBuiltInType).first?.text == "AMAZON.Spaceship")
        #expect(result.isValid)
    }

    @Test func wrongCaseBuiltInTypeIsAWarningAndRepaired() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "n", "type": "AMAZON.Number"}], "samples": ["{n} apples"]}]
            """))
        let finding = try #require(result.findings(.builtInTypeCase).first)
        #expect(finding.severity == .warning)
        #expect(finding.message.contains("AMAZON.NUMBER"))
        #expect(result.model.intent(named: "A")?.slots.first?.type == "AMAZON.NUMBER")
    }

    @Test func duplicateValuesAndSynonymsAreWarnings() throws {
        let types = """
            [{"name": "Fruit", "values": [
              {"id": "A", "name": {"value": "apple", "synonyms": ["apple", "pomme", "pomme", "pear"]}},
              {"id": "B", "name": {"value": "Apple"}},
              {"id": "C", "name": {"value": "pear"}}]}]
            """
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "f", "type": "Fruit"}], "samples": ["eat {f}"]}]
            """, types: types))
        let findings = result.findings(.duplicateValue)
        #expect(findings.allSatisfy { $0.severity == .warning })
        let paths = Set(findings.compactMap(\.path))
        #expect(paths.contains("interactionModel.languageModel.types[0].values[0].name.synonyms[0]"))  // repeats its value
        #expect(paths.contains("interactionModel.languageModel.types[0].values[0].name.synonyms[2]"))  // listed twice
        #expect(paths.contains("interactionModel.languageModel.types[0].values[1].name.value"))        // Apple = apple
        #expect(paths.contains("interactionModel.languageModel.types[0].values[2].name.value"))        // pear was a synonym
        let apple = try #require(result.model.slotType(named: "Fruit")?.values.first)
        #expect(apple.name.synonyms == ["pomme", "pear"])
    }

    @Test func synonymsRepeatingTheirValueAreReportedOncePerType() throws {
        let values = (0..<5).map { #"{"name": {"value": "v\#($0)", "synonyms": ["V\#($0)"]}}"# }.joined(separator: ",")
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "x", "type": "T"}], "samples": ["say {x}"]}]
            """, types: #"[{"name": "T", "values": [\#(values)]}]"#))
        let findings = result.findings(.duplicateValue)
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("4 more synonyms") == true)
        #expect(result.model.slotType(named: "T")?.values.allSatisfy { $0.name.synonyms.isEmpty } == true)
    }

    @Test func sameSampleInTwoIntentsIsAConflict() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "c", "type": "AMAZON.City"}], "samples": ["go to {c}", "start"]},
             {"name": "B", "slots": [{"name": "town", "type": "AMAZON.City"}], "samples": ["Go to {town}", "begin"]},
             {"name": "C", "samples": ["Start!"]}]
            """))
        let conflicts = result.findings(.sampleConflict)
        #expect(conflicts.count == 2)
        #expect(conflicts.allSatisfy { $0.severity == .warning })
        #expect(conflicts.first?.path == "interactionModel.languageModel.intents[1].samples[0]")
        // Both intents by name: the one the sample is in, and the one that has it too.
        #expect(conflicts.first?.message.hasPrefix("conflict in B: A has the same sample (intents[0].samples[0])") == true)
        #expect(conflicts.last?.message.hasPrefix("conflict in C: A has the same sample (intents[0].samples[1])") == true)
        #expect(result.isValid)
    }

    @Test func emptyCustomTypeIsAWarning() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "x", "type": "Empty"}], "samples": ["say {x}"]}]
            """, types: #"[{"name": "Empty", "values": []}]"#))
        let finding = try #require(result.findings(.emptySlotType).first)
        #expect(finding.path == "interactionModel.languageModel.types[0]")
        #expect(result.isValid)
    }

    @Test func unknownOrIncompleteValidationsAreWarnings() throws {
        let dialog = """
            , "dialog": {"intents": [{"name": "A", "slots": [{"name": "n", "type": "AMAZON.NUMBER", "prompts": {},
               "validations": [{"type": "isBetween", "prompt": "P"}, {"type": "isInSet", "prompt": "P"},
                               {"type": "isLessThan", "value": "ten", "prompt": "P"}]}]}]},
              "prompts": [{"id": "P", "variations": [{"type": "PlainText", "value": "No."}]}]
            """
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "n", "type": "AMAZON.NUMBER"}], "samples": ["{n}"]}]
            """, extra: dialog))
        let findings = result.findings(.unknownValidation)
        #expect(findings.count == 3)
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(findings.first?.path == "interactionModel.dialog.intents[0].slots[0].validations[0].type")
        #expect(result.isValid)
    }

    @Test func samplesWithSpacesAreTrimmedWithAWarning() throws {
        let result = try T.importJSON(T.wrapped(intents: #"[{"name": "A", "samples": ["  hello   there ", "hi"]}]"#))
        let finding = try #require(result.findings(.untrimmedText).first)
        #expect(finding.severity == .warning)
        #expect(finding.text == "  hello   there ")
        #expect(result.model.intent(named: "A")?.samples == ["hello there", "hi"])
    }

    @Test func repeatedSamplesAreKeptOnceWithAWarning() throws {
        let result = try T.importJSON(T.wrapped(intents: #"[{"name": "A", "samples": ["hello", "hi", "Hello"]}]"#))
        let finding = try #require(result.findings(.repeatedSample).first)
        #expect(finding.path == "interactionModel.languageModel.intents[0].samples[2]")
        #expect(finding.message.contains("samples[0]"))
        #expect(result.model.intent(named: "A")?.samples == ["hello", "hi"])
    }

    @Test func emptySamplesAndSynonymsAreDroppedWithAWarning() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "x", "type": "T"}], "samples": ["say {x}", "  "]}]
            """, types: #"[{"name": "T", "values": [{"name": {"value": "a", "synonyms": ["", "b"]}}]}]"#))
        #expect(result.findings(.emptyText).count == 2)
        #expect(result.model.intent(named: "A")?.samples == ["say {x}"])
        #expect(result.model.slotType(named: "T")?.values.first?.name.synonyms == ["b"])
    }

    @Test func digitsInSamplesAreAcceptedWithAWarning() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "n", "type": "AMAZON.NUMBER"}], "samples": ["order 2 pizzas", "order {n} pizzas"]}]
            """))
        let findings = result.findings(.digitsInSample)
        #expect(findings.count == 1)
        #expect(findings.first?.text == "order 2 pizzas")
        #expect(result.model.intent(named: "A")?.samples.contains("order 2 pizzas") == true)
        #expect(result.isValid)
    }

    @Test func customIntentWithoutSamplesIsAWarning() throws {
        let result = try T.importJSON(T.wrapped(intents: #"[{"name": "Lonely"}, {"name": "AMAZON.HelpIntent"}]"#))
        #expect(result.findings(.intentWithoutSamples).map(\.text) == ["Lonely"])
    }

    @Test func legacySlotSyntaxIsRewritten() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "n", "type": "AMAZON.NUMBER"}], "samples": ["add {five|n} points", "add { n } more"]}]
            """))
        #expect(result.findings(.legacySampleSyntax).count == 1)
        #expect(result.findings(.untrimmedText).count == 1)
        #expect(result.model.intent(named: "A")?.samples == ["add {n} points", "add {n} more"])
    }

    @Test func requiredSlotWithoutPromptIsADialogWarning() throws {
        let dialog = """
            , "dialog": {"delegationStrategy": "SOMETIMES", "intents": [{"name": "A", "confirmationRequired": true,
               "slots": [{"name": "n", "type": "AMAZON.DATE", "elicitationRequired": true, "prompts": {}}]}]}
            """
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "n", "type": "AMAZON.NUMBER"}], "samples": ["{n}"]}]
            """, extra: dialog))
        let findings = result.findings(.dialogInconsistency)
        #expect(findings.count == 4)  // strategy, intent confirmation, slot elicitation, slot type mismatch
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(result.isValid)
    }

    @Test func duplicateAndEmptyPromptsAreWarnings() throws {
        let extra = """
            , "prompts": [{"id": "P", "variations": [{"type": "PlainText", "value": "a"}]},
                          {"id": "P", "variations": [{"type": "PlainText", "value": "b"}]},
                          {"id": "Q", "variations": []}]
            """
        let result = try T.importJSON(T.wrapped(intents: #"[{"name": "A", "samples": ["a"]}]"#, extra: extra))
        #expect(result.findings(.duplicatePrompt).first?.path == "interactionModel.prompts[1].id")
        #expect(result.findings(.promptProblem).first?.text == "Q")
    }

    @Test func promptSpeakingAnUnknownSlotIsAWarning() throws {
        let extra = """
            , "dialog": {"intents": [{"name": "A", "confirmationRequired": true, "prompts": {"confirmation": "C"}, "slots": []}]},
              "prompts": [{"id": "C", "variations": [{"type": "PlainText", "value": "Book {count} rooms in {city}?"}]}]
            """
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "city", "type": "AMAZON.City"}], "samples": ["book {city}"]}]
            """, extra: extra))
        let finding = try #require(result.findings(.promptProblem).first)
        #expect(finding.path == "interactionModel.prompts[0].variations[0]")
        #expect(finding.message.contains("{count}"))
    }

    @Test func duplicateKeysAreAWarningAndTheLastWins() throws {
        let result = try T.importJSON(T.wrapped(intents: #"[{"name": "A", "samples": ["x"], "samples": ["y"]}]"#))
        #expect(result.findings(.duplicateKey).first?.severity == .warning)
        #expect(result.model.intent(named: "A")?.samples == ["y"])
    }

    @Test func unknownFallbackSensitivityIsAWarning() throws {
        let json = #"{"interactionModel": {"languageModel": {"intents": [{"name": "A", "samples": ["a"]}], "modelConfiguration": {"fallbackIntentSensitivity": {"level": "EXTREME"}}}}}"#
        let result = try T.importJSON(json)
        #expect(result.findings(.unknownSetting).first?.text == nil)
        #expect(result.findings(.unknownSetting).count == 1)
        #expect(result.model.languageModel.modelConfiguration?.fallbackIntentSensitivity?.level == .low)
    }

    @Test func wrongFieldKindsAreReportedNotFatal() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "samples": ["ok", 7]}, {"name": 5, "samples": ["b"]}, {"name": "C", "slots": [{"name": "s"}], "samples": ["c"]}]
            """))
        let findings = result.findings(.invalidField)
        #expect(findings.count == 3)
        #expect(findings.allSatisfy { $0.severity == .error })
        #expect(findings.map(\.path).contains("interactionModel.languageModel.intents[0].samples[1]"))
        #expect(result.model.intent(named: "A")?.samples == ["ok"])
    }

    // MARK: Notes

    @Test func builtInDefaultCollidingWithACustomSampleIsDroppedWithANote() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "CancelOrderIntent", "samples": ["cancel", "cancel my order"]}, {"name": "AMAZON.CancelIntent", "samples": []}]
            """))
        let finding = try #require(result.findings(.builtInDefaultDropped).first)
        #expect(finding.severity == .note)
        #expect(finding.path == "interactionModel.languageModel.intents[0].samples[0]")
        #expect(finding.message.contains("AMAZON.CancelIntent"))
        #expect(result.isValid)
    }

    @Test func aShadowedBuiltInIntentGetsANoteOnTheIntent() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "AMAZON.CancelIntent", "samples": []}, {"name": "cancel", "samples": ["cancel that", "forget it", "abort", "cancel"]}]
            """))
        let finding = try #require(result.findings(.builtInDefaultsShadowed).first)
        #expect(finding.severity == .note)
        #expect(finding.path == "interactionModel.languageModel.intents[0]")
        #expect(finding.message.contains("intent cancel says 4"))
        #expect(result.isValid)
    }

    @Test func deprecatedBuiltInTypesGetANote() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "n", "type": "AMAZON.US_FIRST_NAME"}], "samples": ["i am {n}"]}]
            """))
        let finding = try #require(result.findings(.deprecatedBuiltInType).first)
        #expect(finding.severity == .note)
        #expect(finding.message.contains("AMAZON.FirstName"))
    }

    // MARK: Direct use

    @Test func validatesAModelBuiltInCode() {
        let model = InteractionModel(languageModel: LanguageModel(intents: [
            Intent(name: "A", slots: [Slot(name: "x", type: "Nowhere")], samples: ["go {y}"]),
        ]))
        let findings = Validator.validate(model)
        #expect(findings.contains { $0.rule == .undeclaredSlotType && $0.path == "interactionModel.languageModel.intents[0].slots[0].type" })
        #expect(findings.contains { $0.rule == .undeclaredSlotInSample && $0.location == nil && $0.file == nil })
    }

    @Test func editDistanceHints() {
        #expect(Validator.closest(to: "cty", in: ["city", "date"]) == "city")
        #expect(Validator.closest(to: "Date", in: ["city", "date"]) == "date")
        #expect(Validator.closest(to: "zzz", in: ["city", "date"]) == nil)
        #expect(Validator.editDistance("kitten", "sitting", limit: 5) == 3)
    }
}
