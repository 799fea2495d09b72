import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// An intent's carrier phrases are read from the exact layer's trie of its samples, without
/// parsing or tokenizing them again, and are the same as those read sample by sample.
@Suite struct SampleCarrierBuildTests {
    static let json = #"""
    {"interactionModel": {"languageModel": {
      "invocationName": "music box",
      "intents": [
        {"name": "PlaySongIntent", "slots": [{"name": "song", "type": "Song"}, {"name": "artist", "type": "Artist"}],
         "samples": ["play {song} by {artist} on my phone please right now today", "play {song}", "{song}", " {artist} ",
                     "{song} .", "{song}{artist}", "{song} {artist}", "play some music by {artist}", "play some music",
                     "i would like to hear {song} from the album please", "play {song}",
                     "put on {song} and then {artist} and then something else entirely for me now",
                     "could you play the song called {song} by the band {artist} for me"]},
        {"name": "PlayGenreIntent", "slots": [{"name": "genre", "type": "Genre"}],
         "samples": ["play some {genre}", "play some music now", "play {genre} music", "{genre} please", "{genre}?"]},
        {"name": "AMAZON.StopIntent", "samples": []}
      ],
      "types": [
        {"name": "Song", "values": [{"name": {"value": "yesterday"}}, {"name": {"value": "hey jude"}}]},
        {"name": "Artist", "values": [{"name": {"value": "the beatles"}}, {"name": {"value": "queen"}}]},
        {"name": "Genre", "values": [{"name": {"value": "jazz"}}, {"name": {"value": "blues"}}]}
      ]}}}
    """#

    static let model: NLUModel = try! NLUModel.train(from: try! Importer.decode(Data(json.utf8)),
                                                    options: Fixtures.fastOptions)

    /// Intent `intent`'s phrases read from each parsed sample.
    static func bySample(_ model: NLUModel, intent: Int) -> SampleCarriers.Phrases {
        var out = SampleCarriers.Phrases()
        for sample in model.schema.intents[intent].samples {
            SampleCarriers.add(sample, tokenizer: model.schema.tokenizer, to: &out)
        }
        return out
    }

    @Test func theTrieGivesThePhrasesOfEverySample() throws {
        for model in [Self.model, Fixtures.coffeeModel, CarrierSpanTests.model] {
            let loaded = try NLUModel(fileBytes: model.fileBytes())
            for intent in loaded.schema.intents.indices {
                let fromTrie = loaded.sampleCarriers.phrases(of: intent), expected = Self.bySample(loaded, intent: intent)
                let name = loaded.schema.intents[intent].name
                #expect(fromTrie.inner == expected.inner, "\(name)")
                #expect(fromTrie.leading == expected.leading, "\(name)")
                #expect(fromTrie.trailing == expected.trailing, "\(name)")
                #expect(fromTrie.leadingWhole == expected.leadingWhole, "\(name)")
                #expect(fromTrie.bare == expected.bare, "\(name)")
            }
        }
        let song = try #require(Self.model.schema.intentIndex(named: "PlaySongIntent"))
        #expect(Self.model.sampleCarriers.phrases(of: song).bare == ["song", "artist"])
        let genre = try #require(Self.model.schema.intentIndex(named: "PlayGenreIntent"))
        #expect(Self.model.sampleCarriers.phrases(of: genre).bare.isEmpty, "\"{genre}?\" says more than the slot")
    }

    @Test func samplesTheTrieLacksAreReadFromTheirText() {
        let schema = Self.model.schema
        // An exact layer compiled from no samples holds none of the intent's.
        let empty = ExactMatcher(entries: schema.intents.map { ($0.slots, []) }, schema: schema, takesAnyWords: { _, _ in false })
        let carriers = SampleCarriers(schema: schema, matcher: empty)
        let fromText = carriers.phrases(of: 0), expected = Self.bySample(Self.model, intent: 0)
        #expect(fromText.inner == expected.inner && fromText.leading == expected.leading && fromText.bare == expected.bare)
        #expect(fromText.inner.contains(PhraseTrie.keys(of: "could you play", tokenizer: schema.tokenizer)))
    }

    @Test func aLoadedModelFindsItsCarriersWithoutParsingItsSamples() throws {
        let loaded = try NLUModel(fileBytes: Self.model.fileBytes())
        let song = try #require(loaded.schema.intentIndex(named: "PlaySongIntent"))
        #expect(!loaded.schema.intents[song].sampleList.isParsed)
        #expect(loaded.sampleCarriers.phrases(of: song).leadingWhole.contains(PhraseTrie.keys(of: "play", tokenizer: loaded.schema.tokenizer)))
        _ = loaded.classify("play hey jude by the beatles")
        #expect(!loaded.schema.intents[song].sampleList.isParsed, "the carrier phrases need no parsed sample")
    }
}

extension PhraseTrie {
    /// The token keys of `text`.
    static func keys(of text: String, tokenizer: Tokenizer) -> [UInt64] { tokenizer.tokenize(text).map(key) }
}

/// A type's words (``SampleCarriers/words(of:)``) of a loaded model come from the gazetteer's
/// paths, and are those of its forms tokenized one by one, for every type: custom, extended
/// built-in list, built-in with our examples, placeholders.
@Suite struct TypeWordsTests {
    @Test func aLoadedModelsTypeWordsAreThoseOfItsFormsTokenized() throws {
        for trained in [SampleCarrierBuildTests.model, Fixtures.coffeeModel, Fixtures.pizzaShopModel] {
            // Training returns the model as its file gives it; the model as the trainer leaves
            // it works its words out from its schema.
            let model = try NLUModel.trainInMemory(from: trained.interactionModel, options: Fixtures.fastOptions).model
            let loaded = try NLUModel(fileBytes: model.fileBytes())
            #expect(loaded.schema.storedSampleUses != nil && model.schema.storedSampleUses == nil)
            #expect(trained.schema.storedSampleUses != nil)
            for (t, type) in model.schema.types.enumerated() {
                let tokenized = Set(type.surfaceForms.flatMap { model.schema.tokenizer.tokenize($0.text).map(PhraseTrie.key) })
                #expect(loaded.sampleCarriers.words(of: t) == tokenized, "\(type.name)")
                #expect(model.sampleCarriers.words(of: t) == tokenized, "\(type.name)")
            }
        }
    }
}
