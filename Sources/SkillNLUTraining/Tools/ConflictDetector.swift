import BuiltInValues
import InteractionModel

/// Finds utterance conflicts without training, as the Alexa developer console does: samples
/// that, filled with listed slot values, spell a sample of another intent, and samples that
/// put slots of two types sharing a value in the same carrier phrase.
///
/// Each sample is filled a few ways — every slot with its type's first value, then one slot at
/// a time with each value that could cause trouble: a value also listed in another type, or
/// words that appear literally in some sample. A built-in slot (or a custom type without
/// values) becomes a stand-in that only a slot of the same type accepts. Every filling goes
/// through the engine's exact sample matcher; a match in another sample is a conflict.
///
/// Samples that read the same once each slot is replaced by its type are not reported here:
/// the importer's ``Validator`` already reports them (`sampleConflict`). Built-in values are
/// not parsed, so a literal "five" never conflicts with an `AMAZON.NUMBER` slot here (the
/// trained model's check, ``NLUModel/statisticalConflicts(from:)``, sees such cases).
public struct ConflictDetector: Sendable {
    let model: InteractionModel
    let schema: SkillSchema
    let matcher: ExactMatcher

    /// Fillings tried per sample, at most.
    public static let fillingsPerSample = 48
    /// Values tried per slot beyond the first, at most.
    static let valuesPerSlot = 24

    public init(model: InteractionModel) {
        self.model = model
        self.schema = SkillSchema(model: model, tokenizer: Tokenizer(locale: model.locale))
        self.matcher = ExactMatcher(schema: schema)
    }

    /// A value to put in a slot: its token keys, its words, and the span types it stands for
    /// (nil for a listed value, whose types the gazetteer knows).
    struct Filler {
        var keys: [UInt64]
        var text: String
        var standIn: Int32?
    }

    /// The conflicts of the model, each pair once, in model order; at most `limit`.
    public func conflicts(limit: Int = 1_000) -> [SampleConflict] {
        let interesting = troublesomeValues()
        let defaults = defaultFillers()
        var reported: Set<[Int]> = []
        var out: [SampleConflict] = []
        let validatorKeys = schema.intents.map { intent in intent.samples.map { Self.typeKey($0, intent: intent, schema: schema) } }
        for (i, intent) in schema.intents.enumerated() {
            for (s, sample) in intent.samples.enumerated() {
                for filling in fillings(sample, intent: intent, defaults: defaults, interesting: interesting) {
                    for m in matcher.matches(keys: filling.keys, valueSpans: filling.spans, limit: 16) {
                        if m.intent == i && m.sample == s { continue }
                        let pair = [min(i, m.intent), i < m.intent || (i == m.intent && s < m.sample) ? s : m.sample,
                                    max(i, m.intent), i < m.intent || (i == m.intent && s < m.sample) ? m.sample : s]
                        if reported.contains(pair) { continue }
                        // Where both samples put a slot over the same words, with different types.
                        var shared: (value: String, types: [String])? = nil
                        for own in filling.slots {
                            guard let theirs = m.slots.first(where: { $0.start == own.start && $0.end == own.end }) else { continue }
                            let theirType = schema.intents[m.intent].slots[theirs.slot].type
                            if theirType != own.type {
                                shared = (own.text, [schema.types[own.type].name, schema.types[theirType].name])
                                break
                            }
                        }
                        if m.intent == i && shared == nil { continue }
                        if m.intent != i && validatorKeys[i][s] == validatorKeys[m.intent][m.sample] { continue }
                        reported.insert(pair)
                        out.append(SampleConflict(
                            kind: shared == nil ? .sameUtterance : .sharedSlotValue,
                            place: place(i, s), other: place(m.intent, m.sample), utterance: filling.text(),
                            sharedValue: shared?.value, slotTypes: shared?.types ?? []))
                        if out.count >= limit { return out }
                    }
                }
            }
        }
        return out
    }

    /// A sample of the model by schema indices, with the model's own indices.
    func place(_ intent: Int, _ sample: Int) -> SampleConflict.Place {
        Self.place(schema: schema, model: model, intent, sample)
    }

    static func place(schema: SkillSchema, model: InteractionModel, _ intent: Int, _ sample: Int) -> SampleConflict.Place {
        let info = schema.intents[intent]
        let modelIndex = model.languageModel.intents.firstIndex { $0.name == info.name } ?? intent
        let own = model.languageModel.intents[modelIndex].samples.count
        return SampleConflict.Place(intent: info.name, intentIndex: modelIndex, sampleIndex: sample < own ? sample : nil,
                                    sample: info.samples[sample].canonicalText)
    }

    /// The sample with every slot replaced by its type's name, compared the way the validator
    /// compares samples (case, punctuation and spacing ignored).
    static func typeKey(_ sample: SampleTemplate, intent: SkillSchema.IntentInfo, schema: SkillSchema) -> String {
        let text = sample.parts.map { part -> String in
            switch part {
            case .text(let t): return t
            case .slot(let name, _):
                guard let slot = intent.slot(named: name) else { return "{\(name)}" }
                let type = schema.types[slot.type].name
                return "{\(BuiltInSlotTypes.canonicalName(for: type) ?? type)}"
            }
        }.joined()
        return BuiltInIntents.normalize(text)
    }

