import InteractionModel
import Testing
@testable import SkillNLU

/// The sample an exact match names: in today's syntax whether the sample was written so (read
/// as written) or not (padded names, legacy literals, broken braces: read through the parse).
@Suite struct SampleCanonicalTextTests {
    @Test func canonicalTextOfASampleIsItsParsesCanonicalText() {
        let samples = ["order a {size} {drink}", "fly to { city }", "{Paris|city} please", "fly to {\u{00A0}city}",
                       "unclosed {city", "close} only", "{}", "", "plain words", "naïve {café}"]
        let intent = SkillSchema.IntentInfo(name: "OrderIntent", slots: [], sampleTexts: samples, isBuiltIn: false)
        for i in samples.indices {
            #expect(intent.canonicalText(ofSample: i) == intent.sample(at: i).canonicalText, "\(samples[i])")
        }
        #expect(intent.canonicalText(ofSample: 1) == "fly to {city}")
        #expect(intent.canonicalText(ofSample: 2) == "{city} please")
    }
}
