import Foundation
import Testing
@testable import InteractionModel

/// The layouts, encodings, locations and locales the importer accepts, and what it refuses.
@Suite struct ImporterTests {
    typealias T = TestSupport

    // MARK: Layouts

    @Test func readsTheWrapperWithVersionAndUnknownFields() throws {
        let json = """
            {"version": "42", "interactionModel": {"languageModel": {"invocationName": "demo", "somethingNew": {"x": 1},
              "intents": [{"name": "HelloIntent", "samples": ["hi {name}"], "slots": [{"name": "name", "type": "AMAZON.FirstName", "future": true}]}],
              "types": []}, "extraSection": []}}
            """
        let result = try T.importJSON(json)
        #expect(result.source.format == .interactionModel)
        #expect(result.model.languageModel.invocationName == "demo")
        #expect(result.model.intent(named: "HelloIntent")?.slots.first?.type == "AMAZON.FirstName")
        #expect(result.findings.isEmpty)
    }

    @Test func readsABareLanguageModelWithDialogAndPromptsBeside() throws {
        let json = """
            {"languageModel": {"intents": [{"name": "PetIntent", "slots": [{"name": "size", "type": "SizeType"}], "samples": ["a {size} pet"]}],
                               "types": [{"name": "SizeType", "values": [{"id": null, "name": {"value": "small", "synonyms": []}}]}]},
             "dialog": {"intents": [{"name": "PetIntent", "confirmationRequired": false, "prompts": {},
                         "slots": [{"name": "size", "type": "SizeType", "elicitationRequired": true, "confirmationRequired": false,
                                    "prompts": {"elicit": "Elicit.size", "confirm": "Confirm.size"}}]}]},
             "prompts": [{"id": "Elicit.size", "variations": [{"type": "PlainText", "value": "What size?"}]},
                         {"id": "Confirm.size", "variations": [{"type": "SSML", "value": "<speak>{size}?</speak>"}]}]}
            """
        let result = try T.importJSON(json, file: "InteractionModel.json")
        #expect(result.source.format == .languageModel)
        #expect(result.isValid)
        #expect(result.model.slotType(named: "SizeType")?.values.first?.id == nil)
        let slot = try #require(result.model.dialog?.intent(named: "PetIntent")?.slot(named: "size"))
        #expect(slot.prompts.elicitation == "Elicit.size")
        #expect(slot.prompts.confirmation == "Confirm.size")
        #expect(result.model.prompt(id: "Confirm.size")?.variations.first?.isSSML == true)
    }

    @Test func readsIntentsAtTheTopLevel() throws {
        let json = """
            {"intents": [{"name": "GoIntent", "samples": ["go {place}"], "slots": [{"name": "place", "type": "Place"}]}],
             "types": [{"name": "Place", "values": [{"id": 7, "name": {"value": "home"}}]}]}
            """
        let result = try T.importJSON(json)
        #expect(result.source.format == .topLevelIntents)
        #expect(result.isValid)
        #expect(result.model.slotType(named: "Place")?.values.first?.id == "7")
    }

    @Test func readsNumericValidationValuesAndOldPromptKeys() throws {
        let json = T.wrapped(intents: """
            [{"name": "A", "slots": [{"name": "n", "type": "AMAZON.NUMBER"}], "samples": ["{n}"]}]
            """, extra: """
            , "dialog": {"intents": [{"name": "A", "slots": [{"name": "n", "type": "AMAZON.NUMBER", "elicitationRequired": "true",
                "prompts": {"elicit": "E"}, "validations": [{"type": "isLessThan", "value": 10, "prompt": "E"},
                                                            {"type": "isInSet", "values": [1, "2"], "prompt": "E"}]}]}]},
              "prompts": [{"id": "E", "variations": [{"value": "How many?"}]}]
            """)
        let result = try T.importJSON(json)
        #expect(result.isValid)
        let slot = try #require(result.model.dialog?.intents.first?.slots.first)
        #expect(slot.elicitationRequired)
        #expect(slot.validations.map(\.value) == ["10", nil])
        #expect(slot.validations.last?.values == ["1", "2"])
        #expect(result.model.prompts.first?.variations.first?.type == "PlainText")
    }

