#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines of bytes from a file descriptor: a line is everything up to a line feed, with
/// one trailing carriage return removed. It hands over every complete line as soon as a read
/// returns, so a slow writer (a person, a speech recogniser) is answered line by line while a
/// fast one arrives in large batches that can be classified in parallel.
///
/// Each byte is looked at once, and a line keeps at most ``maximumLineLength`` bytes (the rest
/// is read and dropped, and the line is marked ``Line/truncated``), so time is linear in the
/// input and memory stays flat however long a line is.
public struct LineReader {
    /// A line's bytes and its number (from 1).
    public struct Line: Sendable {
        public var number: Int
        public var bytes: [UInt8]
        /// Whether the line was longer than ``LineReader/maximumLineLength`` and was cut (at a
        /// character boundary).
        public var truncated = false
    }

    /// Why reading stopped early.
    public struct ReadError: Error, CustomStringConvertible {
        public var code: Int32
        public var description: String { "reading standard input failed: \(String(cString: strerror(code)))" }
    }

    /// The most bytes of a line that are kept (64 KiB): far more than the engine reads of an
    /// utterance (`NLUModel.maximumUtteranceLength` scalars, at most 4 bytes each), so a cut
    /// line is still answered, marked truncated.
    public static let maximumLineLength = 1 << 16

    private let fd: Int32
    private let limit: Int
    private var pending: [UInt8] = []
    private var overflowed = false
    private var lineNumber = 0
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var finished = false

    public init(fileDescriptor: Int32 = 0, maximumLineLength: Int = LineReader.maximumLineLength) {
        fd = fileDescriptor
        limit = max(4, maximumLineLength)
    }

    /// The next batch of complete lines; empty at end of input.
    public mutating func nextBatch() throws -> [Line] {
        while !finished {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ReadError(code: errno)
            }
            if n == 0 {
                finished = true
                if !pending.isEmpty || overflowed { return [finishLine()] }
                return []
            }
            var lines: [Line] = []
            var start = 0
            while let nl = buffer[start..<n].firstIndex(of: 10) {
                keep(buffer[start..<nl])
                lines.append(finishLine())
                start = nl + 1
            }
            keep(buffer[start..<n])
            if !lines.isEmpty { return lines }
        }
        return []
    }

    /// Adds bytes to the line being read, up to the limit and one byte more (a carriage
    /// return that ends a line of exactly the limit).
    private mutating func keep(_ bytes: ArraySlice<UInt8>) {
        let room = limit + 1 - pending.count
        if bytes.count <= room {
            pending.append(contentsOf: bytes)
        } else {
            pending.append(contentsOf: bytes.prefix(room))
            overflowed = true
        }
    }

    private mutating func finishLine() -> Line {
        lineNumber += 1
        var b = pending
        pending.removeAll(keepingCapacity: true)
        if !overflowed && b.last == 13 { b.removeLast() }
        if overflowed || b.count > limit {
            overflowed = false
            b.removeLast(b.count - limit)
            Self.dropIncompleteCharacter(&b)
            return Line(number: lineNumber, bytes: b, truncated: true)
        }
        return Line(number: lineNumber, bytes: b)
    }

    /// Removes a UTF-8 sequence cut short at the end of `bytes`.
    static func dropIncompleteCharacter(_ bytes: inout [UInt8]) {
        var i = bytes.count - 1
        while i >= 0 && i >= bytes.count - 4 && bytes[i] & 0xC0 == 0x80 { i -= 1 }
        guard i >= 0 else { return }
        let lead = bytes[i]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        if bytes.count - i < length { bytes.removeSubrange(i...) }
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
