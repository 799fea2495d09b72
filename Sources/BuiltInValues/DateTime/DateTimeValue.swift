/// A date, time or duration value before it is written out: the grammars list many
/// candidates per token and only the chosen one is formatted.
enum DateTimeValue: Sendable, Equatable {
    /// `2026-11-21`.
    case date(CivilDate)
    /// `2026-W48`, or `2026-W47-WE` for its weekend; any day of the week.
    case week(CivilDate, weekend: Bool)
    /// `2026-12`.
    case month(year: Int, month: Int)
    /// `2027`.
    case year(Int)
    /// `199X`, from the decade's first year.
    case decade(Int)
    /// `2026-WI`; season 1 spring … 4 winter.
    case season(year: Int, season: Int)
    /// `19:30`.
    case time(hour: Int, minute: Int)
    /// `MO`, `AF`, `EV`, `NI`; part 1…4.
    case partOfDay(Int)
    case duration(DurationAmounts)

    /// Alexa's text for the value.
    var text: String? {
        switch self {
        case .date(let d): return d.isoString
        case .week(let d, let weekend):
            let w = d.isoWeek
            return "\(CivilDate.pad(w.year, 4))-W\(CivilDate.pad(w.week, 2))" + (weekend ? "-WE" : "")
        case .month(let y, let m): return "\(CivilDate.pad(y, 4))-\(CivilDate.pad(m, 2))"
        case .year(let y): return CivilDate.pad(y, 4)
        case .decade(let start): return String(start / 10) + "X"
        case .season(let y, let s): return "\(CivilDate.pad(y, 4))-" + ["SP", "SU", "FA", "WI"][s - 1]
        case .time(let h, let m): return "\(CivilDate.pad(h, 2)):\(CivilDate.pad(m, 2))"
        case .partOfDay(let p): return ["MO", "AF", "EV", "NI"][p - 1]
        case .duration(let amounts): return amounts.isoValue
        }
    }
}
