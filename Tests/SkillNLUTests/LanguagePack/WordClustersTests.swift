import BuiltInValues
import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// The word clusters derived from the English pack, the tagger attributes they give, and models
/// that read them.
@Suite struct WordClustersTests {
    func tokens(_ text: String) -> [Token] { Tokenizer(locale: "en-US").tokenize(text) }

    @Test func wordsThePackPutsTogetherShareACluster() throws {
        let clusters = try #require(WordClusters.bundled(named: "en"))
        #expect(clusters.name == "en" && clusters.count >= 2)
        // Instruments with instruments, cities with cities; the two groups apart.
        let guitar = try #require(clusters.cluster(ofFolded: "guitar"))
        #expect(clusters.cluster(ofFolded: "drums") == guitar)
        let denver = try #require(clusters.cluster(ofFolded: "denver"))
        #expect(clusters.cluster(ofFolded: "seattle") == denver && denver != guitar)
        // A word of several pieces has the cluster of their mean; one the pack cannot cut has none.
        #expect(LanguagePack.bundled(named: "en")!.pieces(of: "zyzzogeton").count > 1)
        #expect(clusters.cluster(ofFolded: "zyzzogeton") != nil)
        #expect(clusters.cluster(ofFolded: "ꙮꙮ") == nil)
        // Only words get one: numbers and symbols are left to the parsers.
        let ids = clusters.clusters(of: tokens("play 2 songs by seattle bands"))
        let words = tokens("play 2 songs by seattle bands")
        #expect(ids.count == 6 && words[1].kind == .number, "\(words.map { ($0.folded, $0.kind) })")
        #expect(ids[1] == WordClusters.none && ids[4] == UInt16(denver) && ids[0] != WordClusters.none)
        #expect(WordClusters.bundled(named: "de") == nil && WordClusters.bundledName(forLocale: "de-DE") == nil)
        #expect(WordClusters.bundledName(forLocale: "en-GB") == "en")
    }

    @Test func aTableOfAnotherPackOrDamagedIsRefused() throws {
        let pack = try #require(LanguagePack.bundled(named: "en"))
        let url = try #require(LanguagePack.resourceCandidates("en.clusters").first { FileManager.default.fileExists(atPath: $0.path) })
        let bytes = Array(try Data(contentsOf: url))
        #expect(try WordClusters(bytes: bytes, pack: pack).digest == WordClusters.bundled(named: "en")?.digest)
        #expect(throws: WordClusters.ReadError.truncated) { try WordClusters(bytes: Array(bytes.dropLast()), pack: pack) }
        #expect(throws: WordClusters.ReadError.notClusters) { try WordClusters(bytes: Array("SNLUPACK".utf8) + bytes.dropFirst(8), pack: pack) }
        let latin = try #require(LanguagePack.bundled(named: "de"))
        #expect(throws: WordClusters.ReadError.otherPack) { try WordClusters(bytes: bytes, pack: latin) }
    }

    @Test func clustersAddAttributesAndLeaveTheOthersAsTheyWere() throws {
        let clusters = try #require(WordClusters.bundled(named: "en"))
        let words = tokens("play bluegrass by the band")
        var plainOffsets: [Int32] = [], plain: [UInt64] = [], offsets: [Int32] = [], out: [UInt64] = []
        TaggerFeatures.extract(tokens: words, intentKey: 5, spans: [], offsets: &plainOffsets, out: &plain)
        TaggerFeatures.extract(tokens: words, intentKey: 5, spans: [], clusters: clusters.clusters(of: words),
                               offsets: &offsets, out: &out)
        for t in words.indices {
            let before = Array(plain[Int(plainOffsets[t])..<Int(plainOffsets[t + 1])])
            let after = Array(out[Int(offsets[t])..<Int(offsets[t + 1])])
            // Every word here has a cluster: its own and its two neighbours' are added.
            #expect(after.count == before.count + 3)
            #expect(Set(before).isSubset(of: Set(after)))
            #expect(after[TaggerFeatures.wordAttributeIndex] == before[TaggerFeatures.wordAttributeIndex])
        }
        // Two words of one cluster give the same cluster attribute.
        let a = clusters.clusters(of: tokens("guitar")), b = clusters.clusters(of: tokens("drums"))
        #expect(a == b)
    }

