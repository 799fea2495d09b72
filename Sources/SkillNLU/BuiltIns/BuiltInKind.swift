/// The built-in slot types whose values are parsed rather than listed.
///
/// Open-list types (names, cities, …) are not here: their values come from
/// ``BuiltInValues/examples(for:locale:)`` and the tagger, not from a grammar.
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

/// A set of ``BuiltInKind``s, cheap to test on the hot path.
public struct BuiltInKinds: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public init(_ kind: BuiltInKind) { rawValue = 1 << UInt16(kind.rawValue) }

    /// The kinds among these type names; names of other types are ignored.
    public init<S: Sequence>(typeNames: S) where S.Element == String {
        var set = BuiltInKinds()
        for name in typeNames { if let kind = BuiltInKind(typeName: name) { set.insert(BuiltInKinds(kind)) } }
        self = set
    }

    public static let all = BuiltInKinds(rawValue: (1 << UInt16(BuiltInKind.allCases.count)) - 1)

    public func contains(_ kind: BuiltInKind) -> Bool { rawValue & (1 << UInt16(kind.rawValue)) != 0 }
}
