/// A parsed JSON value that remembers where it came from.
///
/// The importer reads skill JSON through this tree rather than `JSONDecoder` because every
/// finding must name the line and column of what it is about, and because real skills are
/// untidy in ways a strict `Decodable` conformance cannot tolerate field by field (`"id": null`,
/// numbers written as strings, unknown fields).
public struct JSONNode: Sendable, Equatable {
    /// The value itself.
    public var value: JSONValue
    /// Byte offset of the value's first byte in the parsed text (after any byte-order mark is
    /// counted: offsets index the original bytes). ``SourceText/location(ofByte:)`` turns it
    /// into a line and column.
    public var offset: Int

    public init(_ value: JSONValue, offset: Int = 0) {
        self.value = value
        self.offset = offset
    }
}

/// One `"key": value` pair of a JSON object, in document order.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    /// Byte offset of the key's opening quote.
    public var keyOffset: Int
    public var value: JSONNode

    public init(key: String, keyOffset: Int = 0, value: JSONNode) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}

/// The JSON data model. Objects keep their members in order (and keep duplicate keys) so that
/// the importer can report them; numbers keep their source text so that nothing is lost.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number as written in the source, such as `42`, `-1.5e3`.
    case number(String)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    /// A short name of the kind of value, for messages ("expected an array, found a string").
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSONNode {
    /// The member with this key (the last one when the key is repeated, as JavaScript does).
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The members when this is an object.
    public var members: [JSONMember]? {
        if case .object(let m) = value { return m }
        return nil
    }

    /// The elements when this is an array.
    public var elements: [JSONNode]? {
        if case .array(let e) = value { return e }
        return nil
    }

    /// The text when this is a string.
    public var stringValue: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    /// Whether this is JSON `null`.
    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }
}