    @Test func acceptsByteOrderMarkAndCRLFLineEndings() throws {
        let text = T.wrapped(intents: "[\n{\"name\": \"A\",\n \"samples\": [\"a {x}\"]}]").replacingOccurrences(of: "\n", with: "\r\n")
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        let result = try Importer.importModel(json: bytes, file: "en-US.json")
        let finding = try #require(result.findings(.undeclaredSlotInSample).first)
        #expect(finding.location?.line == 3)
        #expect(finding.location?.column == 14)
    }

    @Test func refusesJSONThatIsNoInteractionModel() {
        #expect(throws: ImportError.self) { try T.importJSON("[1, 2]") }
        do {
            _ = try T.importJSON(#"{"manifest": {"publishingInformation": {}}}"#)
            Issue.record("a skill manifest was accepted")
        } catch {
            guard case .notAnInteractionModel(_, let reason) = error as? ImportError else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(reason.contains("skill manifest"))
        }
        #expect(throws: ImportError.self) { try T.importJSON(#"{"interactionModel": {"dialog": {}}}"#) }
    }

    @Test func malformedJSONIsAnImportErrorWithLocation() {
        do {
            _ = try T.importJSON("{\n  \"interactionModel\": {,\n}")
            Issue.record("malformed JSON was accepted")
        } catch {
            guard case .malformedJSON(let file, let syntax) = error as? ImportError else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(file == "en-US.json")
            #expect(syntax.location.line == 2)
            let finding = (error as? ImportError)?.findings.first
            #expect(finding?.rule == .malformedJSON)
            #expect(finding?.description.hasPrefix("en-US.json:2:") == true)
        }
    }

    @Test func decodeThrowsOnErrorsAndReturnsTidyModelOtherwise() throws {
        let good = try Importer.decode(Data(T.wrapped(intents: #"[{"name": "A", "samples": [" a "]}]"#).utf8), locale: "de-DE")
        #expect(good.locale == "de-DE")
        #expect(good.intent(named: "A")?.samples == ["a"])
        #expect(throws: ImportError.self) {
            try Importer.decode(Data(T.wrapped(intents: #"[{"name": "A", "samples": ["{x}"]}]"#).utf8))
        }
    }

    // MARK: Legacy intent schema

    @Test func readsLegacySchemaWithUtterancesAndSlotTypeLists() throws {
        let directory = try T.temporaryDirectory()
        defer { T.cleanUp(directory) }
        let schema = """
            {"intents": [{"intent": "ColorIntent", "slots": [{"name": "Color", "type": "LIST_OF_COLORS"}, {"name": "Shade", "type": "SHADES"}]},
                         {"intent": "AMAZON.HelpIntent"}]}
            """
        try T.write(schema, to: directory.appendingPathComponent("speechAssets/IntentSchema.json"))
        try T.write("ColorIntent my favorite color is {Color}\r\nColorIntent i like {light|Shade} {Color}\n\nAMAZON.HelpIntent what now\n",
                    to: directory.appendingPathComponent("speechAssets/SampleUtterances_de_DE.txt"))
        try T.write("red\ngreen\n\nblue\n", to: directory.appendingPathComponent("types/LIST_OF_COLORS.txt"))
        let result = try Importer.load(path: directory.path,
                                       options: ImportOptions(slotTypesDirectory: directory.appendingPathComponent("types").path))
        #expect(result.source.format == .legacyIntentSchema)
        #expect(result.source.locale == "de-DE")
        #expect(result.source.localeOrigin == .fileName("SampleUtterances_de_DE.txt"))
        #expect(result.model.intent(named: "ColorIntent")?.samples == ["my favorite color is {Color}", "i like {Shade} {Color}"])
        #expect(result.model.intent(named: "AMAZON.HelpIntent")?.samples == ["what now"])
        #expect(result.model.slotType(named: "LIST_OF_COLORS")?.values.map(\.name.value) == ["red", "green", "blue"])
        #expect(result.model.slotType(named: "SHADES")?.values.isEmpty == true)
        let open = try #require(result.findings(.legacyOpenSlotType).first)
        #expect(open.text == "SHADES")
        #expect(open.path == "intents[0].slots[1].type")
        #expect(result.findings(.emptySlotType).isEmpty)
        #expect(result.findings(.legacySampleSyntax).first?.location?.line == 2)
        #expect(result.source.otherFiles.count == 2)
        #expect(result.isValid)
    }

    @Test func legacySchemaWithoutUtterancesIsAnError() throws {
        let result = try T.importJSON(#"{"intents": [{"intent": "A"}]}"#, file: "/nonexistent-dir/IntentSchema.json")
        #expect(result.findings(.legacyMissingUtterances).first?.severity == .error)
    }

    @Test func missingUtterancesFileIsFileNotFound() {
        #expect(throws: ImportError.fileNotFound(path: "/no/such/utterances.txt")) {
            try Importer.importModel(json: Array(#"{"intents": [{"intent": "A"}]}"#.utf8),
                                     options: ImportOptions(utterancesFile: "/no/such/utterances.txt"))
        }
    }

    // MARK: Paths, directories and locales

    @Test func findsTheModelInAnAskCliSkillDirectory() throws {
        let directory = try T.temporaryDirectory()
        defer { T.cleanUp(directory) }
        let skill = directory.appendingPathComponent("MySkill")
        let model = T.wrapped(intents: #"[{"name": "A", "samples": ["a"]}]"#)
        try T.write(model, to: skill.appendingPathComponent("skill-package/interactionModels/custom/en-GB.json"))
        try T.write(model, to: skill.appendingPathComponent("skill-package/interactionModels/custom/de-DE.json"))
        #expect(throws: ImportError.ambiguousLocale(path: skill.path, available: ["de-DE", "en-GB"])) {
            try Importer.load(path: skill.path)
        }
        let german = try Importer.load(path: skill.path, options: ImportOptions(locale: "de_DE"))
        #expect(german.source.locale == "de-DE")
        #expect(german.source.localeOrigin == .given)
        #expect(german.source.skillName == "MySkill")
        #expect(german.source.file == skill.path + "/skill-package/interactionModels/custom/de-DE.json")
        #expect(throws: ImportError.localeNotFound(path: skill.path, locale: "fr-FR", available: ["de-DE", "en-GB"])) {
            try Importer.load(path: skill.path, options: ImportOptions(locale: "fr-FR"))
        }
    }

    @Test func findsOlderModelsFolder() throws {
        let directory = try T.temporaryDirectory()
        defer { T.cleanUp(directory) }
        try T.write(T.wrapped(intents: #"[{"name": "A", "samples": ["a"]}]"#), to: directory.appendingPathComponent("models/ja-JP.json"))
        let result = try Importer.load(path: directory.path + "/")
        #expect(result.source.locale == "ja-JP")
        #expect(result.source.localeOrigin == .fileName("ja-JP.json"))
    }

    @Test func emptyDirectoryAndMissingFileAreReported() throws {
        let directory = try T.temporaryDirectory()
        defer { T.cleanUp(directory) }
        #expect(throws: ImportError.self) { try Importer.load(path: directory.path) }
        #expect(throws: ImportError.fileNotFound(path: directory.path + "/nope.json")) {
            try Importer.load(path: directory.path + "/nope.json")
        }
    }

    @Test(arguments: [
        ("en-US.json", "en-US"), ("InteractionModel_de-DE.json", "de-DE"), ("SampleUtterances_de_DE.txt", "de-DE"),
        ("models/fr-FR.json", "fr-FR"), ("skill-custom-ja-JP.json", "ja-JP"), ("InteractionModel.json", nil),
        ("blue-EN-us.json", nil), ("sen-US.json", nil),
    ] as [(String, String?)])
    func localeFromFileName(name: String, locale: String?) {
        #expect(SkillLocator.localeFromFileName(name) == locale)
    }

    @Test func localeIsAssumedWhenNothingSaysIt() throws {
        let result = try T.importJSON(T.wrapped(intents: #"[{"name": "A", "samples": ["a"]}]"#), file: "model.json")
        #expect(result.source.locale == "en-US")
        #expect(result.source.localeOrigin == .assumed)
        #expect(result.model.locale == "en-US")
        #expect(result.source.skillName == "model")
    }

    @Test(arguments: [
        ("/x/PizzaShop/skill-package/interactionModels/custom/en-US.json", "PizzaShop"),
        ("/x/Quiz/models/en-US.json", "Quiz"),
        ("/x/Trivia_de-DE.json", "Trivia"),
        ("/x/Store/en-US.json", "Store"),
    ])
    func skillNames(file: String, name: String) {
        #expect(SkillLocator.skillName(forFile: file) == name)
    }
}