    @Test func aModelWithClustersWritesTheirSectionAndReadsBackAlike() throws {
        var options = Fixtures.fastOptions
        options.tagger.wordClusters = "auto"
        let model = Fixtures.trained(options)
        #expect(model.tagger.wordClusters?.name == "en" && model.trainingOptions.tagger.wordClusters == "en")
        let bytes = model.fileBytes()
        let read = try NLUModel(fileBytes: bytes)
        #expect(read.fileBytes() == bytes && read.tagger.wordClusters?.digest == model.tagger.wordClusters?.digest)
        for text in ["could i get a large flat white", "a small mocha please", "any news"] {
            #expect(read.classify(text) == model.classify(text))
        }
        let plain = ChunkedFileParts(Fixtures.trained(Fixtures.fastOptions).fileBytes())
        let parts = ChunkedFileParts(bytes)
        #expect(parts.tags == plain.tags + ["CLUS"])
        // The clusters' name renamed "xx", the checksums made good: the model is refused.
        var renamed = parts
        let at = try #require(renamed.sections.firstIndex { $0.tag == "CLUS" })
        #expect(Array(renamed.sections[at].payload.prefix(10)) == [2, 0, 0, 0, 0, 0, 0, 0] + Array("en".utf8))
        renamed.sections[at].payload.replaceSubrange(8..<10, with: Array("xx".utf8))
        #expect(throws: ModelFileError.missingWordClusters("xx")) { try NLUModel(fileBytes: renamed.sealed) }
        // Another table of the same name.
        var other = parts
        other.sections[at].payload[10] ^= 1
        #expect(throws: ModelFileError.differentWordClusters("en")) { try NLUModel(fileBytes: other.sealed) }
        // Without the section, a tagger trained with clusters is not read as one without.
        var cut = parts
        cut.sections.remove(at: at)
        #expect(throws: (any Error).self) { try NLUModel(fileBytes: cut.sealed) }
    }

    @Test func aLocaleWithoutClustersTrainsAsWithoutAndEnglishClustersAreRefusedThere() throws {
        let german = try Importer.decode(Data(Fixtures.coffeeJSON.utf8), locale: "de-DE")
        var options = Fixtures.fastOptions
        let plain = try NLUModel.train(from: german, options: options).fileBytes()
        options.tagger.wordClusters = "auto"
        #expect(try NLUModel.train(from: german, options: options).fileBytes() == plain)
        options.tagger.wordClusters = "en"
        #expect(throws: TrainingError.languagePackForAnotherLanguage("en", locale: "de-DE")) {
            try NLUModel.train(from: german, options: options)
        }
        options.tagger.wordClusters = "klingon"
        #expect(throws: TrainingError.noWordClusters("klingon")) { try NLUModel.train(from: Fixtures.coffee, options: options) }
    }

    @Test func anUnlistedWordOfTheListedValuesClusterIsTaggedAsTheirs() throws {
        // Cities in one slot, instruments in another, each said in the same carrier: a city and
        // an instrument no sample names are told apart by their clusters alone.
        let clusters = try #require(WordClusters.bundled(named: "en"))
        let cities = ["denver", "boston", "chicago", "houston", "atlanta", "portland"]
        let instruments = ["guitar", "drums", "bass", "saxophone", "flute", "harp"]
        let examples = zip(cities, instruments).flatMap { city, instrument in
            [TrainingExample(tokens: tokens("lessons in \(city)"), intent: 0, labels: [0, 0, 1], weight: 1, text: ""),
             TrainingExample(tokens: tokens("lessons in \(instrument)"), intent: 0, labels: [0, 0, 3], weight: 1, text: "")]
        }
        #expect(clusters.cluster(ofFolded: "seattle") == clusters.cluster(ofFolded: "denver"))
        #expect(clusters.cluster(ofFolded: "cello") == clusters.cluster(ofFolded: "guitar"))
        func labels(_ text: String, _ wordClusters: WordClusters?) -> [Int32] {
            var options = SlotTaggerOptions()
            options.typeAgreement = false
            let tagger = SlotTagger.train(examples: examples, spans: examples.map { _ in [] }, allowedLabels: [[0, 1, 2, 3, 4]],
                                          intentKeys: [9], labelCount: 5, options: options, wordClusters: wordClusters)
            let graph = tagger.graph(for: [0, 1, 2, 3, 4])
            return tagger.decode(tokens: tokens(text), spans: [], intentKey: 9, graph: graph, mode: .labels).labels
        }
        #expect(labels("lessons in seattle", clusters) == [0, 0, 1])
        #expect(labels("lessons in cello", clusters) == [0, 0, 3])
        // Without clusters nothing tells the two unseen words apart.
        #expect(labels("lessons in seattle", nil) == labels("lessons in cello", nil))
    }
}
