import Foundation

/// Everything the report shows, read from the JSON files that `make bench` and
/// `make bench-peers` write. Reading needs no Python and no data sets: the peers' committed
/// results print on any machine.
public struct BenchResults: Sendable, Equatable {
    public var accuracy: [AccuracyResult]
    public var speed: [SpeedResult]
    public var peers: [PeerRun]
    public var run: RunRecord?
    /// Small skills cut out of CLINC150 (`Benchmarks/tools/make-small-skill.py`), scored on
    /// how they reject requests that belong to none of their intents.
    public var smallSkills: [AccuracyResult]
    /// Runs of `nlu-bench skills`: the latest (`current`) and earlier ones kept to compare.
    public var skills: [SkillsRun]
    /// Accuracy of an earlier engine kept to compare with (`reference/` in the results folder,
    /// committed by hand, never written by `make bench`), and the record of the run that
    /// measured it.
    public var reference: [AccuracyResult]
    public var referenceRun: RunRecord?

    public init(accuracy: [AccuracyResult] = [], speed: [SpeedResult] = [], peers: [PeerRun] = [], run: RunRecord? = nil,
                smallSkills: [AccuracyResult] = [], skills: [SkillsRun] = [], reference: [AccuracyResult] = [],
                referenceRun: RunRecord? = nil) {
        self.accuracy = accuracy
        self.speed = speed
        self.peers = peers
        self.run = run
        self.smallSkills = smallSkills
        self.skills = skills
        self.reference = reference
        self.referenceRun = referenceRun
    }

    /// The folder inside the results folder where `make bench` writes the small skills' results.
    public static let smallSkillsFolder = "small-skills"

    /// The folder inside the results folder where `make bench` writes `nlu-bench skills` runs.
    public static let skillsFolder = "skills"

    /// The folder inside the results folder holding the reference accuracy (and its `run.json`).
    public static let referenceFolder = "reference"

    /// The file name `nlu-bench record-run` writes in the results folder.
    public static let runFileName = "run.json"

    /// Reads `results` (ours: `NAME[-VARIANT].json` from accuracy, `NAME-speed.json` from speed,
    /// `run.json`, accuracy files in `small-skills/`, real-skill runs in `skills/` and the reference
    /// accuracy in `reference/`) and `peers` (`DATASET--MODEL.json` from
    /// peers.py). A folder of peers or of small skills that does not exist is no error — the
    /// report then says none were found.
    public static func load(results: URL, peers: URL?) throws -> BenchResults {
        var loaded = BenchResults()
        for url in try jsonFiles(in: results, required: true) {
            let data = try read(url)
            if url.lastPathComponent == runFileName {
                loaded.run = try decode(RunRecord.self, data, url)
            } else if url.lastPathComponent.hasSuffix("-speed.json") {
                loaded.speed.append(try decode(SpeedResult.self, data, url))
            } else {
                loaded.accuracy.append(try decode(AccuracyResult.self, data, url))
            }
        }
        for url in try jsonFiles(in: results.appendingPathComponent(smallSkillsFolder), required: false) {
            loaded.smallSkills.append(try decode(AccuracyResult.self, try read(url), url))
        }
        for url in try jsonFiles(in: results.appendingPathComponent(skillsFolder), required: false) {
            loaded.skills.append(try decode(SkillsRun.self, try read(url), url))
        }
        for url in try jsonFiles(in: results.appendingPathComponent(referenceFolder), required: false) {
            if url.lastPathComponent == runFileName {
                loaded.referenceRun = try decode(RunRecord.self, try read(url), url)
            } else {
                loaded.reference.append(try decode(AccuracyResult.self, try read(url), url))
            }
        }
        if let peers {
            for url in try jsonFiles(in: peers, required: false) {
                loaded.peers.append(try decode(PeerRun.self, try read(url), url))
            }
        }
        return loaded
    }

    static func jsonFiles(in folder: URL, required: Bool) throws -> [URL] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            if required { throw ReportError.noFolder(path: folder.path) }
            return []
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    static func read(_ url: URL) throws -> Data {
        do { return try Data(contentsOf: url) } catch {
            throw ReportError.unreadable(path: url.path, reason: "cannot be read: \(error.localizedDescription)")
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, _ data: Data, _ url: URL) throws -> T {
        do { return try JSONDecoder().decode(type, from: data) } catch let error as DecodingError {
            throw ReportError.unreadable(path: url.path, reason: describe(error))
        } catch {
            throw ReportError.unreadable(path: url.path, reason: "\(error)")
        }
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "top level" : keys.joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context): return "no \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "unexpected value at \(path(context)): \(context.debugDescription)"
        case .dataCorrupted(let context): return "not JSON at \(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }
}
