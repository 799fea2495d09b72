import Foundation
import InteractionModel
import SkillNLU
import Testing
@testable import SkillDialog

@Suite struct SlotValidatorTests {
    let validator = SlotValidator(referenceDate: Fixtures.now, timeZone: Fixtures.utc)

    func passes(_ rule: SlotValidation, _ value: String, type: String = "AMAZON.NUMBER", resolved: String? = nil) -> Bool {
        var resolutions: Resolutions?
        if let resolved {
            resolutions = Resolutions(resolutionsPerAuthority: [
                ResolutionAuthority(authority: "a", status: ResolutionStatus(code: .successMatch),
                                    values: [ResolutionValueWrapper(value: ResolvedValue(name: resolved, id: resolved.uppercased()))]),
            ])
        }
        return validator.passes(rule, value: value, resolutions: resolutions, slotType: type)
    }

    @Test func sets() {
        let inSet = SlotValidation(type: "isInSet", values: ["1", "2", "Large Pie"])
        #expect(passes(inSet, "2"))
        #expect(!passes(inSet, "3"))
        #expect(passes(inSet, "large  pie"), "case and spacing do not matter")
        #expect(passes(inSet, "big one", type: "SizeType", resolved: "large pie"), "the resolved value counts")
        let notInSet = SlotValidation(type: "isNotInSet", values: ["pasta"])
        #expect(passes(notInSet, "soup"))
        #expect(!passes(notInSet, "Pasta"))
        #expect(!passes(notInSet, "noodles", type: "DishType", resolved: "pasta"))
    }

    @Test func comparisons() {
        #expect(passes(SlotValidation(type: "isGreaterThan", value: "1900"), "1901"))
        #expect(!passes(SlotValidation(type: "isGreaterThan", value: "1900"), "1900"))
        #expect(passes(SlotValidation(type: "isGreaterThanOrEqualTo", value: "1"), "1"))
        #expect(!passes(SlotValidation(type: "isGreaterThanOrEqualTo", value: "1"), "0"))
        #expect(passes(SlotValidation(type: "isLessThan", value: "2018"), "2017"))
        #expect(!passes(SlotValidation(type: "isLessThan", value: "2018"), "2018"))
        #expect(passes(SlotValidation(type: "isLessThanOrEqualTo", value: "31"), "31"))
        #expect(!passes(SlotValidation(type: "isLessThanOrEqualTo", value: "31"), "32"))
        #expect(!passes(SlotValidation(type: "isGreaterThan", value: "0"), "?"), "Alexa's ? for an unrecognised number fails")
    }

    @Test func durationsAroundTheReferenceDate() {
        // Now is 2026-05-01 10:00 UTC.
        let fromTomorrow = SlotValidation(type: "isInDuration", start: "P1D", end: "")
        #expect(!passes(fromTomorrow, "2026-05-01", type: "AMAZON.DATE"))
        #expect(passes(fromTomorrow, "2026-05-02", type: "AMAZON.DATE"))
        #expect(passes(fromTomorrow, "2027", type: "AMAZON.DATE"))
        #expect(!passes(fromTomorrow, "2026-05", type: "AMAZON.DATE"), "May 2026 starts before tomorrow")
        let nextWeek = SlotValidation(type: "isInDuration", start: "P0D", end: "P7D")
        #expect(passes(nextWeek, "2026-05-08", type: "AMAZON.DATE"))
        #expect(!passes(nextWeek, "2026-05-09", type: "AMAZON.DATE"))
        #expect(!passes(nextWeek, "2026-W19-WE", type: "AMAZON.DATE"), "the weekend of 9–10 May ends after the week")
        #expect(passes(nextWeek, "2026-W18-WE", type: "AMAZON.DATE"), "the weekend of 2–3 May is inside it")
        let pastYear = SlotValidation(type: "isInDuration", start: "-P1Y", end: "P0D")
        #expect(passes(pastYear, "2025-06-01", type: "AMAZON.DATE"))
        #expect(!passes(pastYear, "2024-12-31", type: "AMAZON.DATE"))
        let notThisMonth = SlotValidation(type: "isNotInDuration", start: "P0D", end: "P30D")
        #expect(passes(notThisMonth, "2026-07-01", type: "AMAZON.DATE"))
        #expect(!passes(notThisMonth, "2026-05-20", type: "AMAZON.DATE"))
        #expect(!passes(notThisMonth, "2026-W20", type: "AMAZON.DATE"), "a week that overlaps the interval is in it")
        let nextHours = SlotValidation(type: "isInDuration", start: "PT0H", end: "PT3H")
        #expect(passes(nextHours, "12:30", type: "AMAZON.TIME"))
        #expect(!passes(nextHours, "14:00", type: "AMAZON.TIME"))
        #expect(!passes(nextHours, "MO", type: "AMAZON.TIME"), "the morning starts before now")
        #expect(!passes(fromTomorrow, "someday", type: "AMAZON.DATE"), "an unreadable date fails")
    }

