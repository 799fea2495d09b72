import Testing
@testable import InteractionModel

/// Placeholders that stand in for values given elsewhere, told apart from what real lists hold.
@Suite struct PlaceholderValueTests {
    typealias T = TestSupport

    @Test(arguments: ["CATEGORY_NAME_1", "CATEGORY_NAME_2", "ITEM_2", "SLOT_VALUE", "YOUR_NAME_HERE", "PLACEHOLDER",
                      " VALUE_01 ", "DUMMY_VALUE", "{CITY}", "{{city_name}}", "${CATEGORY}", "<category>"])
    func identifiersAndTemplatesArePlaceholders(_ text: String) {
        #expect(PlaceholderValue.isPlaceholder(text))
    }

    /// Forms of the lists of real skills and corpora: acronyms, codes, capitals, lower-case
    /// identifiers, numbers, a card named by underscores, and the role words alone.
    @Test(arguments: ["USB", "AT&T", "R2D2", "NFL", "ZKM", "MASSAGEM", "NUTRIÇÃO FUNCIONAL", "mythical_creatures", "1288",
                      "_____", "B-I-N-G-O", "S.N.O.T.", "NAME", "ITEM", "TODO", "NEW_YORK", "Favorite", "category 1",
                      "{}", "<3", ""])
    func realValuesAreNot(_ text: String) {
        #expect(!PlaceholderValue.isPlaceholder(text))
    }

    @Test func aListOfMostlyPlaceholdersIsOpen() {
        func values(_ forms: [String]) -> [SlotTypeValue] { forms.map { SlotTypeValue(value: $0) } }
        #expect(PlaceholderValue.isPlaceholderList(values(["CATEGORY_NAME_1", "CATEGORY_NAME_2", "CATEGORY_NAME_3", "Favorite"])))
        #expect(PlaceholderValue.isPlaceholderList(values(["ITEM_1", "coffee"])))
        #expect(!PlaceholderValue.isPlaceholderList(values(["ITEM_1", "coffee", "tea"])))
        #expect(!PlaceholderValue.isPlaceholderList(values(["coffee", "tea"])))
        #expect(!PlaceholderValue.isPlaceholderList([]))
        // Real synonyms of an identifier value count as forms of their own.
        #expect(!PlaceholderValue.isPlaceholderList([SlotTypeValue(value: "ITEM_1", synonyms: ["coffee", "a coffee"])]))
    }

    @Test func placeholdersAreAWarningThatSaysWhatTrainingDoes() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "Open", "slots": [{"name": "topic", "type": "Topic"}, {"name": "size", "type": "Size"}],
              "samples": ["open {topic}", "a {size} one"]}]
            """, types: """
            [{"name": "Topic", "values": [{"name": {"value": "TOPIC_NAME_1"}}, {"name": {"value": "TOPIC_NAME_2"}},
                                          {"name": {"value": "saved"}}]},
             {"name": "Size", "values": [{"name": {"value": "small"}}, {"name": {"value": "large"}},
                                         {"name": {"value": "SIZE_VALUE_3"}}]}]
            """))
        let findings = result.findings(.placeholderValues)
        #expect(findings.map(\.text) == ["Topic", "Size"])
        #expect(findings.allSatisfy { $0.severity == .warning })
        #expect(findings.first?.path == "interactionModel.languageModel.types[0]")
        let open = try #require(findings.first?.message)
        #expect(open.contains("\"TOPIC_NAME_1\", \"TOPIC_NAME_2\"") && open.contains("open list") && open.contains("dynamic entities"))
        let partial = try #require(findings.last?.message)
        #expect(partial.contains("a placeholder") && partial.contains("it is left out of matching") && !partial.contains("open list"))
        #expect(result.isValid)
    }

    @Test func realListsGiveNoWarning() throws {
        let result = try T.importJSON(T.wrapped(intents: """
            [{"name": "Buy", "slots": [{"name": "thing", "type": "Thing"}], "samples": ["buy {thing}"]}]
            """, types: """
            [{"name": "Thing", "values": [{"name": {"value": "USB"}}, {"name": {"value": "AT&T", "synonyms": ["at and t"]}},
                                          {"name": {"value": "R2D2"}}, {"name": {"value": "mythical_creatures"}}]}]
            """))
        #expect(result.findings(.placeholderValues).isEmpty)
    }
}
