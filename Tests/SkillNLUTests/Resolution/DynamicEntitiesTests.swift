import BuiltInValues
import Testing
import Foundation
import InteractionModel
@testable import SkillNLU

@Suite struct DynamicEntitiesTests {
    let staticContacts = EntityResolver(slotType: SlotType(name: "Contact", values: [SlotTypeValue(id: "s1", value: "Bob")]))
    let contacts = SlotType(name: "Contact", values: [
        SlotTypeValue(id: "c1", value: "Alice Smith", synonyms: ["mom"]),
        SlotTypeValue(id: "c2", value: "Carol Jones"),
    ])
    let playlists = SlotType(name: "Playlist", values: [SlotTypeValue(id: "p1", value: "road trip")])

    @Test func dynamicAuthorityComesFirst() {
        let session = DynamicEntities().applying(.replace([contacts]))
        let r = staticContacts.resolve("mom", dynamic: session).resolutionsPerAuthority
        #expect(r.map(\.authority) == [
            "amzn1.er-authority.echo-sdk.dynamic.amzn1.ask.skill.local.Contact",
            "amzn1.er-authority.echo-sdk.amzn1.ask.skill.local.Contact",
        ])
        #expect(r.map(\.status.code) == [.successMatch, .successNoMatch])
        #expect(r[0].values.map(\.value) == [ResolvedValue(name: "Alice Smith", id: "c1")])

        let bob = staticContacts.resolve("bob", dynamic: session).resolutionsPerAuthority
        #expect(bob.map(\.status.code) == [.successNoMatch, .successMatch])
    }

    @Test func withoutDynamicValuesOnlyTheStaticAuthority() {
        let none = staticContacts.resolve("mom", dynamic: DynamicEntities()).resolutionsPerAuthority
        #expect(none.map(\.authority) == ["amzn1.er-authority.echo-sdk.amzn1.ask.skill.local.Contact"])
        let otherType = DynamicEntities().applying(.replace([playlists]))
        #expect(staticContacts.resolve("bob", dynamic: otherType).resolutionsPerAuthority.count == 1)
    }

    @Test func replaceReplacesEverythingAndClearRemovesEverything() {
        var session = DynamicEntities()
        session.apply(.replace([contacts, playlists]))
        #expect(session.values(for: "Playlist").count == 1)
        #expect(session.match("carol jones", typeName: "Contact")?.values.first?.id == "c2")

        session.apply(.replace([SlotType(name: "Contact", values: [SlotTypeValue(id: "c9", value: "Dave")])]))
        #expect(session.values(for: "Playlist").isEmpty)
        #expect(session.match("carol jones", typeName: "Contact") == nil)
        #expect(session.match("dave", typeName: "Contact")?.values.first?.id == "c9")

        let cleared = session.applying(.clear)
        #expect(cleared.isEmpty)
        #expect(cleared.match("dave", typeName: "Contact") == nil)
        #expect(!session.isEmpty)  // a value type: the original is unchanged
        #expect(staticContacts.resolve("dave", dynamic: cleared).resolutionsPerAuthority.count == 1)
    }

    @Test func dynamicValuesMatchLikeStaticOnes() {
        let session = DynamicEntities(types: [contacts])
        #expect(session.match("Alice Smyth", typeName: "Contact")?.kind == .fuzzy)
        #expect(session.match("MOM", typeName: "Contact")?.values.first?.id == "c1")
        let tokens = Tokenizer(locale: "en-US").tokenize("call carol jones now")
        #expect(session.match(tokens: tokens[1..<3], typeName: "Contact")?.values.first?.id == "c2")
        #expect(session.match(tokens: tokens[1..<3], typeName: "Playlist") == nil)
        #expect(session == DynamicEntities().applying(.replace([contacts])))
    }

    @Test func decodesTheDirective() throws {
        let json = """
        {"type": "Dialog.UpdateDynamicEntities", "updateBehavior": "REPLACE",
         "types": [{"name": "Contact", "values": [{"id": "c1", "name": {"value": "Alice Smith", "synonyms": ["mom"]}}]}]}
        """
        let update = try JSONDecoder().decode(DynamicEntitiesUpdate.self, from: Data(json.utf8))
        #expect(update.updateBehavior == .replace)
        #expect(update.types.first?.values.first?.name.synonyms == ["mom"])
        let clear = try JSONDecoder().decode(DynamicEntitiesUpdate.self,
                                             from: Data(#"{"type":"Dialog.UpdateDynamicEntities","updateBehavior":"CLEAR"}"#.utf8))
        #expect(clear == .clear)
        let roundTrip = try JSONDecoder().decode(DynamicEntitiesUpdate.self, from: JSONEncoder().encode(update))
        #expect(roundTrip == update)
    }
}
