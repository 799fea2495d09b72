import Foundation
import InteractionModel
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

/// Loading a model with a contextual head checks its encoder's name and digest but reads the
/// encoder's weights only when a tier first runs it.
@Suite struct EncoderLoadTests {
    @Test func loadingChecksTheEncoderAndItsTierReadsItWhenFirstRun() throws {
        let model = Fixtures.trained(EncoderIntentHeadTests.headOptions)
        let read = try NLUModel(fileBytes: model.fileBytes())
        let head = try #require(read.contextualHead)
        #expect(!head.isEncoderRead)
        for text in ["could i get a large latte", "has my beverage been prepared"] {
            #expect(read.classify(text, context: EncoderIntentHeadTests.context(.fast))
                    == model.classify(text, context: EncoderIntentHeadTests.context(.fast)))
        }
        #expect(!head.isEncoderRead, "the fast tier does not run the encoder")
        let accurate = EncoderIntentHeadTests.context(.accurate)
        #expect(read.classify("any news", context: accurate) == model.classify("any news", context: accurate))
        #expect(head.isEncoderRead)
        #expect(read.fileBytes() == model.fileBytes())
    }

    @Test func aHeadWhoseShippedEncoderChangedSinceLoadingAnswersNothingRatherThanStop() throws {
        let model = Fixtures.trained(EncoderIntentHeadTests.headOptions)
        let head = try #require(model.contextualHead)
        let shipped = try #require(SentenceEncoder.bundledIdentity(named: "en"))
        let changed = EncoderIdentity(name: "en", digest: shipped.digest &+ 1, dimension: shipped.dimension)
        let stale = EncoderIntentHead(bundled: changed, scorer: head.scorer)
        #expect(stale.probabilities("has my beverage been prepared") == nil)
        #expect(!stale.isEncoderRead)
        #expect(head.probabilities("has my beverage been prepared") != nil)
    }

    @Test func theIdentityIsTheShippedEncodersOwn() throws {
        let encoder = try #require(SentenceEncoder.bundled(named: "en"))
        let identity = try #require(SentenceEncoder.bundledIdentity(named: "en"))
        #expect(identity == EncoderIdentity(name: "en", digest: encoder.digest, dimension: encoder.dimension))
        #expect(SentenceEncoder.bundledIdentity(named: "xx") == nil)
    }

    @Test func theHeaderAloneRefusesWhatTheEncoderWouldRefuse() {
        func header(magic: String = "SNLUENCD", format: UInt32 = EncoderWeights.format, hidden: UInt32 = 8) -> [UInt8] {
            var bytes = Array(magic.utf8)
            for n in [format, 100, hidden, 2, 2, 16, 32] { withUnsafeBytes(of: n.littleEndian) { bytes += $0 } }
            return bytes
        }
        func hidden(_ bytes: [UInt8]) -> Result<Int, SentenceEncoder.ReadError> {
            bytes.withUnsafeBytes { raw in Result { () throws(SentenceEncoder.ReadError) in try EncoderWeights.hiddenSize(bytes: raw) } }
        }
        #expect(hidden(header()) == .success(8))
        #expect(hidden(header(magic: "SNLUPACK")) == .failure(.notAnEncoder))
        #expect(hidden(header(format: 1)) == .failure(.olderFormat(1)))
        #expect(hidden(header(format: EncoderWeights.format + 1)) == .failure(.newerFormat(EncoderWeights.format + 1)))
        #expect(hidden(header(hidden: 9)) == .failure(.corrupt("dimensions")))
        #expect(hidden(Array(header().prefix(20))) == .failure(.truncated))
    }
}
