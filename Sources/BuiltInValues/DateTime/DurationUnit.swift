/// Units of AMAZON.DURATION, largest first.
package enum DurationUnit: Int8, Sendable, CaseIterable {
    case decade, year, month, fortnight, week, day, hour, minute, second
}