    @Test func entityResolutionMatch() {
        let rule = SlotValidation(type: "hasEntityResolutionMatch")
        #expect(passes(rule, "big", type: "SizeType", resolved: "large"))
        #expect(!passes(rule, "enormous", type: "SizeType"))
    }

    @Test func firstFailingRuleWinsAndListsNeedEveryValue() {
        let rules = [SlotValidation(type: "isGreaterThan", prompt: "low", value: "0"),
                     SlotValidation(type: "isLessThan", prompt: "high", value: "10")]
        #expect(validator.firstFailure(of: .filled("n", value: "5"), slotType: "AMAZON.NUMBER", rules: rules) == nil)
        #expect(validator.firstFailure(of: .filled("n", value: "0"), slotType: "AMAZON.NUMBER", rules: rules)?.prompt == "low")
        #expect(validator.firstFailure(of: .filled("n", value: "12"), slotType: "AMAZON.NUMBER", rules: rules)?.prompt == "high")
        #expect(validator.firstFailure(of: IntentRequest.Slot(name: "n"), slotType: "AMAZON.NUMBER", rules: rules) == nil)
        let list = IntentRequest.Slot.list("dishes", values: [("soup", nil), ("pasta", nil)])
        let noPasta = [SlotValidation(type: "isNotInSet", prompt: "pasta", values: ["pasta"])]
        #expect(validator.firstFailure(of: list, slotType: "DishType", rules: noPasta)?.prompt == "pasta")
        #expect(validator.passes(SlotValidation(type: "isSomethingNew"), value: "x", resolutions: nil, slotType: nil))
    }
}

@Suite struct TemporalValueTests {
    var calendar: Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = Fixtures.utc
        return c
    }

    func days(_ value: String) -> (String, Int)? {
        guard let interval = TemporalValue.interval(of: value, slotType: "AMAZON.DATE", reference: Fixtures.now,
                                                    calendar: calendar) else { return nil }
        let c = calendar.dateComponents([.year, .month, .day], from: interval.start)
        return (String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!), Int(interval.duration / 86_400))
    }

    @Test func alexaDateValues() {
        #expect(days("2026-11-22")! == ("2026-11-22", 1))
        #expect(days("2026-11")! == ("2026-11-01", 30))
        #expect(days("2026")! == ("2026-01-01", 365))
        #expect(days("2026-W47")! == ("2026-11-16", 7))
        #expect(days("2026-W47-WE")! == ("2026-11-21", 2))
        #expect(days("202X")! == ("2020-01-01", 3653))
        #expect(days("2026-SU")! == ("2026-06-01", 92))
        #expect(days("2026-13-01") == nil)
        #expect(days("tomorrow") == nil)
    }

    @Test func isoDurations() {
        #expect(ISODuration("P1D") == ISODuration(days: 1))
        #expect(ISODuration("P1Y2M3W4DT5H6M7.5S") == ISODuration(years: 1, months: 2, weeks: 3, days: 4, hours: 5,
                                                               minutes: 6, seconds: 7.5))
        #expect(ISODuration("-P1Y") == ISODuration(years: 1, negative: true))
        #expect(ISODuration("PT10M") == ISODuration(minutes: 10))
        #expect(ISODuration("P") == nil)
        #expect(ISODuration("10M") == nil)
        #expect(ISODuration("P1H") == nil, "hours need the T")
        #expect(ISODuration("") == nil)
    }
}
