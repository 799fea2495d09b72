/// Checks an interaction model the way Alexa's model build does, and reports what it finds.
///
/// The guiding rule: whatever Alexa's build accepted in a real skill must import, so only what
/// makes a model meaningless is an error (a sample naming a slot the intent lacks, unbalanced
/// braces, two intents with one name, an undeclared slot type, dialog references to nothing);
/// untidiness Alexa tolerates is a warning. Each finding names the element by file, JSON path
/// and line, with the offending text and how to fix it.
public struct Validator {
    /// What the validator needs to know besides the model.
    public struct Context: Sendable {
        /// Where elements came from; the default gives canonical paths and no lines.
        public var sourceMap: SourceMap
        /// The layout the model was read from; legacy layouts declare no slot types.
        public var format: ModelFormat
        /// Custom slot types known to be open (legacy types whose value list was not given):
        /// no "empty slot type" warning for them.
        public var openSlotTypes: Set<String>
        public init(sourceMap: SourceMap = SourceMap(), format: ModelFormat = .interactionModel,
                    openSlotTypes: Set<String> = []) {
            self.sourceMap = sourceMap
            self.format = format
            self.openSlotTypes = openSlotTypes
        }
    }

    /// The longest sample, slot value or synonym accepted, in Unicode scalars (2,000, the
    /// longest utterance the engine reads): nobody says more in one request, and a longer text
    /// could never be matched. Longer ones are errors, and are not checked further.
    public static let maximumTextLength = 2_000

    /// Every finding for `model`, in file order.
    public static func validate(_ model: InteractionModel, context: Context = Context()) -> [Finding] {
        var validator = Validator(model: model, context: context)
        validator.checkIntents()
        validator.checkSamples()
        validator.checkTypes()
        validator.checkDialog()
        validator.checkPrompts()
        validator.checkBuiltInDefaults()
        var seen: Set<Finding> = []
        let unique = validator.findings.filter { seen.insert($0).inserted }
        return sortedByLocation(unique)
    }

    /// Findings ordered by file and position, those without a position first; stable otherwise.
    public static func sortedByLocation(_ findings: [Finding]) -> [Finding] {
        findings.enumerated().sorted { a, b in
            let fa = a.element.file ?? "", fb = b.element.file ?? ""
            if fa != fb { return fa < fb }
            let la = a.element.location, lb = b.element.location
            switch (la, lb) {
            case (nil, nil): return a.offset < b.offset
            case (nil, _): return true
            case (_, nil): return false
            case let (x?, y?):
                if x.line != y.line { return x.line < y.line }
                if x.column != y.column { return x.column < y.column }
                return a.offset < b.offset
            }
        }.map(\.element)
    }

    let model: InteractionModel
    let context: Context
    var findings: [Finding] = []
    /// Intent name → index of its first declaration.
    var intentIndex: [String: Int] = [:]
    /// Declared custom type names.
    var typeNames: Set<String> = []
    /// Prompt id → index of its first declaration.
    var promptIndex: [String: Int] = [:]

    init(model: InteractionModel, context: Context) {
        self.model = model
        self.context = context
        for (i, intent) in model.languageModel.intents.enumerated() where intentIndex[intent.name] == nil {
            intentIndex[intent.name] = i
        }
        typeNames = Set(model.languageModel.types.map(\.name))
        for (p, prompt) in model.prompts.enumerated() where promptIndex[prompt.id] == nil {
            promptIndex[prompt.id] = p
        }
    }

    mutating func report(_ severity: Finding.Severity, _ rule: Finding.Rule, _ path: ModelPath,
                         text: String? = nil, _ message: String) {
        let where_ = context.sourceMap.resolve(path)
        findings.append(Finding(severity, rule, message, text: text, file: where_.file, path: where_.path,
                                location: where_.location))
    }

    // MARK: Intents and slots

