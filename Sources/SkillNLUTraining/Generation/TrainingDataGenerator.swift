import BuiltInValues
import InteractionModel

/// Generates training utterances from a model's samples by filling their slots.
///
/// Custom slots take the type's values and synonyms; built-in slots take values the built-in
/// parsers' generators say the way people do ("twenty three", "next friday"). Intents are
/// balanced through example weights rather than by repeating data.
public struct TrainingDataGenerator {
    public let schema: SkillSchema
    public var options: GenerationOptions
    /// How the schema's language says a list of values.
    private let valueList: ValueList
    public init(schema: SkillSchema, options: GenerationOptions = .init()) {
        self.schema = schema
        self.options = options
        self.valueList = ValueList.forLocale(schema.tokenizer.localeIdentifier)
    }

    /// Words that stand in for values of a type with no listed values (catalog-backed or open).
    static let openFillers = ["something", "this thing", "the blue one", "anything", "my stuff", "that",
                              "the new one", "the first thing", "whatever", "an item"]

    /// All generated utterances, grouped by intent in model order.
    public func generate() -> [LabeledUtterance] {
        var rng = SeededGenerator(seed: options.seed)
        let fillers = Fillers(generator: self).values
        var out: [LabeledUtterance] = []
        for intent in schema.intents {
            let templates = intent.samples
            guard !templates.isEmpty else { continue }
            let withSlots = templates.filter { !$0.slotNames.isEmpty }
            let plain = templates.count - withSlots.count
            var target = min(options.maximumPerIntent,
                             max(options.minimumPerIntent, plain + withSlots.count * options.fillingsPerSample))
            var seen: Set<String> = []
            // Every template once, then fillings of slotted templates round-robin.
            for t in templates {
                out.append(fill(t, intent: intent, rng: &rng, fillers: fillers))
                seen.insert(out[out.count - 1].text)
                target -= 1
            }
            guard !withSlots.isEmpty else { continue }
            var attempts = 0
            var k = 0
            while target > 0, attempts < target * 4 + 100 {
                attempts += 1
                let u = fill(withSlots[k % withSlots.count], intent: intent, rng: &rng, fillers: fillers)
                k += 1
                if seen.insert(u.text).inserted {
                    out.append(u)
                    target -= 1
                }
            }
        }
        return out
    }

    /// More fillings of the samples that use a slot the intent's utterances mention fewer than
    /// ``GenerationOptions/minimumPerSlot`` times, for the slot tagger only.
    ///
    /// They are kept apart from ``generate()`` because they would skew the intent classifier:
    /// four samples repeated 150 times each are not what an intent sounds like.
    public func slotSupplement(for generated: [LabeledUtterance]) -> [LabeledUtterance] {
        guard options.minimumPerSlot > 0 else { return [] }
        var rng = SeededGenerator(seed: options.seed &+ 41)
        let fillers = Fillers(generator: self)
        let byIntent = Dictionary(grouping: generated, by: \.intent)
        var out: [LabeledUtterance] = []
        for intent in schema.intents {
            let own = byIntent[intent.name] ?? []
            var seen = Set(own.map(\.text))
            var count: [String: Int] = [:]
            for u in own { for name in Set(u.slots.map(\.slot)) { count[name, default: 0] += 1 } }
            for slot in intent.slots {
                var missing = options.minimumPerSlot - count[slot.name, default: 0]
                let using = intent.samples.filter { $0.slotNames.contains(slot.name) }
                guard missing > 0, !using.isEmpty else { continue }
                var attempts = 0
                while missing > 0, attempts < options.minimumPerSlot * 4 {
                    let u = fill(using[attempts % using.count], intent: intent, rng: &rng, fillers: fillers.values)
                    attempts += 1
                    if seen.insert(u.text).inserted {
                        out.append(u)
                        missing -= 1
                    }
                }
            }
        }
        return out
    }

    /// The values slots of each type are filled with, worked out once per type.
    final class Fillers {
        let generator: TrainingDataGenerator
        var cache: [Int: [String]] = [:]

        init(generator: TrainingDataGenerator) { self.generator = generator }

