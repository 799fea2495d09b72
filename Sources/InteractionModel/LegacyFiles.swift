import Foundation

/// The text files of skills from before 2017: a sample-utterances file (`IntentName utterance`
/// per line) beside the intent schema, and one list file per custom slot type (one value per
/// line). Public repositories still hold many such skills.
enum LegacyFiles {
    /// Adds the utterances of a sample-utterances file to the model's intents.
    static func readUtterances(_ text: SourceText, document: Int, file: String,
                               model: inout InteractionModel, map: inout SourceMap, findings: inout [Finding]) {
        var index: [String: Int] = [:]
        for (i, intent) in model.languageModel.intents.enumerated() where index[intent.name] == nil {
            index[intent.name] = i
        }
        if text.bytes.contains(where: { $0 >= 0x80 }) && String(validatingUTF8Bytes: text.bytes) == nil {
            findings.append(Finding(.warning, .legacyUtteranceLine,
                                    "the file is not valid UTF-8; invalid bytes were replaced (save it as UTF-8)",
                                    file: file))
        }
        let names = model.languageModel.intents.map(\.name)
        for line in 1...max(1, text.lineCount) {
            let raw = text.lineText(line)
            let content = (line == 1 && raw.hasPrefix("\u{FEFF}") ? String(raw.dropFirst()) : raw).trimmingSpaces
            if content.isEmpty || content.hasPrefix("#") || content.hasPrefix("//") { continue }
            let location = SourceLocation(line: line, column: 1)
            guard let split = content.unicodeScalars.firstIndex(where: { $0.properties.isWhitespace }) else {
                findings.append(Finding(.warning, .legacyUtteranceLine,
                                        "line has an intent name but no utterance (write `IntentName utterance text`); ignored",
                                        text: content, file: file, location: location))
                continue
            }
            let name = String(String.UnicodeScalarView(content.unicodeScalars[..<split]))
            let utterance = String(String.UnicodeScalarView(content.unicodeScalars[split...])).trimmingSpaces
            guard let i = index[name] else {
                let hint = Validator.closest(to: name, in: names).map { " Did you mean \($0)?" } ?? ""
                findings.append(Finding(.error, .legacyUnknownIntent,
                                        "utterance for intent \(name), which the intent schema does not declare.\(hint)",
                                        text: content, file: file, location: location))
                continue
            }
            model.languageModel.intents[i].samples.append(utterance)
            map.intents[i].samples.append(.line(document: document, line: line))
        }
    }

    /// A slot type from a list file: one value per line, blank lines and `#` comments ignored.
    static func readSlotTypeList(_ text: SourceText, document: Int, name: String) -> (SlotType, SourceMap.TypeAnchors) {
        var type = SlotType(name: name)
        var anchors = SourceMap.TypeAnchors(anchor: .line(document: document, line: 1))
        for line in 1...max(1, text.lineCount) {
            var value = text.lineText(line)
            if line == 1 && value.hasPrefix("\u{FEFF}") { value.removeFirst() }
            value = value.trimmingSpaces
            if value.isEmpty || value.hasPrefix("#") { continue }
            type.values.append(SlotTypeValue(value: value))
            anchors.values.append(SourceMap.ValueAnchors(anchor: .line(document: document, line: line)))
        }
        return (type, anchors)
    }

    /// The sample-utterances file beside a legacy intent schema, if one is there: the schema's
    /// name with `intentSchema` replaced by `sampleUtterances` (any case, `.txt`), else a
    /// `.txt` file whose name mentions utterances (preferring one that names the locale).
    static func findUtterances(besides schema: String, locale: String?) -> String? {
        let url = URL(fileURLWithPath: schema)
        let directory = url.deletingLastPathComponent()
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return nil }
        let schemaName = url.lastPathComponent
        let lowerSchema = schemaName.lowercased()
        func display(_ entry: String) -> String {
            let parent = (schema as NSString).deletingLastPathComponent
            return parent.isEmpty ? entry : (parent as NSString).appendingPathComponent(entry)
        }
        if let range = lowerSchema.range(of: "intentschema") {
            let stem = lowerSchema.replacingCharacters(in: range, with: "sampleutterances")
            let expected = (stem as NSString).deletingPathExtension + ".txt"
            if let match = entries.first(where: { $0.lowercased() == expected }) { return display(match) }
        }
        let candidates = entries.filter {
            let lower = $0.lowercased()
            return lower.hasSuffix(".txt") && lower.contains("utterance")
        }.sorted()
        if let locale {
            let forms = [locale.lowercased(), locale.lowercased().replacingOccurrences(of: "-", with: "_")]
            if let match = candidates.first(where: { c in forms.contains { c.lowercased().contains($0) } }) {
                return display(match)
            }
        }
        return candidates.first.map(display)
    }

    /// The list file of a legacy custom slot type: `<dir>/<Type>` or `<dir>/<Type>.txt` (any
    /// case) in the given folder, else beside the schema or in a `customSlotTypes` / `slotTypes`
    /// folder beside it.
    static func findSlotTypeList(_ type: String, directory: String?, besides schema: String?) -> String? {
        var folders: [String] = []
        if let directory { folders.append(directory) }
        if let schema {
            let parent = (schema as NSString).deletingLastPathComponent
            let base = parent.isEmpty ? "." : parent
            folders += [(base as NSString).appendingPathComponent("customSlotTypes"),
                        (base as NSString).appendingPathComponent("slotTypes"), base]
        }
        let wanted = [type.lowercased(), type.lowercased() + ".txt"]
        for folder in folders {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            if let match = entries.sorted().first(where: { wanted.contains($0.lowercased()) }) {
                return folder == "." ? match : (folder as NSString).appendingPathComponent(match)
            }
        }
        return nil
    }
}

extension String {
    /// The text of `bytes` when they are valid UTF-8, else nil.
    init?(validatingUTF8Bytes bytes: [UInt8]) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): scalars.append(s)
            case .emptyInput: break loop
            case .error: return nil
            }
        }
        self = String(scalars)
    }
}
