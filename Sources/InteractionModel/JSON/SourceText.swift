/// A line and column in a text file, both counted from 1, the column in Unicode scalars (what
/// an editor shows for a UTF-8 file; a tab counts as one).
public struct SourceLocation: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "line \(line), column \(column)" }
}

/// The bytes of a source file with an index of its line starts, so that byte offsets kept in
/// the parse tree turn into lines and columns only when a message needs one.
///
/// Line breaks are LF, CRLF and a lone CR (files from classic Mac editors).
public struct SourceText: Sendable {
    /// The file's bytes, exactly as read.
    public let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        starts.reserveCapacity(bytes.count / 24 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            let n = buffer.count
            var i = 0
            while i < n {
                let b = buffer[i]
                if b == 0x0A {
                    starts.append(i + 1)
                } else if b == 0x0D {
                    if i + 1 < n && buffer[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }
        lineStarts = starts
    }

    /// The number of lines (a final line break does not start a counted line of its own).
    public var lineCount: Int {
        if let last = lineStarts.last, last == bytes.count, lineStarts.count > 1 { return lineStarts.count - 1 }
        return lineStarts.count
    }

    /// The line (0-based index into ``lineStarts``) that contains the byte at `offset`.
    func lineIndex(ofByte offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The line and column of the byte at `offset` (an offset at the end of the text is allowed).
    public func location(ofByte offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        let index = lineIndex(ofByte: clamped)
        var column = 1
        var i = lineStarts[index]
        // A UTF-8 byte-order mark at the very start is not a visible column.
        if i == 0 && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF && clamped >= 3 {
            i = 3
        }
        while i < clamped {
            // Count lead bytes only, so that a multi-byte character is one column.
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return SourceLocation(line: index + 1, column: column)
    }

    /// The text of a line (1-based), without its line break; invalid UTF-8 is repaired.
    public func lineText(_ line: Int) -> String {
        guard line >= 1 && line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start && (bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
