/// Words with a fixed role in dates, times and durations.
package enum DateKeyword: UInt8, Sendable {
    case next, this, last, of, the, on, `in`, at, by, `for`, from, ago, after, before, now
    case noon, midnight, am, pm, oclock, quarter, half, past, to, and, weekend, around, hours
    case quarters, couple, until
    /// "menos", "moins", "meno": minutes before the hour said after it ("las ocho menos cuarto").
    case minus
    /// "ago" said before the amount ("vor zwei Tagen", "hace dos días", "il y a deux jours").
    case agoBefore
    /// "later" said after the amount: "3日後" (in three days).
    case later
    /// A third of an hour after or before the hour: Arabic "السابعة والثلث" (7:20), "إلا ثلث".
    case third
}
