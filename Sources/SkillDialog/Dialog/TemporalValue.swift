import Foundation

/// The stretch of time an AMAZON.DATE or AMAZON.TIME slot value stands for, so that
/// `isInDuration` / `isNotInDuration` can compare it with an interval around "now".
///
/// AMAZON.DATE values are days (`2026-11-22`), ISO weeks (`2026-W47`), weekends (`2026-W47-WE`),
/// months (`2026-11`), years (`2026`), decades (`202X`), seasons (`2026-SU`) or `PRESENT_REF`.
/// AMAZON.TIME values are `HH:MM` or a part of the day (`MO`, `AF`, `EV`, `NI`) on the reference
/// date.
public enum TemporalValue {
    /// The interval the value covers, or nil if the value is not a date or time Alexa would send.
    public static func interval(of value: String, slotType: String?, reference: Date, calendar: Calendar) -> DateInterval? {
        if slotType == "AMAZON.TIME" || isTime(value) {
            return timeInterval(value, reference: reference, calendar: calendar)
        }
        return dateInterval(value, reference: reference, calendar: calendar)
    }

    static func isTime(_ value: String) -> Bool {
        ["MO", "AF", "EV", "NI"].contains(value) || (value.count == 5 && value.dropFirst(2).first == ":")
    }

    static func timeInterval(_ value: String, reference: Date, calendar: Calendar) -> DateInterval? {
        let day = calendar.startOfDay(for: reference)
        func at(_ hour: Int, _ minute: Int = 0) -> Date? {
            calendar.date(bySettingHour: hour, minute: minute, second: 0, of: day)
        }
        let parts: (Int, Int)?
        switch value {
        case "MO": parts = (6, 12)
        case "AF": parts = (12, 18)
        case "EV": parts = (18, 21)
        case "NI": parts = (21, 24)
        default: parts = nil
        }
        if let (from, to) = parts {
            guard let start = at(from) else { return nil }
            let end = to == 24 ? calendar.date(byAdding: .day, value: 1, to: day) : at(to)
            return end.map { DateInterval(start: start, end: $0) }
        }
        let fields = value.split(separator: ":")
        guard fields.count == 2, let h = Int(fields[0]), let m = Int(fields[1]), (0..<24).contains(h), (0..<60).contains(m),
              let start = at(h, m), let end = calendar.date(byAdding: .minute, value: 1, to: start) else { return nil }
        return DateInterval(start: start, end: end)
    }

    static func dateInterval(_ value: String, reference: Date, calendar: Calendar) -> DateInterval? {
        if value == "PRESENT_REF" { return DateInterval(start: reference, duration: 1) }
        let parts = value.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, first.count == 4 else { return nil }
        if first.hasSuffix("X") {   // decade: 201X
            guard parts.count == 1, let decade = Int(first.dropLast()) else { return nil }
            return span(from: ymd(decade * 10, 1, 1, calendar), adding: .year, 10, calendar)
        }
        guard let year = Int(first) else { return nil }
        if parts.count == 1 { return span(from: ymd(year, 1, 1, calendar), adding: .year, 1, calendar) }
        let second = parts[1]
        if second.hasPrefix("W"), let week = Int(second.dropFirst()) {
            var iso = Calendar(identifier: .iso8601)
            iso.timeZone = calendar.timeZone
            var c = DateComponents()
            c.yearForWeekOfYear = year
            c.weekOfYear = week
            c.weekday = 2   // Monday
            guard let monday = iso.date(from: c) else { return nil }
            if parts.count == 3 && parts[2] == "WE" {
                return span(from: calendar.date(byAdding: .day, value: 5, to: monday), adding: .day, 2, calendar)
            }
            guard parts.count == 2 else { return nil }
            return span(from: monday, adding: .day, 7, calendar)
        }
        let seasons = ["SP": 3, "SU": 6, "FA": 9, "WI": 12]
        if let month = seasons[second], parts.count == 2 {
            return span(from: ymd(year, month, 1, calendar), adding: .month, 3, calendar)
        }
        guard let month = Int(second), (1...12).contains(month) else { return nil }
        if parts.count == 2 { return span(from: ymd(year, month, 1, calendar), adding: .month, 1, calendar) }
        guard parts.count == 3, let day = Int(parts[2]), (1...31).contains(day) else { return nil }
        return span(from: ymd(year, month, day, calendar), adding: .day, 1, calendar)
    }

    private static func ymd(_ y: Int, _ m: Int, _ d: Int, _ calendar: Calendar) -> Date? {
        calendar.date(from: DateComponents(year: y, month: m, day: d))
    }

    private static func span(from start: Date?, adding unit: Calendar.Component, _ count: Int, _ calendar: Calendar) -> DateInterval? {
        guard let start, let end = calendar.date(byAdding: unit, value: count, to: start) else { return nil }
        return DateInterval(start: start, end: end)
    }

    /// The interval `isInDuration` / `isNotInDuration` describe: `start` and `end` are ISO-8601
    /// durations from the reference time (an empty or missing bound is open). For dates the
    /// bounds are whole days: `start: P1D` means "from tomorrow", `end: P7D` "up to and including
    /// the day a week from now".
    public static func bounds(start: String?, end: String?, slotType: String?, reference: Date,
                              calendar: Calendar) -> (start: Date, end: Date)? {
        let byDay = slotType != "AMAZON.TIME"
        var lower = Date.distantPast
        var upper = Date.distantFuture
        if let start, !start.trimmingWhitespace.isEmpty {
            guard let d = ISODuration(start), let moved = d.added(to: reference, calendar: calendar) else { return nil }
            lower = byDay ? calendar.startOfDay(for: moved) : moved
        }
        if let end, !end.trimmingWhitespace.isEmpty {
            guard let d = ISODuration(end), let moved = d.added(to: reference, calendar: calendar) else { return nil }
            if byDay {
                let day = calendar.startOfDay(for: moved)
                upper = calendar.date(byAdding: .day, value: 1, to: day) ?? day
            } else {
                upper = moved
            }
        }
        return (lower, upper)
    }
}
