/// A strict JSON parser (RFC 8259) that keeps byte offsets and explains its errors.
///
/// It accepts exactly JSON, plus a leading UTF-8 byte-order mark, and rejects everything else
/// with a ``JSONSyntaxError`` that names the mistake a person made: trailing or missing commas,
/// merge-conflict markers, bytes that are not UTF-8, line breaks inside strings, comments,
/// single quotes. It is a single pass over the bytes with no backtracking, so even a
/// multi-megabyte model parses quickly in a debug build.
public enum JSONParser {
    /// How deep objects and arrays may nest; interaction models use fewer than ten levels, and
    /// the limit keeps hostile input from exhausting the stack.
    public static let maximumDepth = 200

    /// Parses a whole JSON document.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        try parse(SourceText(bytes))
    }

    /// Parses a whole JSON document whose line index is already built.
    public static func parse(_ source: SourceText) throws(JSONSyntaxError) -> JSONNode {
        let bytes = source.bytes
        let result: Result<JSONNode, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(p: buffer)
            do throws(JSONSyntaxError) {
                return .success(try scanner.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}
