import Foundation
import SkillNLU
import Testing
@testable import SkillDialog

/// Pattern templates (typed parameters, choice sets) as an app's matcher on a trained model.
@Suite struct PatternMatcherTests {
    static let area = ChoiceSet([ChoiceOption(id: "TERRACE", names: ["terrace", "outside"]),
                                 ChoiceOption(id: "INDOORS", names: ["dining room", "inside"])])

    static func tables() throws -> PatternMatcher {
        try PatternMatcher("tables", intent: "BookTableIntent",
                           patterns: ["[a] table for @people:Number [on the] @area:Area", "seats for @people:Number"],
                           types: ["Area": area], confidence: 0.95)
    }

    @Test func aPatternsParametersBecomeTheIntentsSlots() throws {
        let model = try Fixtures.trainedBooking().adding(Self.tables())
        let result = model.classify("a table for seven outside")
        #expect(result.decidedBy == .matcher && result.matcher == "tables")
        #expect(result.intent == IntentHypothesis(name: "BookTableIntent", confidence: 0.95))
        let people = try #require(result.slot(named: "people"))
        #expect(people.rawValue == "seven" && people.value == "7" && people.type == "AMAZON.NUMBER")
        let area = try #require(result.slot(named: "area"))
        #expect(area.rawValue == "outside")
        #expect(area.resolvedValue == ResolvedValue(name: "terrace", id: "TERRACE"), "the model resolves the choice's words")
        // The second pattern.
        let seats = model.classify("seats for twelve")
        #expect(seats.matcher == "tables" && seats.slot(named: "people")?.value == "12")
    }

    @Test func anUtteranceNoPatternMatchesIsTheModels() throws {
        let model = try Fixtures.trainedBooking().adding(Self.tables())
        #expect(model.classify("when are you open").decidedBy == .exact)
        #expect(model.classify("a table for seven on the roof").matcher == nil, "roof is not an area option")
    }

    @Test func aParameterCanFillASlotOfAnotherName() throws {
        let matcher = try PatternMatcher("party", intent: "BookTableIntent", patterns: ["we are @guests:Number"],
                                         slotNames: ["guests": "people"])
        let result = try Fixtures.trainedBooking().adding(matcher).classify("we are 4")
        #expect(result.matcher == "party")
        #expect(result.slot(named: "people")?.value == "4")
        #expect(throws: PatternTemplateError.unclosedBracket("[oops")) {
            try PatternMatcher("x", intent: "BookTableIntent", patterns: ["[oops"])
        }
    }
}
