import Foundation

/// Reads an Alexa interaction model, in any layout real skills use, into a validated, tidied
/// ``InteractionModel`` with ``Finding``s.
///
/// Accepted: the `interactionModel` wrapper (with or without a top-level `version`), a bare
/// `languageModel` with `dialog` and `prompts` beside it (2017 skill-builder exports), intents
/// at the top level (2017 layout), and the legacy intent schema with its sample-utterances file
/// and slot-type lists; a file path or an ask-cli skill directory; a UTF-8 byte-order mark;
/// CRLF line endings. Only a model that cannot be read at all throws; everything else is a
/// finding, so one run reports every problem.
public enum Importer {
    /// The largest model the importer reads, in bytes (16 MiB): ten times the largest public
    /// skill we know (1.4 MB). A larger file is refused before it is read and larger bytes
    /// before they are parsed, so a wrong path (a video, a disk image) or a hostile model
    /// cannot exhaust memory. A million slot values do not fit: at least 24 bytes of JSON each.
    public static let maximumModelSize = 16 << 20

    /// Imports the model at `path`: a JSON file or a skill directory.
    public static func load(path: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> ImportResult {
        let location = try SkillLocator.locate(path, locale: options.locale)
        let bytes = try readFile(location.modelFile)
        return try importModel(json: bytes, file: location.modelFile, options: options, skillName: location.skillName)
    }

    /// Imports a model from JSON bytes. `file` names it in findings and locates the legacy
    /// companion files beside it.
    public static func importModel(json bytes: [UInt8], file: String? = nil, options: ImportOptions = ImportOptions(),
                                   skillName: String? = nil) throws(ImportError) -> ImportResult {
        if bytes.count > maximumModelSize {
            throw ImportError.notAnInteractionModel(file: file, reason: tooLarge(bytes.count))
        }
        let text = SourceText(bytes)
        let root: JSONNode
        do {
            root = try JSONParser.parse(text)
        } catch {
            throw ImportError.malformedJSON(file: file, error)
        }
        var reader = ModelReader(text: text, file: file)
        var (model, format) = try reader.read(root)
        var findings = reader.findings
        var map = reader.map
        var otherFiles: [String] = []
        var openTypes: Set<String> = []

        // Legacy companions: the sample utterances and the custom slot-type lists.
        var utterancesFile = options.utterancesFile
        if utterancesFile == nil && format == .legacyIntentSchema, let file {
            utterancesFile = LegacyFiles.findUtterances(besides: file, locale: options.locale)
        }
        if let utterancesFile {
            let utterances = SourceText(try readFile(utterancesFile))
            let document = map.documents.count
            map.documents.append(SourceMap.Document(name: utterancesFile, text: utterances))
            LegacyFiles.readUtterances(utterances, document: document, file: utterancesFile, model: &model, map: &map,
                                       findings: &findings)
            otherFiles.append(utterancesFile)
        } else if format == .legacyIntentSchema {
            findings.append(Finding(.error, .legacyMissingUtterances,
                                    "a legacy intent schema has no samples of its own, and no sample-utterances file was "
                                    + "found beside it (give the file, e.g. nlu-train --utterances sampleUtterances.txt)",
                                    file: file))
        }
        if format == .legacyIntentSchema {
            if let directory = options.slotTypesDirectory {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw ImportError.fileNotFound(path: directory)
                }
            }
            try declareLegacyTypes(&model, map: &map, findings: &findings, otherFiles: &otherFiles, openTypes: &openTypes,
                                   options: options, schema: file)
        } else if let directory = options.slotTypesDirectory {
            findings.append(Finding(.warning, .unknownSetting,
                                    "slot-type lists (\(directory)) apply to a legacy intent schema only; this model declares "
                                    + "its types itself, so they were not read", file: file))
        }

        // The locale: given, else from the file names, else en-US.
        let locale: String
        let origin: LocaleOrigin
        if let given = options.locale {
            locale = SkillLocator.normalizeLocale(given)
            origin = .given
        } else if let file, let fromName = SkillLocator.localeFromFileName(file) {
            locale = fromName
            origin = .fileName((file as NSString).lastPathComponent)
        } else if let utterancesFile, let fromName = SkillLocator.localeFromFileName(utterancesFile) {
            locale = fromName
            origin = .fileName((utterancesFile as NSString).lastPathComponent)
        } else {
            locale = "en-US"
            origin = .assumed
        }
        model.locale = locale

        let context = Validator.Context(sourceMap: map, format: format, openSlotTypes: openTypes)
        findings = Validator.sortedByLocation(findings + Validator.validate(model, context: context))
        let source = ModelSource(file: file, otherFiles: otherFiles, format: format, locale: locale, localeOrigin: origin,
                                 skillName: skillName ?? file.map(SkillLocator.skillName(forFile:)) ?? "skill",
                                 sourceMap: map)
        return ImportResult(model: ModelTidier.tidy(model), findings: findings, source: source)
    }

