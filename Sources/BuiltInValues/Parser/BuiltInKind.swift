/// The built-in slot types whose values are parsed rather than listed.
///
/// Open-list types (names, cities, …) are not here: their values come from SkillNLU's value
/// lists (`BuiltInValues.examples(for:locale:)`) and the tagger, not from a grammar.
public enum BuiltInKind: UInt8, Sendable, Hashable, CaseIterable {
    case number
    case ordinal
    case fourDigitNumber
    case phoneNumber
    case date
    case time
    case duration

    /// The type name Alexa uses.
    public var typeName: String {
        switch self {
        case .number: return "AMAZON.NUMBER"
        case .ordinal: return "AMAZON.Ordinal"
        case .fourDigitNumber: return "AMAZON.FOUR_DIGIT_NUMBER"
        case .phoneNumber: return "AMAZON.PhoneNumber"
        case .date: return "AMAZON.DATE"
        case .time: return "AMAZON.TIME"
        case .duration: return "AMAZON.DURATION"
        }
    }

    /// The kind for an Alexa type name. Case is ignored, because real models spell
    /// `AMAZON.Number` or `AMAZON.ORDINAL` and Alexa accepts them.
    public init?(typeName: String) {
        guard let kind = Self.byUppercasedName[typeName] ?? Self.byUppercasedName[typeName.uppercased()] else {
            return nil
        }
        self = kind
    }

    private static let byUppercasedName: [String: BuiltInKind] = {
        var map: [String: BuiltInKind] = [:]
        for kind in BuiltInKind.allCases {
            map[kind.typeName] = kind
            map[kind.typeName.uppercased()] = kind
        }
        return map
    }()
}
