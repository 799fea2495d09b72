import Foundation
@testable import InteractionModel

/// Paths and helpers the importer tests share.
enum TestSupport {
    /// The package root (this file is Tests/InteractionModelTests/TestSupport.swift).
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the package, or `$SKILLNLU_SHARED`.
    static let sharedDirectory: URL = {
        if let path = ProcessInfo.processInfo.environment["SKILLNLU_SHARED"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    static let interactionModels = sharedDirectory.appendingPathComponent("interaction-models")

    /// Whether the public interaction models are present (tests that read them skip otherwise).
    static var hasSharedModels: Bool {
        FileManager.default.fileExists(atPath: interactionModels.appendingPathComponent("MANIFEST.tsv").path)
    }

    /// Imports JSON text given inline.
    static func importJSON(_ json: String, file: String = "en-US.json", locale: String? = nil) throws -> ImportResult {
        try Importer.importModel(json: Array(json.utf8), file: file, options: ImportOptions(locale: locale))
    }

    /// A model in the `interactionModel` wrapper around the given language-model members.
    static func wrapped(intents: String, types: String = "[]", extra: String = "") -> String {
        """
        {"interactionModel": {"languageModel": {"invocationName": "test", "intents": \(intents), "types": \(types)}\(extra)}}
        """
    }

    /// A fresh temporary directory, removed by the caller with `cleanUp`.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("skillnlu-importer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static func cleanUp(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}

extension ImportResult {
    /// The findings of one rule.
    func findings(_ rule: Finding.Rule) -> [Finding] { findings.filter { $0.rule == rule } }
}