    /// For each type, the listed values worth trying beyond the first: those also listed in
    /// another type, and those that appear word for word in some sample.
    func troublesomeValues() -> [Int: [Filler]] {
        var out: [Int: [Filler]] = [:]
        var seen: [Int: Set<[UInt64]>] = [:]
        func add(_ type: Int, _ keys: [UInt64], _ text: String) {
            guard (out[type]?.count ?? 0) < Self.valuesPerSlot, seen[type, default: []].insert(keys).inserted else { return }
            out[type, default: []].append(Filler(keys: keys, text: text, standIn: nil))
        }
        for (t, type) in schema.types.enumerated() where !type.surfaceForms.isEmpty {
            for form in type.surfaceForms {
                let keys = schema.tokenizer.tokenize(form.text).map(PhraseTrie.key)
                if schema.gazetteer.lookup(keys)?.contains(where: { Int($0.type) != t }) == true { add(t, keys, form.text) }
            }
        }
        let gap = StableHash.hash("\u{0}slot")
        for intent in schema.intents {
            for sample in intent.samples {
                var keys: [UInt64] = []
                var words: [String] = []
                for part in sample.parts {
                    switch part {
                    case .text(let t):
                        for token in schema.tokenizer.tokenize(t) { keys.append(PhraseTrie.key(token)); words.append(token.text) }
                    case .slot:
                        keys.append(gap)
                        words.append("")
                    }
                }
                for m in schema.gazetteer.allMatches(keys) {
                    for entry in m.entries {
                        add(Int(entry.type), Array(keys[m.start..<m.end]), words[m.start..<m.end].joined(separator: " "))
                    }
                }
            }
        }
        return out
    }

    /// One way to say a sample: token keys, the spans each position starts with their types,
    /// and the filled slots.
    struct Filling {
        var keys: [UInt64]
        var spans: [[(end: Int, types: [Int32])]]
        var slots: [(start: Int, end: Int, type: Int, text: String)]
        var words: [String]

        /// The words, as an utterance (made only when a conflict is reported).
        func text() -> String { words.filter { !$0.isEmpty }.joined(separator: " ") }
    }

    /// The first listed value of each type that has values, tokenized once.
    func defaultFillers() -> [Int: Filler] {
        var out: [Int: Filler] = [:]
        for (t, type) in schema.types.enumerated() {
            guard let first = type.surfaceForms.first else { continue }
            out[t] = Filler(keys: schema.tokenizer.tokenize(first.text).map(PhraseTrie.key), text: first.text, standIn: nil)
        }
        return out
    }

    /// A part of a sample ready to fill: literal tokens, or a slot with its fillers (the first
    /// is the default).
    enum Piece {
        case words(keys: [UInt64], words: [String])
        case slot(type: Int, fillers: [Filler])
    }

    func fillings(_ sample: SampleTemplate, intent: SkillSchema.IntentInfo, defaults: [Int: Filler],
                  interesting: [Int: [Filler]]) -> [Filling] {
        var pieces: [Piece] = []
        var slotPieces: [Int] = []
        for part in sample.parts {
            switch part {
            case .text(let t):
                let tokens = schema.tokenizer.tokenize(t)
                pieces.append(.words(keys: tokens.map(PhraseTrie.key), words: tokens.map(\.text)))
            case .slot(let name, _):
                guard let slot = intent.slot(named: name) else { return [] }
                var list: [Filler]
                if let first = defaults[slot.type] {
                    list = [first]
                    for f in interesting[slot.type] ?? [] where f.keys != first.keys { list.append(f) }
                } else {
                    list = [Filler(keys: [StableHash.hash("\u{0}stand-in \(slot.type)")], text: "{\(name)}",
                                   standIn: Int32(slot.type))]
                }
                slotPieces.append(pieces.count)
                pieces.append(.slot(type: slot.type, fillers: list))
            }
        }
        // Every slot with its default, then one slot at a time with each other value.
        var plans: [[Int]] = [slotPieces.map { _ in 0 }]
        for (k, p) in slotPieces.enumerated() {
            guard case .slot(_, let list) = pieces[p], list.count > 1 else { continue }
            for v in 1..<list.count where plans.count < Self.fillingsPerSample {
                var plan = plans[0]
                plan[k] = v
                plans.append(plan)
            }
        }
        return plans.compactMap { plan in
            var keys: [UInt64] = []
            var words: [String] = []
            var slots: [(start: Int, end: Int, type: Int, text: String)] = []
            var standIns: [(Int, Int32)] = []
            var k = 0
            for piece in pieces {
                switch piece {
                case .words(let pieceKeys, let pieceWords):
                    keys += pieceKeys
                    words += pieceWords
                case .slot(let type, let list):
                    let filler = list[plan[k]]
                    k += 1
                    let start = keys.count
                    keys += filler.keys
                    words.append(filler.text)
                    if let standIn = filler.standIn { standIns.append((start, standIn)) }
                    slots.append((start, keys.count, type, filler.text))
                }
            }
            guard !keys.isEmpty else { return nil }
            var spans = [[(end: Int, types: [Int32])]](repeating: [], count: keys.count)
            for m in schema.gazetteer.allMatches(keys) { spans[m.start].append((m.end, m.entries.map(\.type))) }
            for (start, type) in standIns { spans[start].append((start + 1, [type])) }
            return Filling(keys: keys, spans: spans, slots: slots, words: words)
        }
    }
}
