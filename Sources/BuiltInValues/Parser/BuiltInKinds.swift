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
