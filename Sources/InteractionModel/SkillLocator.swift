import Foundation

/// Finds the model file for a path the user gave: the file itself, or the model inside an
/// ask-cli skill directory (`skill-package/interactionModels/custom/<locale>.json`, older
/// `models/<locale>.json`), or a legacy `speech-assets/IntentSchema.json`.
public enum SkillLocator {
    /// What a path leads to.
    public struct Location: Sendable, Equatable {
        /// The model file, as a path built from the one the user gave.
        public var modelFile: String
        /// The locale the directory layout gave the file (its name), if any.
        public var locale: String?
        /// The skill's short name (the skill directory's name, or the file's stem).
        public var skillName: String
    }

    /// The folders of a skill directory that hold `<locale>.json` models, in the order tried.
    public static let modelFolders = [
        "skill-package/interactionModels/custom", "interactionModels/custom", "custom", "models", "",
    ]

    /// Resolves `path` to a model file; `locale` chooses among several in a directory.
    public static func locate(_ path: String, locale: String?) throws(ImportError) -> Location {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportError.fileNotFound(path: path)
        }
        if !isDirectory.boolValue {
            return Location(modelFile: path, locale: localeFromFileName(path), skillName: skillName(forFile: path))
        }
        let root = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        var searched: [String] = []
        for folder in modelFolders {
            let directory = folder.isEmpty ? root : join(root, folder)
            searched.append(folder.isEmpty ? "<locale>.json" : "\(folder)/<locale>.json")
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            var byLocale: [(locale: String, file: String)] = []
            for entry in entries.sorted() where entry.lowercased().hasSuffix(".json") {
                let stem = String(entry.dropLast(5))
                if let parsed = parseLocale(stem), parsed.count == stem.count {
                    byLocale.append((parsed, entry))
                }
            }
            guard !byLocale.isEmpty else { continue }
            let available = byLocale.map(\.locale)
            let chosen: (locale: String, file: String)
            if let locale {
                let wanted = normalizeLocale(locale).lowercased()
                guard let match = byLocale.first(where: { $0.locale.lowercased() == wanted }) else {
                    throw ImportError.localeNotFound(path: path, locale: locale, available: available)
                }
                chosen = match
            } else if byLocale.count == 1 {
                chosen = byLocale[0]
            } else {
                throw ImportError.ambiguousLocale(path: path, available: available)
            }
            return Location(modelFile: join(directory, chosen.file), locale: chosen.locale,
                            skillName: skillName(forDirectory: root))
        }
        // A legacy skill: the intent schema in speech-assets (or the folder itself).
        for folder in ["speech-assets", "speechAssets", ""] {
            let directory = folder.isEmpty ? root : join(root, folder)
            searched.append(folder.isEmpty ? "IntentSchema.json" : "\(folder)/IntentSchema.json")
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            if let schema = entries.sorted().first(where: {
                let lower = $0.lowercased()
                return lower.hasSuffix(".json") && lower.contains("intentschema")
            }) {
                return Location(modelFile: join(directory, schema), locale: nil, skillName: skillName(forDirectory: root))
            }
        }
        throw ImportError.noModelInDirectory(path: path, searched: searched)
    }

    /// The locale at the end of a file name (`en-US.json`, `InteractionModel_de-DE.json`,
    /// `SampleUtterances_de_DE.txt` → `de-DE`), or nil.
    public static func localeFromFileName(_ path: String) -> String? {
        var stem = (path as NSString).lastPathComponent
        while let dot = stem.lastIndex(of: "."), stem[stem.index(after: dot)...].allSatisfy(\.isLetter) {
            stem = String(stem[..<dot])
        }
        guard let locale = parseLocale(stem) else { return nil }
        // The locale must end the stem and start it or follow a separator.
        let prefix = stem.dropLast(locale.count)
        guard prefix.isEmpty || !(prefix.last!.isLetter || prefix.last!.isNumber) else { return nil }
        return locale
    }

    /// A locale `ll-RR` / `ll_RR` at the end of `text`, normalized to `ll-RR`.
    static func parseLocale(_ text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        let n = scalars.count
        guard n >= 5 else { return nil }
        func lower(_ s: Unicode.Scalar) -> Bool { ("a"..."z").contains(s) }
        func upper(_ s: Unicode.Scalar) -> Bool { ("A"..."Z").contains(s) }
        let region = scalars[(n - 2)...]
        let separator = scalars[n - 3]
        let language = scalars[(n - 5)..<(n - 3)]
        guard region.allSatisfy(upper), separator == "-" || separator == "_", language.allSatisfy(lower) else {
            return nil
        }
        return String(String.UnicodeScalarView(language)) + "-" + String(String.UnicodeScalarView(region))
    }

    /// `de_DE` → `de-DE`.
    public static func normalizeLocale(_ locale: String) -> String {
        locale.replacingOccurrences(of: "_", with: "-")
    }

    static func join(_ a: String, _ b: String) -> String {
        if a.isEmpty || a == "." { return b }
        return a.hasSuffix("/") ? a + b : a + "/" + b
    }

    static func skillName(forDirectory directory: String) -> String {
        let url = URL(fileURLWithPath: directory).standardizedFileURL
        var name = url.lastPathComponent
        if name == "skill-package" || name == "speech-assets" { name = url.deletingLastPathComponent().lastPathComponent }
        return name.isEmpty || name == "/" ? "skill" : name
    }

    static func skillName(forFile file: String) -> String {
        let url = URL(fileURLWithPath: file).standardizedFileURL
        let components = url.pathComponents
        if let k = components.lastIndex(of: "skill-package"), k > 0 { return components[k - 1] }
        let parent = url.deletingLastPathComponent()
        if ["models", "speech-assets", "speechAssets"].contains(parent.lastPathComponent) {
            return parent.deletingLastPathComponent().lastPathComponent
        }
        var stem = url.deletingPathExtension().lastPathComponent
        if let locale = localeFromFileName(file) { stem = String(stem.dropLast(locale.count)) }
        while let last = stem.last, last == "_" || last == "-" || last == "." { stem.removeLast() }
        if stem.isEmpty { stem = parent.lastPathComponent }
        return stem.isEmpty || stem == "/" ? "skill" : stem
    }
}
