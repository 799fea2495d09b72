import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths, scratch folders and child processes the reliability tests share.
enum ReliabilitySupport {
    /// The package root (this file is Tests/ReliabilityTests/Support/ReliabilitySupport.swift).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the package, or `$SKILLNLU_SHARED`.
    static let sharedDirectory: URL = {
        if let path = ProcessInfo.processInfo.environment["SKILLNLU_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    static let pizzaShopModel = packageRoot.appendingPathComponent(
        "InteractionModels/PizzaShop/skill-package/interactionModels/custom/en-US.json")
    static let helloWorldModel = packageRoot.appendingPathComponent(
        "InteractionModels/HelloWorld/skill-package/interactionModels/custom/en-US.json")

    /// A built executable of the package: next to the test bundle (where `swift test` builds
    /// it), or in `.build/debug`.
    static func executable(_ name: String) -> URL? {
        var directories: [URL] = []
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        if let executable = Bundle.main.executableURL { directories.append(executable.deletingLastPathComponent()) }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        directories.append(packageRoot.appendingPathComponent(".build/debug"))
        return directories.map { $0.appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// A fresh temporary folder; the caller removes it.
    static func scratchDirectory(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("skillnlu-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A child process started with `posix_spawn`, whose peak memory can be watched.
///
/// Peak memory is read from the child's own `/proc/PID/status` (`VmHWM`, the high-water mark
/// of its resident set), sampled while it runs. Not `ru_maxrss` from `wait4`: glibc's
/// `posix_spawn` starts the child with `vfork` semantics, sharing the test process's memory
/// until `exec`, and Linux folds that shared high-water mark into the child's `ru_maxrss` — a
/// figure of the test process, not of the child.
struct ChildProcess {
    let pid: pid_t

    /// How a child ended.
    struct Exit {
        /// The exit status, or nil when a signal ended it.
        var status: Int32?
        var signal: Int32?
        /// Peak resident memory, in kilobytes (`VmHWM`, last sampled before the child ended;
        /// 0 when not watched).
        var peakMemoryKB: Int
    }

    /// Starts `executable` with standard input, output and error taken from (or written to)
    /// files; nil means /dev/null.
    init(_ executable: URL, _ arguments: [String], stdin: String? = nil, stdout: String? = nil,
         stderr: String? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = [executable.path] + arguments
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { for a in cArguments { free(a) } }
        // The child inherits the environment, with the runtime's backtracer off so a crash
        // ends the child at once.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for e in cEnvironment { free(e) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable.path, &actions, nil, cArguments, cEnvironment)
        guard result == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
        }
        self.pid = pid
    }

    /// Sends a signal.
    func send(_ signal: Int32) { _ = kill(pid, signal) }

    /// Waits for the child to end; with `watchingMemory`, samples its peak memory every few
    /// milliseconds meanwhile (the high-water mark only grows, so the last sample holds it).
    func wait(watchingMemory: Bool = false) -> Exit {
        var status: Int32 = 0
        var peak = 0
        if watchingMemory {
            while true {
                let r = waitpid(pid, &status, WNOHANG)
                if r == pid { break }
                if r < 0 && errno != EINTR { break }
                peak = max(peak, Self.highWaterMarkKB(pid) ?? 0)
                usleep(2_000)
            }
        } else {
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        return Self.exit(status, peakMemoryKB: peak)
    }

    /// How the child ended, if it has (without waiting); it is then reaped, so call no
    /// `wait` after a non-nil answer.
    func exitIfEnded() -> Exit? {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, WNOHANG) } while result < 0 && errno == EINTR
        return result == pid ? Self.exit(status, peakMemoryKB: 0) : nil
    }

    /// A `waitpid` status as an exit.
    static func exit(_ status: Int32, peakMemoryKB: Int) -> Exit {
        let signaled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        return Exit(status: signaled ? nil : (status >> 8) & 0xFF, signal: signaled ? status & 0x7F : nil,
                    peakMemoryKB: peakMemoryKB)
    }

    /// `VmHWM` of a running process, in kilobytes.
    static func highWaterMarkKB(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }
}