    mutating func checkIntents() {
        let intents = model.languageModel.intents
        if intents.isEmpty {
            report(.error, .noIntents, .languageModel,
                   "the language model has no intents (add at least one intent with sample utterances)")
            return
        }
        for (i, intent) in intents.enumerated() {
            if let first = intentIndex[intent.name], first != i, !intent.name.isEmpty {
                report(.error, .duplicateIntent, .field(.intent(i), "name"), text: intent.name,
                       "intent \(intent.name) is declared twice (first as intents[\(first)]); rename one or merge their samples and slots")
            }
            checkIntentName(intent.name, i)
            if !BuiltInSlotTypes.isBuiltInName(intent.name) && intent.samples.isEmpty && !intent.name.isEmpty
                && !intent.slots.contains(where: { !$0.samples.isEmpty }) {
                report(.warning, .intentWithoutSamples, .intent(i), text: intent.name,
                       "custom intent \(intent.name) has no sample utterances, so nothing can reach it (add samples)")
            }
            var slotSeen: [String: Int] = [:]
            for (s, slot) in intent.slots.enumerated() {
                if let first = slotSeen[slot.name] {
                    report(.error, .duplicateSlot, .field(.slot(intent: i, slot: s), "name"), text: slot.name,
                           "intent \(intent.name) declares slot \(slot.name) twice (first as slots[\(first)]); rename or remove one")
                } else {
                    slotSeen[slot.name] = s
                }
                checkSlotName(slot.name, intent: i, slot: s)
                checkSlotType(slot, intent: i, slot: s)
            }
        }
    }

