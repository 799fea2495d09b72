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
public struct LineReader {
    /// A line's bytes and its number (from 1).
    public struct Line: Sendable {
        public var number: Int
        public var bytes: [UInt8]
    }

    /// Why reading stopped early.
    public struct ReadError: Error, CustomStringConvertible {
        public var code: Int32
        public var description: String { "reading standard input failed: \(String(cString: strerror(code)))" }
    }

    private let fd: Int32
    private var pending: [UInt8] = []
    private var lineNumber = 0
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var finished = false

    public init(fileDescriptor: Int32 = 0) { fd = fileDescriptor }

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
                if !pending.isEmpty {
                    defer { pending = [] }
                    return [makeLine(pending[...])]
                }
                return []
            }
            pending.append(contentsOf: buffer[0..<n])
            var lines: [Line] = []
            var start = 0
            while let nl = pending[start...].firstIndex(of: 10) {
                lines.append(makeLine(pending[start..<nl]))
                start = nl + 1
            }
            if start > 0 { pending.removeFirst(start) }
            if !lines.isEmpty { return lines }
        }
        return []
    }

    private mutating func makeLine(_ bytes: ArraySlice<UInt8>) -> Line {
        lineNumber += 1
        var b = Array(bytes)
        if b.last == 13 { b.removeLast() }
        return Line(number: lineNumber, bytes: b)
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
