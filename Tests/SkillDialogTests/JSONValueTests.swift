import Foundation
import Testing
@testable import SkillDialog

@Suite struct JSONValueTests {
    @Test func roundTripsThroughJSON() throws {
        let value: JSONValue = ["count": 3, "name": "Ada", "ratio": 0.5, "tags": ["a", "b"], "none": nil, "ok": true]
        let data = try JSONEncoder().encode(value)
        let back = try JSONDecoder().decode(JSONValue.self, from: data)
        #expect(back == value)
        #expect(back["count"]?.intValue == 3)
        #expect(back["ratio"]?.doubleValue == 0.5)
        #expect(back["tags"]?[1]?.stringValue == "b")
        #expect(back["none"]?.isNull == true)
        #expect(String(decoding: try JSONEncoder().encode(JSONValue.number(3)), as: UTF8.self) == "3")
    }

    @Test func bridgesCodableTypes() throws {
        struct Score: Codable, Equatable { var player: String; var points: Int }
        let json = try JSONValue(encoding: Score(player: "Ada", points: 7))
        #expect(json["points"]?.intValue == 7)
        #expect(try json.decode(Score.self) == Score(player: "Ada", points: 7))
    }
}
