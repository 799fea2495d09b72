import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU

/// Which slot types are closed phrase lists, how decoding and generation treat them.
@Suite struct PhraseListTypeTests {
    static let schema = SkillSchema(model: AllSlotSkillTests.interactionModel, tokenizer: Tokenizer(locale: "en-US"))

    func closed(_ name: String) -> Bool {
        PhraseListType.closedTypes(schema: Self.schema)[Self.schema.types.firstIndex { $0.name == name }!]
    }

    @Test func fillerTypesOfAllSlotSamplesAreClosed() {
        #expect(closed("HeadType") && closed("ActionType") && closed("TailType"))
        // Six pets without synonyms: a list of things, open.
        #expect(!closed("PetType"))
        // The shape of a phrase list, but its samples say words of their own around it.
        #expect(!closed("BasketType"))
    }

    @Test func modelsWithoutAllSlotSamplesHaveNoPhraseList() {
        let music = SkillSchema(model: try! Importer.decode(Data(CarrierSpanTests.json.utf8)), tokenizer: Tokenizer(locale: "en-US"))
        #expect(!PhraseListType.closedTypes(schema: music).contains(true))
    }

    @Test func aSampleOfSlotsAloneIsReadFromItsBytes() {
        func onlySlots(_ s: String) -> Bool { var s = s; return s.withUTF8 { PhraseListType.isOnlySlots($0) } }
        #expect(onlySlots("{head} {action}  {pet}"))
        #expect(!onlySlots("{action} the {pet}"))
        #expect(!onlySlots("{action} {pet"))
    }

    @Test func nearMatchesAreOneWordAwayWithTwoInCommon() {
        let forms: [[UInt64]] = [[1, 2], [1, 3, 4]]
        #expect(PhraseListType.isNearListed([1, 2], forms: forms))
        #expect(PhraseListType.isNearListed([1, 3, 5], forms: forms))     // one word different
        #expect(PhraseListType.isNearListed([1, 9, 2], forms: forms))     // one word more
        #expect(PhraseListType.isNearListed([1, 3], forms: forms))        // one word less
        #expect(!PhraseListType.isNearListed([1], forms: forms))          // a lone word of a longer form
        #expect(!PhraseListType.isNearListed([1, 5], forms: forms))
        #expect(!PhraseListType.isNearListed([2, 1], forms: forms))
    }

    /// Labels 0 (O), 1 (B), 2 (I); tokens: listed, unlisted, unlisted, listed.
    @Test func everyUnlistedWordOfAClosedListPays() {
        var slot = SlotTypeKey(begin: 1, typeKey: 7, group: .closedList)
        slot.unlistedPenalty = PhraseListType.unlistedPenalty
        slot.listedTokens = [10, 40]
        slot.closedPhrases = true
        let K = 3
        var emission = [Float](repeating: 0, count: 4 * K)
        let localOf: [Int32] = [0, 1, 2]
        localOf.withUnsafeBufferPointer { localOf in
            emission.withUnsafeMutableBufferPointer { emission in
                UnlistedValuePrior.addPenalties(slots: [slot], tokenKeys: [10, 20, 30, 40], localOf: localOf, labels: K, into: emission)
            }
        }
        let p = PhraseListType.unlistedPenalty
        #expect((0..<4).map { emission[$0 * K + 1] } == [0, -p, -p, 0])
        #expect((0..<4).map { emission[$0 * K + 2] } == [0, -p, -p, 0])
        #expect((0..<4).map { emission[$0 * K] } == [0, 0, 0, 0])
    }

    @Test func theModelsPhraseListSlotsAreClosed() {
        let finder = SpanFinder(schema: Self.schema)
        var slots = NLUModel.slotTypeKeys(Self.schema, typeKeys: finder.typeKeys)
        UnlistedValuePrior.apply(to: &slots, schema: Self.schema, typeKeys: finder.typeKeys)
        let type = { (name: String) in finder.typeKeys[Self.schema.types.firstIndex { $0.name == name }!] }
        let head = slots[0].first { $0.typeKey == type("HeadType") }!
        let pet = slots[0].first { $0.typeKey == type("PetType") }!
        #expect(head.closedPhrases && head.unlistedPenalty == PhraseListType.unlistedPenalty)
        #expect(!pet.closedPhrases && pet.unlistedPenalty < 1)
    }
}
