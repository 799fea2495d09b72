import ArgumentParser
import CommandLineSupport
import Foundation
import InteractionModel

/// Finds and reads the interaction model named on the command line.
enum SkillLoader {
    /// A JSON file, or a skill package directory (its `interactionModels/custom/<locale>.json`,
    /// `en-US` preferred). The locale comes from `--locale`, else from a file name such as
    /// `en-GB.json`, else `en-US`.
    static func load(_ path: String, locale: String?) throws -> InteractionModel {
        var url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            fail("\(path): no such file or directory.", .noInput)
        }
        if isDirectory.boolValue {
            guard let found = modelFile(in: url) else {
                fail("\(path): no interaction model found (expected interactionModels/custom/<locale>.json).", .noInput)
            }
            url = found
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            fail("\(url.path): cannot read: \(error)", .noInput)
        }
        let name = url.deletingPathExtension().lastPathComponent
        let fileLocale = name.range(of: #"^[a-z]{2,3}-[A-Z]{2}$"#, options: .regularExpression) != nil ? name : nil
        do {
            return try Importer.decode(data, locale: locale ?? fileLocale ?? "en-US")
        } catch {
            fail("\(url.path): not an interaction model: \(error)", .dataError)
        }
    }

    static func modelFile(in directory: URL) -> URL? {
        let candidates = [directory, directory.appendingPathComponent("skill-package")]
            .map { $0.appendingPathComponent("interactionModels/custom") }
        for folder in candidates {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            let json = names.filter { $0.hasSuffix(".json") }.sorted()
            if let pick = json.first(where: { $0 == "en-US.json" }) ?? json.first { return folder.appendingPathComponent(pick) }
        }
        return nil
    }

    static func fail(_ message: String, _ code: ExitCode) -> Never {
        FileHandle.standardError.write(Data("nlu-chat: \(message)\n".utf8))
        Foundation.exit(code.rawValue)
    }
}
