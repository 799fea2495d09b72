import BuiltInValues
import Foundation

/// The reference instant of the parsers' examples (the same as in BuiltInValuesTests): Saturday
/// 2026-11-21, 00:00 UTC, for the samples that parse back.
let saturdayReference = BuiltInContext(
    referenceDate: Date(timeIntervalSince1970: 1_795_219_200),
    timeZone: TimeZone(identifier: "UTC")!)
