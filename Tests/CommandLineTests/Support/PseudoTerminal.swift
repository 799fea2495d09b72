import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal for running a tool as if a person sat at a terminal: the tool gets the
/// terminal side as standard input and output, the test types into the other side and reads
/// what the tool draws.
final class PseudoTerminal {
    let master: Int32
    /// The terminal side, kept open so its settings can be read after the tool has exited.
    let terminal: Int32
    private(set) var output: [UInt8] = []
    /// How much of ``output`` ``waitFor(_:timeout:)`` has consumed.
    private var consumed = 0

    struct Failure: Error, CustomStringConvertible { var description: String }

    init() throws {
        let calls = try PTYCalls()
        master = calls.openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, calls.grantpt(master) == 0, calls.unlockpt(master) == 0, let name = calls.ptsname(master) else {
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        terminal = open(String(cString: name), O_RDWR | O_NOCTTY)
        guard terminal >= 0 else { throw Failure(description: "cannot open \(String(cString: name))") }
    }

    /// The C library's pseudo-terminal calls. Glibc declares them only for X/Open sources,
    /// which Swift's Glibc module is not, so on Linux they are looked up by name.
    struct PTYCalls {
        var openpt: (Int32) -> Int32
        var grantpt: (Int32) -> Int32
        var unlockpt: (Int32) -> Int32
        var ptsname: (Int32) -> UnsafeMutablePointer<CChar>?

        init() throws {
            #if canImport(Darwin)
            openpt = { posix_openpt($0) }
            grantpt = { Darwin.grantpt($0) }
            unlockpt = { Darwin.unlockpt($0) }
            ptsname = { Darwin.ptsname($0) }
            #else
            typealias IntCall = @convention(c) (Int32) -> Int32
            typealias NameCall = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
            let library = dlopen(nil, RTLD_NOW)
            func symbol(_ name: String) throws -> UnsafeMutableRawPointer {
                guard let s = dlsym(library, name) else { throw Failure(description: "no \(name) in the C library") }
                return s
            }
            let o = unsafeBitCast(try symbol("posix_openpt"), to: IntCall.self)
            let g = unsafeBitCast(try symbol("grantpt"), to: IntCall.self)
            let u = unsafeBitCast(try symbol("unlockpt"), to: IntCall.self)
            let n = unsafeBitCast(try symbol("ptsname"), to: NameCall.self)
            openpt = { o($0) }
            grantpt = { g($0) }
            unlockpt = { u($0) }
            ptsname = { n($0) }
            #endif
        }
    }

    deinit {
        close(terminal)
        close(master)
    }

    /// A handle on the terminal side for a child process.
    func handle() -> FileHandle { FileHandle(fileDescriptor: dup(terminal), closeOnDealloc: true) }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads until `text` appears after what earlier waits consumed; true when it did.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 60) -> Bool {
        let needle = Array(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let range = find(needle) {
                consumed = range
                return true
            }
            guard Date() < deadline else { return false }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n <= 0 { return find(needle).map { consumed = $0; return true } ?? false }
            output.append(contentsOf: buffer[0..<n])
        }
    }

    private func find(_ needle: [UInt8]) -> Int? {
        guard output.count - consumed >= needle.count else { return nil }
        var i = consumed
        while i + needle.count <= output.count {
            if output[i..<(i + needle.count)].elementsEqual(needle) { return i + needle.count }
            i += 1
        }
        return nil
    }

    var text: String { String(decoding: output, as: UTF8.self) }

    /// The terminal's local modes now (echo, canonical input, signal keys).
    func localFlags() -> tcflag_t {
        var settings = termios()
        tcgetattr(terminal, &settings)
        return settings.c_lflag
    }
}
