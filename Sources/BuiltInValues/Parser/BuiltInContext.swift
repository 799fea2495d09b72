import Foundation

/// What relative values are relative to: "tomorrow", "next week" and "now" need a day and a
/// clock, and both depend on where the user is.
///
/// Callers set it per utterance (a dialog replaying a conversation, a test pinning a date),
/// so the parsers never read the system clock themselves.
public struct BuiltInContext: Sendable, Equatable {
    /// The instant the utterance was spoken.
    public var referenceDate: Date
    /// The user's time zone: it decides which calendar day ``referenceDate`` falls on.
    public var timeZone: TimeZone

    public init(referenceDate: Date = Date(), timeZone: TimeZone = .current) {
        self.referenceDate = referenceDate
        self.timeZone = timeZone
    }

    /// The local calendar day and time of ``referenceDate`` in ``timeZone``.
    var localTime: LocalDateTime {
        let offset = timeZone.secondsFromGMT(for: referenceDate)
        let seconds = Int(referenceDate.timeIntervalSince1970.rounded(.down)) + offset
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        return LocalDateTime(date: CivilDate(daysSinceEpoch: days), secondOfDay: secondOfDay)
    }
}
