import Testing
@testable import BuiltInValues

@Suite struct CivilDateTests {
    @Test func isoWeeks() {
        #expect(CivilDate(year: 2026, month: 11, day: 21).isoWeek == (2026, 47))
        #expect(CivilDate(year: 2026, month: 11, day: 23).isoWeek == (2026, 48))
        #expect(CivilDate(year: 2021, month: 1, day: 1).isoWeek == (2020, 53))
        #expect(CivilDate(year: 2024, month: 12, day: 30).isoWeek == (2025, 1))
        #expect(CivilDate(year: 2026, month: 1, day: 1).isoWeek == (2026, 1))
    }

    @Test func weekdaysAndDayCounts() {
        #expect(CivilDate(year: 2026, month: 11, day: 21).isoWeekday == 6)
        #expect(CivilDate(year: 1970, month: 1, day: 1).daysSinceEpoch == 0)
        #expect(CivilDate(daysSinceEpoch: -1) == CivilDate(year: 1969, month: 12, day: 31))
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CivilDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
    }

    @Test func monthArithmeticClampsToTheMonthsLength() {
        #expect(CivilDate(year: 2027, month: 1, day: 31).adding(months: 1) == CivilDate(year: 2027, month: 2, day: 28))
        #expect(CivilDate(year: 2026, month: 11, day: 21).adding(months: -11) == CivilDate(year: 2025, month: 12, day: 21))
        #expect(!CivilDate.isValid(year: 2027, month: 2, day: 29))
        #expect(CivilDate.isValid(year: 2028, month: 2, day: 29))
    }
}