    /// Decodes a model from JSON bytes in any supported layout, throwing
    /// ``ImportError/invalidModel(_:)`` when it has errors. For callers that want the model
    /// only; use ``importModel(json:file:options:skillName:)`` to see warnings too.
    public static func decode(_ data: Data, locale: String = "en-US") throws -> InteractionModel {
        let result = try importModel(json: [UInt8](data), options: ImportOptions(locale: locale))
        guard result.isValid else { throw ImportError.invalidModel(result.findings) }
        return result.model
    }

    /// Declares the custom slot types a legacy schema uses: from their list files when found,
    /// else as open types (any value), with a warning.
    static func declareLegacyTypes(_ model: inout InteractionModel, map: inout SourceMap, findings: inout [Finding],
                                   otherFiles: inout [String], openTypes: inout Set<String>, options: ImportOptions,
                                   schema: String?) throws(ImportError) {
        var declared = Set(model.languageModel.types.map(\.name))
        for (i, intent) in model.languageModel.intents.enumerated() {
            for (s, slot) in intent.slots.enumerated() {
                let type = slot.type
                guard !type.isEmpty, !BuiltInSlotTypes.isBuiltInName(type), !declared.contains(type) else { continue }
                declared.insert(type)
                if let listFile = LegacyFiles.findSlotTypeList(type, directory: options.slotTypesDirectory, besides: schema) {
                    let list = SourceText(try readFile(listFile))
                    let document = map.documents.count
                    map.documents.append(SourceMap.Document(name: listFile, text: list))
                    let (slotType, anchors) = LegacyFiles.readSlotTypeList(list, document: document, name: type)
                    model.languageModel.types.append(slotType)
                    map.types.append(anchors)
                    otherFiles.append(listFile)
                } else {
                    model.languageModel.types.append(SlotType(name: type))
                    map.types.append(SourceMap.TypeAnchors())
                    openTypes.insert(type)
                    let where_ = map.resolve(.field(.slot(intent: i, slot: s), "type"))
                    findings.append(Finding(.warning, .legacyOpenSlotType,
                                            "legacy custom slot type \(type) has no value list (give a folder with a "
                                            + "\(type).txt file, one value per line); it is treated as open (any value)",
                                            text: type, file: where_.file, path: where_.path, location: where_.location))
                }
            }
        }
    }

    /// Why a model of `size` bytes (nil: unknown, but too many) is refused.
    static func tooLarge(_ size: Int?) -> String {
        let mb = { (n: Int) in String(format: "%.1f MB", Double(n) / 1_048_576) }
        let what = size.map { "the model is \(mb($0)), more than" } ?? "the model is larger than"
        return "\(what) the \(mb(maximumModelSize)) the importer reads (check that "
            + "this is the interaction model; slot types should list the values people say, not a whole catalog)"
    }

    /// The bytes of a file, or the import error that says why not.
    static func readFile(_ path: String) throws(ImportError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportError.fileNotFound(path: path)
        }
        if isDirectory.boolValue { throw ImportError.unreadable(path: path, reason: "it is a directory, expected a file") }
        // Refused by its size before it is read; and read with a bound, for files whose size
        // the file system does not tell (a pipe, a device) or that grow while being read.
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maximumModelSize {
            throw ImportError.unreadable(path: path, reason: tooLarge(size))
        }
        guard let handle = FileHandle(forReadingAtPath: path),
              let data = try? handle.read(upToCount: maximumModelSize + 1) ?? Data() else {
            let reason = FileManager.default.isReadableFile(atPath: path) ? "read failed" : "permission denied"
            throw ImportError.unreadable(path: path, reason: reason)
        }
        try? handle.close()
        if data.count > maximumModelSize { throw ImportError.unreadable(path: path, reason: tooLarge(nil)) }
        return [UInt8](data)
    }
}
