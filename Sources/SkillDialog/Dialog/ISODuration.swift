import Foundation

/// An ISO-8601 duration (`P1D`, `P2W`, `PT10M`, `-P1Y2M`), as `isInDuration` validations and
/// AMAZON.DURATION values write it.
public struct ISODuration: Sendable, Equatable {
    public var years = 0, months = 0, weeks = 0, days = 0
    public var hours = 0, minutes = 0
    public var seconds = 0.0
    /// A leading minus: the duration counts backwards.
    public var negative = false

    public init(years: Int = 0, months: Int = 0, weeks: Int = 0, days: Int = 0, hours: Int = 0,
                minutes: Int = 0, seconds: Double = 0, negative: Bool = false) {
        self.years = years
        self.months = months
        self.weeks = weeks
        self.days = days
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
        self.negative = negative
    }

    /// Parses `[-]P[nY][nM][nW][nD][T[nH][nM][nS]]`; nil when the text is not such a duration.
    public init?(_ text: String) {
        var s = Substring(text.trimmingWhitespace.uppercased())
        if s.first == "-" { negative = true; s = s.dropFirst() } else if s.first == "+" { s = s.dropFirst() }
        guard s.first == "P" else { return nil }
        s = s.dropFirst()
        var inTime = false
        var number = ""
        var sawComponent = false
        for ch in s {
            if ch == "T" {
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
            } else if ch.isNumber || ch == "." || ch == "," {
                number.append(ch == "," ? "." : ch)
            } else {
                guard let value = Double(number) else { return nil }
                number = ""
                sawComponent = true
                let whole = Int(value)
                switch (inTime, ch) {
                case (false, "Y"): years = whole
                case (false, "M"): months = whole
                case (false, "W"): weeks = whole
                case (false, "D"): days = whole
                case (true, "H"): hours = whole
                case (true, "M"): minutes = whole
                case (true, "S"): seconds = value
                default: return nil
                }
            }
        }
        guard number.isEmpty, sawComponent else { return nil }
    }

    /// `date` moved by this duration in the calendar (months and years by calendar rules).
    public func added(to date: Date, calendar: Calendar) -> Date? {
        let sign = negative ? -1 : 1
        var components = DateComponents()
        components.year = sign * years
        components.month = sign * months
        components.day = sign * (weeks * 7 + days)
        components.hour = sign * hours
        components.minute = sign * minutes
        components.second = sign * Int(seconds.rounded())
        return calendar.date(byAdding: components, to: date)
    }
}
