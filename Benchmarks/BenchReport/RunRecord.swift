import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When, where, from which commit and by which command our results were measured: written by
/// `nlu-bench record-run` at the end of `make bench` beside the results, so a report made again
/// later still names the run rather than the moment it was printed.
public struct RunRecord: Sendable, Equatable, Codable {
    public struct Machine: Sendable, Equatable, Codable {
        public var cpu: String
        public var cores: Int
        public var memoryGiB: Double
        public var system: String
        public init(cpu: String, cores: Int, memoryGiB: Double, system: String) {
            self.cpu = cpu
            self.cores = cores
            self.memoryGiB = memoryGiB
            self.system = system
        }
        enum CodingKeys: String, CodingKey { case cpu, cores, system, memoryGiB = "memory_gib" }
    }

    /// ISO 8601, UTC, when the run finished.
    public var date: String
    public var commit: String
    public var command: String
    public var machine: Machine
    /// Wall time of the benchmark runs (after the build), when the start was given.
    public var durationSeconds: Double?
    /// 1, 5 and 15 minute load averages at the end: how busy the shared machine was.
    public var loadAverage: [Double]?

    public init(date: String, commit: String, command: String, machine: Machine, durationSeconds: Double? = nil,
                loadAverage: [Double]? = nil) {
        self.date = date
        self.commit = commit
        self.command = command
        self.machine = machine
        self.durationSeconds = durationSeconds
        self.loadAverage = loadAverage
    }

    enum CodingKeys: String, CodingKey {
        case date, commit, command, machine
        case durationSeconds = "duration_seconds", loadAverage = "load_average"
    }

    /// This machine now.
    public static func current(commit: String, command: String, started: Date?) -> RunRecord {
        let now = Date()
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var loads = [Double](repeating: 0, count: 3)
        let got = getloadavg(&loads, 3)
        return RunRecord(date: formatter.string(from: now), commit: commit, command: command,
                         machine: Machine(cpu: cpuName(), cores: ProcessInfo.processInfo.activeProcessorCount,
                                          memoryGiB: Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824,
                                          system: systemName()),
                         durationSeconds: started.map { now.timeIntervalSince($0) },
                         loadAverage: got == 3 ? loads : nil)
    }

    static func cpuName() -> String {
        if let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = text.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let colon = line.firstIndex(of: ":") {
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var size = 0
        #if canImport(Darwin)
        if sysctlbyname("machdep.cpu.brand_string", nil, &size, nil, 0) == 0, size > 0 {
            var bytes = [CChar](repeating: 0, count: size)
            if sysctlbyname("machdep.cpu.brand_string", &bytes, &size, nil, 0) == 0 { return String(cString: bytes) }
        }
        #endif
        _ = size
        return "unknown CPU"
    }

    static func systemName() -> String {
        var info = utsname()
        guard uname(&info) == 0 else { return ProcessInfo.processInfo.operatingSystemVersionString }
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        return "\(text(info.sysname)) \(text(info.release)) \(text(info.machine))"
    }
}
