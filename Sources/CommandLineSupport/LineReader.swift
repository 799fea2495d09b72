#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines of bytes from a file descriptor: a line is everything up to a line feed, with
/// one trailing carriage return removed; any other byte (NUL, a lone CR, invalid UTF-8)
/// belongs to the line. It hands over every complete line as soon as a read returns, so a slow
/// writer (a person, a speech recogniser) is answered line by line while a fast one arrives in
/// large batches that can be classified in parallel.
///
/// Memory stays bounded whatever the input: a line longer than ``maximumLineBytes`` keeps its
/// first bytes (cut back to a whole UTF-8 character) and is marked ``Line/truncated``; the
/// rest of it is skipped up to the next line feed.
public struct LineReader {
    /// A line's bytes and its number (from 1).
    public struct Line: Sendable {
        public var number: Int
        public var bytes: [UInt8]
        /// Whether the line was longer than the reader keeps and was cut.
        public var truncated: Bool

        public init(number: Int, bytes: [UInt8], truncated: Bool = false) {
            self.number = number
            self.bytes = bytes
            self.truncated = truncated
        }
    }

    /// Why reading stopped early.
    public struct ReadError: Error, CustomStringConvertible {
        public var code: Int32
        public var description: String { "reading standard input failed: \(String(cString: strerror(code)))" }
    }

    /// Bytes kept of one line: enough for any line of `maximumCharacters` Unicode scalars
    /// (four bytes each at most), so truncation by the reader never cuts text the classifier
    /// would have used.
    public static func maximumLineBytes(forCharacters maximumCharacters: Int) -> Int { 4 * maximumCharacters }

    /// The most bytes of one line this reader keeps.
    public let maximumLineBytes: Int

    private let fd: Int32
    private var current: [UInt8] = []
    private var overflowed = false
    private var lineNumber = 0
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var finished = false

    /// - Parameter maximumLineBytes: bytes kept of a line; longer lines are cut (at least 4).
    public init(fileDescriptor: Int32 = 0, maximumLineBytes: Int = 8_000) {
        fd = fileDescriptor
        self.maximumLineBytes = max(4, maximumLineBytes)
    }

    /// The next batch of complete lines; empty at end of input. A final line without a line
    /// feed is a line too.
    public mutating func nextBatch() throws(ReadError) -> [Line] {
        while !finished {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(code: errno)
            }
            if n == 0 {
                finished = true
                if !current.isEmpty || overflowed { return [finishLine()] }
                return []
            }
            var lines: [Line] = []
            var start = 0
            while start < n {
                let newline = buffer[start..<n].firstIndex(of: 10)
                append(buffer[start..<(newline ?? n)])
                guard let nl = newline else { break }
                lines.append(finishLine())
                start = nl + 1
            }
            if !lines.isEmpty { return lines }
        }
        return []
    }

    private mutating func append(_ bytes: ArraySlice<UInt8>) {
        guard !bytes.isEmpty, !overflowed else { return }
        // One byte beyond the limit is kept, so that a line of exactly the limit followed by a
        // carriage return is not taken for a longer one.
        let room = maximumLineBytes + 1 - current.count
        if bytes.count <= room {
            current.append(contentsOf: bytes)
        } else {
            current.append(contentsOf: bytes.prefix(room))
            overflowed = true
        }
    }

    private mutating func finishLine() -> Line {
        lineNumber += 1
        var bytes = current
        current = []
        if !overflowed, bytes.last == 13 { bytes.removeLast() }
        let truncated = overflowed || bytes.count > maximumLineBytes
        overflowed = false
        if truncated {
            bytes.removeLast(bytes.count - maximumLineBytes)
            bytes.removeLast(Self.incompleteTail(bytes))
        }
        return Line(number: lineNumber, bytes: bytes, truncated: truncated)
    }

    /// How many bytes at the end of `bytes` form the start of a UTF-8 sequence that the cut
    /// left incomplete (0 when it ends on a whole character or the bytes are not UTF-8 there).
    static func incompleteTail(_ bytes: [UInt8]) -> Int {
        var i = bytes.count - 1
        var continuation = 0
        while i >= 0, continuation < 3, bytes[i] & 0xC0 == 0x80 {
            continuation += 1
            i -= 1
        }
        guard i >= 0 else { return 0 }
        let lead = bytes[i]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        return continuation + 1 < length ? continuation + 1 : 0
    }

    /// The offset (from 0) of the first byte that is not valid UTF-8, or nil.
    public static func firstInvalidUTF8Byte(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let need: Int
            let min: UInt32
            var cp: UInt32
            switch b {
            case 0xC2...0xDF: need = 1; cp = UInt32(b & 0x1F); min = 0x80
            case 0xE0...0xEF: need = 2; cp = UInt32(b & 0x0F); min = 0x800
            case 0xF0...0xF4: need = 3; cp = UInt32(b & 0x07); min = 0x10000
            default: return i
            }
            guard i + need < n else { return i }
            for k in 1...need {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                cp = cp << 6 | UInt32(c & 0x3F)
            }
            if cp < min || cp > 0x10FFFF || (0xD800...0xDFFF).contains(cp) { return i }
            i += need + 1
        }
        return nil
    }
}
