import Foundation
import InteractionModel
import Understanding

/// Checks a slot's value against the dialog model's validation rules, as Alexa does when the
/// dialog is delegated.
///
/// Rules are tried in the model's order and the first that fails decides (its prompt is the one
/// spoken). A multiple-value slot passes only if every value does. Rules of a type this version
/// does not know pass, so a newer model never blocks a dialog.
public struct SlotValidator: Sendable {
    /// "Now" for `isInDuration` / `isNotInDuration`.
    public var referenceDate: Date
    public var timeZone: TimeZone

    public init(referenceDate: Date, timeZone: TimeZone) {
        self.referenceDate = referenceDate
        self.timeZone = timeZone
    }

    /// The first rule the slot's value fails, or nil when it passes them all (or is empty).
    public func firstFailure(of slot: IntentRequest.Slot, slotType: String?, rules: [SlotValidation]) -> SlotValidation? {
        let values = slot.resolvedValues
        guard !values.isEmpty else { return nil }
        for rule in rules {
            for (value, resolutions) in values where !passes(rule, value: value, resolutions: resolutions, slotType: slotType) {
                return rule
            }
        }
        return nil
    }

    /// Whether one value passes one rule.
    public func passes(_ rule: SlotValidation, value: String, resolutions: Resolutions?, slotType: String?) -> Bool {
        switch rule.type {
        case "isInSet":
            return matchesSet(rule.values ?? [], value: value, resolutions: resolutions)
        case "isNotInSet":
            return !matchesSet(rule.values ?? [], value: value, resolutions: resolutions)
        case "isGreaterThan", "isGreaterThanOrEqualTo", "isLessThan", "isLessThanOrEqualTo":
            guard let number = Self.number(value), let limit = rule.value.flatMap(Self.number) else { return false }
            switch rule.type {
            case "isGreaterThan": return number > limit
            case "isGreaterThanOrEqualTo": return number >= limit
            case "isLessThan": return number < limit
            default: return number <= limit
            }
        case "isInDuration", "isNotInDuration":
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            guard let span = TemporalValue.interval(of: value, slotType: slotType, reference: referenceDate, calendar: calendar),
                  let bounds = TemporalValue.bounds(start: rule.start, end: rule.end, slotType: slotType,
                                                    reference: referenceDate, calendar: calendar) else { return false }
            if rule.type == "isInDuration" {
                return span.start >= bounds.start && span.end <= bounds.end
            }
            return span.end <= bounds.start || span.start >= bounds.end
        case "hasEntityResolutionMatch":
            return resolutions?.resolutionsPerAuthority.contains { $0.status.code == .successMatch } ?? false
        default:
            return true
        }
    }

    private func matchesSet(_ set: [String], value: String, resolutions: Resolutions?) -> Bool {
        let wanted = Set(set.map(Self.normalize))
        var candidates = [value]
        for authority in resolutions?.resolutionsPerAuthority ?? [] where authority.status.code == .successMatch {
            for wrapper in authority.values {
                candidates.append(wrapper.value.name)
                if let id = wrapper.value.id { candidates.append(id) }
            }
        }
        return candidates.contains { wanted.contains(Self.normalize($0)) }
    }

    static func normalize(_ s: String) -> String {
        s.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func number(_ s: String) -> Double? {
        Double(s.trimmingWhitespace.replacingOccurrences(of: ",", with: ""))
    }
}