        func values(for type: Int) -> [String] {
            if let f = cache[type] { return f }
            let t = generator.schema.types[type]
            var f = t.surfaceForms.map(\.text)
            if t.builtInKind != nil || (t.isBuiltIn && f.isEmpty) {
                // Parsed built-ins: values said the way people say them ("twenty three", "next friday").
                f = BuiltInValues.samples(for: t.name, locale: generator.schema.tokenizer.localeIdentifier,
                                          count: generator.options.builtInFillers, seed: generator.options.seed &+ UInt64(type))
            }
            if f.isEmpty, t.valueCount > 0, t.isPlaceholderList {
                f = PlaceholderListFillers.values(of: t, locale: generator.schema.tokenizer.localeIdentifier)
            }
            if f.isEmpty { f = TrainingDataGenerator.openFillers }
            cache[type] = f
            return f
        }
    }

    func fill(_ template: SampleTemplate, intent: SkillSchema.IntentInfo,
                      rng: inout SeededGenerator, fillers: (Int) -> [String]) -> LabeledUtterance {
        var text = ""
        var scalarCount = 0
        var spans: [LabeledUtterance.Span] = []
        for part in template.parts {
            switch part {
            case .text(let s):
                text += s
                scalarCount += s.unicodeScalars.count
            case .slot(let name, _):
                guard let slot = intent.slot(named: name) else {
                    // A reference the intent does not declare (the importer reports it): say it literally.
                    text += name
                    scalarCount += name.unicodeScalars.count
                    continue
                }
                let pool = fillers(slot.type)
                // One value, or for a multiple-value slot sometimes a list of them.
                let values: [String]
                var joining = (middle: "", last: "")
                if slot.multipleValues, pool.count > 1, rng.unit() < options.listShare {
                    let joinings = valueList.joinings()
                    joining = joinings[rng.index(joinings.count)]
                    values = Self.distinctDraws(from: pool.count, count: 2 + rng.index(3), rng: &rng).map { pool[$0] }
                } else {
                    values = [pool[rng.index(pool.count)]]
                }
                for (k, value) in values.enumerated() {
                    if k > 0 {
                        let separator = k == values.count - 1 ? joining.last : joining.middle
                        text += separator
                        scalarCount += separator.unicodeScalars.count
                    }
                    let start = scalarCount
                    text += value
                    scalarCount += value.unicodeScalars.count
                    spans.append(.init(slot: name, value: value, start: start, end: scalarCount))
                }
            }
        }
        return LabeledUtterance(text: text, intent: intent.name, slots: spans)
    }

    /// Up to `count` different indices below `n`, in the order drawn.
    static func distinctDraws(from n: Int, count: Int, rng: inout SeededGenerator) -> [Int] {
        var drawn: [Int] = []
        for _ in 0..<(count * 3) where drawn.count < min(count, n) {
            let i = rng.index(n)
            if !drawn.contains(i) { drawn.append(i) }
        }
        return drawn
    }

    /// Tokenizes and labels utterances; weights balance the intents.
    public func examples(from utterances: [LabeledUtterance]) -> [TrainingExample] {
        var counts = [Int](repeating: 0, count: schema.intents.count)
        var parsed: [(LabeledUtterance, Int)] = []
        for u in utterances {
            guard let i = schema.intentIndex(named: u.intent) else { continue }
            counts[i] += 1
            parsed.append((u, i))
        }
        let present = counts.filter { $0 > 0 }
        let mean = present.isEmpty ? 1 : Float(present.reduce(0, +)) / Float(present.count)
        let slotIndex = Dictionary(uniqueKeysWithValues: schema.slotNames.enumerated().map { ($1, $0) })
        return parsed.map { u, i in
            let tokens = schema.tokenizer.tokenize(u.text)
            let spans = u.slots.compactMap { s -> (slot: Int, start: Int, end: Int)? in
                guard let si = slotIndex[s.slot] else { return nil }
                return (si, s.start, s.end)
            }
            // Square root: balance without letting a 20-sample intent weigh 50 times more. The
            // floor of 1 lifts small intents without weighing down large ones: a large intent
            // (one with most of a model's samples) holds most of the slots and their rarer
            // contexts, and at a balanced weight well below 1 the tagger learnt them worse.
            // Without any balance (every weight 1) the bundled
            // PizzaShop's small MenuIntent tagged "today" in "what's on the menu today" as a
            // category.
            let w = max(1, (mean / Float(counts[i])).squareRoot())
            return TrainingExample(tokens: tokens, intent: i, labels: SlotLabels.labels(tokens: tokens, spans: spans),
                                   weight: w, text: u.text)
        }
    }
}
