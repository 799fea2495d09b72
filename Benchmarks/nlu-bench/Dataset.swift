import Foundation
import SkillNLU

/// A benchmark data set folder: jsonl splits, interaction models and the
/// intent map (model intent name → data-set label).
struct Dataset {
    let directory: URL
    let name: String
    let intentMap: [String: String]

    init(directory: URL) throws {
        self.directory = directory
        self.name = directory.standardizedFileURL.lastPathComponent
        let mapURL = directory.appendingPathComponent("intent-map.json")
        if let data = try? Data(contentsOf: mapURL) {
            intentMap = (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
        } else {
            intentMap = [:]
        }
    }

    /// The data-set label of a model intent.
    func label(ofIntent name: String?) -> String? {
        guard let name else { return nil }
        return intentMap[name] ?? name
    }

    func split(_ name: String) throws -> [LabeledUtterance] {
        let url = directory.appendingPathComponent("\(name).jsonl")
        let text = try String(contentsOf: url, encoding: .utf8)
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").map { try decoder.decode(LabeledUtterance.self, from: Data($0.utf8)) }
    }

    func modelURL(_ file: String) -> URL { directory.appendingPathComponent(file) }
}
