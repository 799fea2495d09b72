import InteractionModel

extension SkillLoading {
    /// Counts that describe a model at a glance.
    public struct Statistics: Sendable, Equatable {
        public var intents = 0
        public var customIntents = 0
        public var builtInIntents = 0
        public var samples = 0
        public var slotSamples = 0
        public var builtInDefaults = 0
        public var slots = 0
        public var customTypes = 0
        public var builtInTypesUsed = 0
        public var values = 0
        public var synonyms = 0
        public var dialogIntents = 0
        public var prompts = 0

        public init(_ model: InteractionModel) {
            let language = model.languageModel
            intents = language.intents.count
            builtInIntents = language.intents.filter { BuiltInSlotTypes.isBuiltInName($0.name) }.count
            customIntents = intents - builtInIntents
            samples = language.intents.reduce(0) { $0 + $1.samples.count }
            slotSamples = language.intents.reduce(0) { $0 + $1.slots.reduce(0) { $0 + $1.samples.count } }
            builtInDefaults = BuiltInIntents.effectiveSamples(in: model).defaultsAdded.values.reduce(0) { $0 + $1.count }
            slots = language.intents.reduce(0) { $0 + $1.slots.count }
            customTypes = language.types.count
            builtInTypesUsed = Set(language.intents.flatMap { $0.slots.map(\.type) }
                .filter { BuiltInSlotTypes.isBuiltInName($0) }).count
            values = language.types.reduce(0) { $0 + $1.values.count }
            synonyms = language.types.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.name.synonyms.count } }
            dialogIntents = model.dialog?.intents.count ?? 0
            prompts = model.prompts.count
        }
    }

    /// A few aligned lines describing the imported model: where it came from, its locale and
    /// why, and what it holds.
    public static func summary(of result: ImportResult, verbose: Bool = false) -> String {
        let model = result.model
        let source = result.source
        let stats = Statistics(model)
        var rows: [(String, String)] = []
        rows.append(("skill", source.skillName))
        if let file = source.file { rows.append(("file", file)) }
        for other in source.otherFiles { rows.append(("also read", other)) }
        rows.append(("format", source.format.description))
        let origin: String
        switch source.localeOrigin {
        case .given: origin = "from --locale"
        case .fileName(let name): origin = "from the file name \(name)"
        case .assumed: origin = "assumed: no --locale and none in the file name"
        }
        rows.append(("locale", "\(source.locale) (\(origin))"))
        if !model.languageModel.invocationName.isEmpty {
            rows.append(("invocation", model.languageModel.invocationName))
        }
        rows.append(("intents", "\(stats.intents) (\(stats.customIntents) custom, \(stats.builtInIntents) built-in)"))
        var samples = "\(stats.samples)"
        if stats.slotSamples > 0 { samples += ", \(stats.slotSamples) slot samples" }
        if stats.builtInDefaults > 0 {
            samples += " (+ \(stats.builtInDefaults) default samples for built-in intents, "
                + "\(BuiltInIntents.catalogLocale(for: source.locale)) catalog)"
        }
        rows.append(("samples", samples))
        rows.append(("slots", "\(stats.slots)"))
        rows.append(("slot types", "\(stats.customTypes) custom, \(stats.builtInTypesUsed) built-in used"))
        rows.append(("values", "\(stats.values) (\(stats.synonyms) synonyms)"))
        var dialog = "\(stats.dialogIntents) intent\(stats.dialogIntents == 1 ? "" : "s")"
        if let strategy = model.dialog?.delegationStrategy { dialog += ", delegation \(strategy)" }
        rows.append(("dialog", dialog))
        rows.append(("prompts", "\(stats.prompts)"))
        if let level = model.languageModel.modelConfiguration?.fallbackIntentSensitivity?.level {
            rows.append(("fallback", "sensitivity \(level.rawValue)"))
        }
        let width = rows.map(\.0.count).max() ?? 0
        var lines = rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 }
        if verbose {
            lines.append("")
            let effective = BuiltInIntents.effectiveSamples(in: model)
            let nameWidth = min(40, model.languageModel.intents.map(\.name.count).max() ?? 0)
            for intent in model.languageModel.intents {
                var line = "  " + intent.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
                line += "  \(intent.samples.count) samples"
                if let added = effective.defaultsAdded[intent.name] { line += " + \(added.count) defaults" }
                if !intent.slots.isEmpty {
                    line += ", slots: " + intent.slots.map { "\($0.name) (\($0.type))" }.joined(separator: ", ")
                }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `valid: 0 errors, 2 warnings, 1 note` — the last line of a check.
    public static func verdict(of result: ImportResult, strict: Bool) -> String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        let counts = [count(result.errors.count, "error"), count(result.warnings.count, "warning"),
                      count(result.notes.count, "note")].joined(separator: ", ")
        if passes(result, strict: strict) { return "valid: \(counts)" }
        if result.errors.isEmpty { return "invalid with --strict (warnings count as errors): \(counts)" }
        return "invalid: \(counts)"
    }
}
