import Testing
import Foundation
import InteractionModel
@testable import SkillNLU

/// Real skills from ../shared/interaction-models: every listed value and synonym of every
/// custom type resolves to its own value, in every locale they are written in (placeholders,
/// which stand in for values given elsewhere, to none).
@Suite struct SharedModelResolutionTests {
    /// `<package root>/../shared`, or `SKILLNLU_SHARED`.
    static var sharedDirectory: URL? {
        if let env = ProcessInfo.processInfo.environment["SKILLNLU_SHARED"] {
            return URL(fileURLWithPath: env)
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // Resolution
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shared = root.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: shared.path) ? shared : nil
    }

    /// The model in a file, or nil for a layout the importer does not read.
    static func load(_ file: URL, _ locale: String) -> InteractionModel? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        return try? Importer.decode(data, locale: locale)
    }

    /// (file, locale) for every model in the manifest.
    static var models: [(file: URL, locale: String)] {
        guard let dir = sharedDirectory?.appendingPathComponent("interaction-models"),
              let manifest = try? String(contentsOf: dir.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8) else {
            return []
        }
        return manifest.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count > 5 else { return nil }
            return (dir.appendingPathComponent(String(fields[0])), String(fields[5]))
        }
    }

    @Test func everyListedValueResolvesToItself() {
        let models = Self.models
        guard !models.isEmpty else {
            print("SharedModelResolutionTests: ../shared/interaction-models not found (set SKILLNLU_SHARED); skipped")
            return
        }
        var checked = 0
        for (file, locale) in models {
            guard let model = Self.load(file, locale) else { continue }
            for type in model.languageModel.types where !type.values.isEmpty {
                let resolver = EntityResolver(slotType: type, locale: locale)
                // Large catalogs: a deterministic sample keeps the test quick.
                let stride = max(1, type.values.count / 500)
                for (k, value) in type.values.enumerated() where k % stride == 0 {
                    for phrase in [value.name.value] + value.name.synonyms {
                        guard !resolver.index.tokenizer.tokenize(phrase).isEmpty else { continue }
                        let match = resolver.match(phrase)
                        // A placeholder (the feed skill's CATEGORY_NAME_1) is no value: nothing resolves to it.
                        if PlaceholderValue.isPlaceholder(phrase) {
                            #expect(match?.values.contains { $0.name == value.name.value } != true, "\(phrase)")
                            continue
                        }
                        #expect(match?.kind == .exact, "\(file.lastPathComponent) \(type.name): \"\(phrase)\"")
                        #expect(match?.values.contains { $0.name == value.name.value && $0.id == value.id } == true,
                                "\(file.lastPathComponent) \(type.name): \"\(phrase)\" → \(match?.values.map(\.name) ?? [])")
                        checked += 1
                    }
                }
            }
        }
        print("SharedModelResolutionTests: checked \(checked) phrases in \(models.filter { Self.load($0.file, $0.locale) != nil }.count) of \(models.count) models")
        #expect(checked > 1_000)
    }

    /// Built-in types used by real models are the ones we parse or list.
    @Test func builtInSlotTypesOfRealModelsAreKnown() {
        let models = Self.models
        guard !models.isEmpty else {
            print("SharedModelResolutionTests: ../shared/interaction-models not found (set SKILLNLU_SHARED); skipped")
            return
        }
        var unknown = Set<String>()
        for (file, locale) in models {
            guard let model = Self.load(file, locale) else { continue }
            for intent in model.languageModel.intents {
                for slot in intent.slots where slot.type.hasPrefix("AMAZON.") && !BuiltInValues.knows(type: slot.type) {
                    unknown.insert(slot.type)
                }
            }
        }
        #expect(unknown.isEmpty, "built-in slot types without values or a parser: \(unknown.sorted())")
    }
}
