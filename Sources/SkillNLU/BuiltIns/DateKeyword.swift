/// Words with a fixed role in dates, times and durations.
enum DateKeyword: UInt8, Sendable {
    case next, this, last, of, the, on, `in`, at, by, `for`, from, ago, after, before, now
    case noon, midnight, am, pm, oclock, quarter, half, past, to, and, weekend, around, hours
    case quarters, couple, until
}
