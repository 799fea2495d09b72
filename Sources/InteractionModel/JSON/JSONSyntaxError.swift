/// Why a JSON text could not be parsed, where, and how to fix it.
///
/// Foundation's `JSONSerialization` reports "The data couldn't be read because it isn't in the
/// correct format"; a skill author needs the line and column and the actual mistake (usually a
/// trailing comma, a missing comma, a merge-conflict marker, a file saved in Latin-1, or a
/// string broken across lines), so the importer parses with its own scanner.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of mistakes the scanner tells apart.
    public enum Kind: Sendable, Equatable {
        /// The file is empty or only whitespace.
        case emptyDocument
        /// A comma after the last element of an array or member of an object.
        case trailingComma
        /// Two elements or members with no comma between them.
        case missingComma
        /// A key not followed by `:`.
        case missingColon
        /// A line of a git merge conflict (`<<<<<<<`, `=======`, `>>>>>>>`).
        case mergeConflictMarker
        /// A byte that does not belong to a UTF-8 sequence (often a Latin-1 or Windows-1252 file).
        case invalidUTF8(byte: UInt8)
        /// The file is UTF-16 (it starts with a UTF-16 byte-order mark).
        case utf16
        /// A line break inside a string.
        case lineBreakInString
        /// A control character (below U+0020) inside a string.
        case controlCharacterInString(UInt8)
        /// A string that never ends.
        case unterminatedString
        /// A backslash escape JSON does not define.
        case invalidEscape
        /// A number that does not follow JSON's grammar (`01`, `1.`, `+1`, `.5`).
        case invalidNumber
        /// A bare word: `True`, `undefined`, an unquoted string.
        case invalidLiteral(String)
        /// A key without double quotes (JavaScript object syntax).
        case unquotedKey
        /// Text in single quotes.
        case singleQuotes
        /// A `//` or `/* */` comment.
        case comment
        /// A closing bracket that does not match the open one.
        case mismatchedBracket
        /// A character that cannot appear here.
        case unexpectedCharacter
        /// The text ends inside an object, array or before a value.
        case unexpectedEnd
        /// More text after the end of the top-level value.
        case trailingContent
        /// Objects and arrays nested deeper than the parser allows.
        case nestingTooDeep
    }

    public var kind: Kind
    /// Byte offset in the file.
    public var offset: Int
    /// Line and column of ``offset``.
    public var location: SourceLocation
    /// What is wrong and how to fix it, without the location.
    public var message: String

    public init(kind: Kind, offset: Int, location: SourceLocation, message: String) {
        self.kind = kind
        self.offset = offset
        self.location = location
        self.message = message
    }

    /// `line 12, column 5: trailing comma after the last element …`
    public var description: String { "\(location): \(message)" }
}
