import BuiltInValues

/// The parser in the model file: the parsers live in BuiltInValues, the model file format here.
extension BuiltInParser {
    /// Writes the parser. Its tables are code, so only the locale is stored; reading rebuilds
    /// the same parser.
    package func write(to writer: inout BinaryWriter) {
        writer.write(locale)
    }

    /// Reads what ``write(to:)`` wrote.
    package init(reading reader: inout BinaryReader) throws {
        self.init(locale: try reader.readString())
    }
}
