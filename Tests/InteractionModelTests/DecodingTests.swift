import Foundation
import Testing
@testable import InteractionModel

@Suite struct DecodingTests {
    @Test func decodesWrapperWithUnknownFields() throws {
        let json = #"{"interactionModel":{"languageModel":{"invocationName":"demo","intents":[{"name":"HelloIntent","samples":["hi {name}"],"slots":[{"name":"name","type":"AMAZON.FirstName"}]}],"types":[],"somethingNew":1}},"version":"3"}"#
        let model = try Importer.decode(Data(json.utf8))
        #expect(model.languageModel.intents.count == 1)
        #expect(model.intent(named: "HelloIntent")?.slots.first?.type == "AMAZON.FirstName")
    }
}

@Suite struct CodableRoundTripTests {
    /// The schema types stay Codable, so a tidied model can be stored (in a model file) and read back unchanged.
    @Test func pizzaShopSurvivesEncodingAndDecoding() throws {
        let path = TestSupport.packageRoot.appendingPathComponent("InteractionModels/PizzaShop").path
        let model = try Importer.load(path: path).model
        let data = try JSONEncoder().encode(model)
        let decoded = try JSONDecoder().decode(InteractionModel.self, from: data)
        #expect(decoded == model)
    }
}