    mutating func checkIntentName(_ name: String, _ i: Int) {
        guard !name.isEmpty else { return }
        if BuiltInSlotTypes.isBuiltInName(name) {
            if !BuiltInIntents.isKnown(name) {
                let hint = BuiltInIntents.names.first { $0.lowercased() == name.lowercased() }
                    .map { " (did you mean \($0)?)" } ?? ""
                report(.warning, .unknownBuiltInIntent, .field(.intent(i), "name"), text: name,
                       "\(name) is not a standard built-in intent this importer knows\(hint); it is kept as a "
                       + "custom intent and gets no default samples")
            }
            return
        }
        let allowed = name.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic)) || $0 == "_" }
        if !allowed {
            report(.warning, .nameAlexaWouldReject, .field(.intent(i), "name"), text: name,
                   "Alexa accepts only letters and underscores in custom intent names; kept as written")
        }
    }

    mutating func checkSlotName(_ name: String, intent i: Int, slot s: Int) {
        guard !name.isEmpty else { return }
        if BuiltInSlotTypes.isBuiltInName(name) {
            report(.warning, .nameAlexaWouldReject, .field(.slot(intent: i, slot: s), "name"), text: name,
                   "a slot named like a built-in type; Alexa rejects such names today (rename it, e.g. to "
                   + "\(Self.suggestedSlotName(name))); kept as written")
            return
        }
        let allowed = name.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_"
        }
        if !allowed {
            report(.warning, .nameAlexaWouldReject, .field(.slot(intent: i, slot: s), "name"), text: name,
                   "Alexa accepts only letters, digits and underscores in slot names; kept as written")
        }
    }

    static func suggestedSlotName(_ name: String) -> String {
        let base = name.split(separator: ".").last.map(String.init) ?? name
        return base.lowercased().replacingOccurrences(of: "_", with: "")
    }

    mutating func checkSlotType(_ slot: Slot, intent i: Int, slot s: Int) {
        let type = slot.type
        guard !type.isEmpty else { return }
        let path = ModelPath.field(.slot(intent: i, slot: s), "type")
        if typeNames.contains(type) { return }
        if BuiltInSlotTypes.isBuiltInName(type) {
            if let canonical = BuiltInSlotTypes.canonicalName(for: type) {
                if canonical != type {
                    report(.warning, .builtInTypeCase, path, text: type,
                           "built-in type spelled in the wrong case; the correct name is \(canonical) (read as that)")
                }
                if let info = BuiltInSlotTypes.catalog[canonical], let replacement = info.replacement {
                    report(.note, .deprecatedBuiltInType, path, text: type,
                           "\(canonical) is deprecated; Alexa recommends \(replacement) (it still works here)")
                }
            } else {
                let hint = Self.closest(to: type, in: BuiltInSlotTypes.allNames).map { " (did you mean \($0)?)" } ?? ""
                report(.warning, .unknownBuiltInType, path, text: type,
                       "\(type) is not a built-in slot type this importer knows\(hint); it is treated as an open list")
            }
            return
        }
        if context.format == .legacyIntentSchema { return }
        let declared = model.languageModel.types.map(\.name)
        let hint = Self.closest(to: type, in: declared).map { " Did you mean \($0)?" } ?? ""
        let list = declared.isEmpty ? "none" : declared.prefix(12).joined(separator: ", ") + (declared.count > 12 ? ", …" : "")
        report(.error, .undeclaredSlotType, path, text: type,
               "slot \(slot.name) has type \(type), which is neither declared in types nor an AMAZON.* type "
               + "(declared types: \(list)).\(hint) Declare the type with its values, or use a built-in type.")
    }

    // MARK: Samples

    mutating func checkSamples() {
        // Conflict key → (intent, sample) of its first occurrence.
        var firstOwner: [String: (Int, Int)] = [:]
        var reportedConflicts: Set<String> = []
        for (i, intent) in model.languageModel.intents.enumerated() {
            var seen: [String: Int] = [:]
            let slotTypes = Dictionary(intent.slots.map { ($0.name, $0.type) }, uniquingKeysWith: { a, _ in a })
            for (k, sample) in intent.samples.enumerated() {
                let path = ModelPath.sample(intent: i, sample: k)
                guard let template = checkSample(sample, path: path, intent: intent) else { continue }
                let key = BuiltInIntents.normalize(template.canonicalText)
                if let first = seen[key] {
                    report(.warning, .repeatedSample, path, text: sample,
                           "repeated in intent \(intent.name) (first as samples[\(first)]); kept once")
                    continue
                }
                seen[key] = k
                let conflictKey = Self.conflictKey(template, slotTypes: slotTypes)
                if let (j, m) = firstOwner[conflictKey], j != i {
                    let pairKey = "\(j)|\(i)|\(conflictKey)"
                    if !reportedConflicts.contains(pairKey) {
                        reportedConflicts.insert(pairKey)
                        let other = model.languageModel.intents[j].name
                        report(.warning, .sampleConflict, path, text: sample,
                               "conflict in \(intent.name): \(other) has the same sample (intents[\(j)].samples[\(m)]), so "
                               + "the utterance cannot tell them apart; keep it in one intent")
                    }
                } else if firstOwner[conflictKey] == nil {
                    firstOwner[conflictKey] = (i, k)
                }
            }
            for (s, slot) in intent.slots.enumerated() {
                var slotSeen: Set<String> = []
                for (k, sample) in slot.samples.enumerated() {
                    let path = ModelPath.slotSample(intent: i, slot: s, sample: k)
                    guard let template = checkSample(sample, path: path, intent: intent) else { continue }
                    if !slotSeen.insert(BuiltInIntents.normalize(template.canonicalText)).inserted {
                        report(.warning, .repeatedSample, path, text: sample,
                               "repeated among the samples of slot \(slot.name); kept once")
                    }
                }
            }
        }
    }

    /// Two samples conflict when they read the same with each slot replaced by its type.
    static func conflictKey(_ template: SampleTemplate, slotTypes: [String: String]) -> String {
        let text = template.parts.map { part -> String in
            switch part {
            case .text(let t): return t
            case .slot(let name, _): return "{\(slotTypes[name].map { BuiltInSlotTypes.canonicalName(for: $0) ?? $0 } ?? name)}"
            }
        }.joined()
        return BuiltInIntents.normalize(text)
    }

    /// Checks one sample; returns its template when it can be read.
    mutating func checkSample(_ sample: String, path: ModelPath, intent: Intent) -> SampleTemplate? {
        guard checkLength(sample, path, "sample") else { return nil }
        let tidy = sample.collapsingSpaces
        if tidy.isEmpty {
            report(.warning, .emptyText, path, text: sample, "empty sample; dropped")
            return nil
        }
        if tidy != sample {
            let what = sample.trimmingSpaces != sample ? "leading or trailing spaces" : "repeated spaces"
            report(.warning, .untrimmedText, path, text: sample, "sample has \(what); trimmed to \(Finding.quoted(tidy))")
        }
        let template: SampleTemplate
        do {
            template = try SampleTemplate(parsing: tidy)
        } catch {
            report(.error, .unbalancedBraces, path, text: sample, error.message)
            return nil
        }
        if template.hasLegacyLiterals {
            report(.warning, .legacySampleSyntax, path, text: sample,
                   "legacy {example|Slot} syntax; read as \(Finding.quoted(template.canonicalText))")
        } else if template.hasPaddedSlotName {
            report(.warning, .untrimmedText, path, text: sample,
                   "spaces inside slot braces; read as \(Finding.quoted(template.canonicalText))")
        }
        let declared = intent.slots.map(\.name)
        for name in template.slotNames where !declared.contains(name) {
            let list = declared.isEmpty ? "none" : declared.joined(separator: ", ")
            let hint = Self.closest(to: name, in: declared).map { " Did you mean {\($0)}?" } ?? ""
            report(.error, .undeclaredSlotInSample, path, text: sample,
                   "slot {\(name)} is not declared in intent \(intent.name) (declared: \(list)).\(hint)")
        }
        if template.literalText.unicodeScalars.contains(where: { $0.properties.numericType == .decimal }) {
            report(.warning, .digitsInSample, path, text: sample,
                   "digits in a sample; Alexa's console wants numbers spelled out (\"two\", not \"2\"); accepted as written")
        }
        return template
    }

    /// Reports text longer than ``maximumTextLength``; returns whether it is short enough.
    mutating func checkLength(_ text: String, _ path: ModelPath, _ what: String) -> Bool {
        let length = text.unicodeScalars.count
        guard length > Self.maximumTextLength else { return true }
        report(.error, .textTooLong, path, text: text,
               "\(what) of \(length) characters, more than the \(Self.maximumTextLength) a spoken request can have "
               + "(shorten it, or check that it is not several \(what)s run together)")
        return false
    }

    // MARK: Built-in defaults

    mutating func checkBuiltInDefaults() {
        let effective = BuiltInIntents.effectiveSamples(in: model)
        for drop in effective.dropped {
            report(.note, .builtInDefaultDropped, .sample(intent: drop.intentIndex, sample: drop.sampleIndex),
                   text: drop.sample,
                   "the default sample \(Finding.quoted(drop.sample)) of \(drop.intent) is not used: intent "
                   + "\(drop.collidesWith) has this sample, and the model's own samples win")
        }
        for shadow in effective.shadowed {
            report(.note, .builtInDefaultsShadowed, .intent(shadow.intentIndex), text: shadow.intent,
                   "\(shadow.intent) keeps none of its \(shadow.defaults) default samples: intent \(shadow.shadowedBy) says "
                   + "\(shadow.collisions) of them, so requests like them go to \(shadow.shadowedBy) (give "
                   + "\(shadow.intent) samples of its own to keep it apart)")
        }
    }

    // MARK: Helpers

    /// The candidate closest to `name` (same letters in another case, or at most two edits
    /// away for names of five letters or more), for "did you mean" hints.
    static func closest(to name: String, in candidates: [String]) -> String? {
        let lower = name.lowercased()
        if let sameCase = candidates.first(where: { $0.lowercased() == lower && $0 != name }) { return sameCase }
        guard name.count >= 3 else { return nil }
        let limit = name.count >= 5 ? 2 : 1
        var best: (String, Int)?
        for candidate in candidates where abs(candidate.count - name.count) <= limit && candidate != name {
            let d = editDistance(lower, candidate.lowercased(), limit: limit)
            if d <= limit && (best == nil || d < best!.1) { best = (candidate, d) }
        }
        return best?.0
    }

    /// Levenshtein distance, giving up (returning `limit + 1`) once it must exceed `limit`.
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var previous = Array(0...y.count)
        var current = Array(repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            var rowMin = current[0]
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMin = min(rowMin, current[j])
            }
            if rowMin > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[y.count]
    }
}
