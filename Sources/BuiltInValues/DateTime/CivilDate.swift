/// A day of the proleptic Gregorian calendar, with the arithmetic date values need.
///
/// Plain integer arithmetic (days since 1970-01-01) instead of `Calendar`: creating or
/// querying a Foundation calendar costs microseconds, and the parsers run on every utterance.
package struct CivilDate: Sendable, Hashable, Comparable {
    var year: Int
    var month: Int   // 1...12
    var day: Int     // 1...31

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative before it).
    init(daysSinceEpoch days: Int) {
        // Days-to-civil conversion over 400-year eras (each era has 146 097 days).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    package static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    static func isLeapYear(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Whether year/month/day names a real day.
    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year: year, month: month)
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    var isoWeekday: Int {
        let d = daysSinceEpoch
        // 1970-01-01 was a Thursday (4).
        let w = ((d % 7) + 7 + 3) % 7
        return w + 1
    }

    func adding(days n: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + n) }

    /// The same day `n` months later, clamped to the month's last day (Jan 31 + 1 month → Feb 28).
    func adding(months n: Int) -> CivilDate {
        let index = year * 12 + (month - 1) + n
        let y = index >= 0 ? index / 12 : (index - 11) / 12
        let m = index - y * 12 + 1
        return CivilDate(year: y, month: m, day: min(day, Self.daysInMonth(year: y, month: m)))
    }

    /// ISO 8601 week-numbering year and week (weeks start on Monday; week 1 holds the first Thursday).
    var isoWeek: (year: Int, week: Int) {
        let thursday = adding(days: 4 - isoWeekday)
        let jan1 = CivilDate(year: thursday.year, month: 1, day: 1)
        let week = (thursday.daysSinceEpoch - jan1.daysSinceEpoch) / 7 + 1
        return (thursday.year, week)
    }

    /// `YYYY-MM-DD`.
    var isoString: String { "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))" }

    package static func pad(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
    }
}
