/// Finds the typed spans the tagger uses as features: gazetteer phrases of custom types (and,
/// once wired, the built-in parsers' numbers, dates and times).
public struct SpanFinder: Sendable {
    public let schema: SkillSchema
    /// Stable key per type index.
    public let typeKeys: [UInt64]

    public init(schema: SkillSchema) {
        self.schema = schema
        self.typeKeys = schema.types.map { StableHash.hash($0.name) }
    }

    /// Gazetteer matches as `(match, spans)`; a phrase listed under several types gives a span
    /// per type.
    public func gazetteerMatches(_ tokens: [Token]) -> [PhraseTrie.Match] {
        schema.gazetteer.allMatches(tokens.map(PhraseTrie.key))
    }

    /// Typed spans for `tokens`.
    public func spans(_ tokens: [Token]) -> [TypedSpan] {
        spans(from: gazetteerMatches(tokens))
    }

    public func spans(from matches: [PhraseTrie.Match]) -> [TypedSpan] {
        var out: [TypedSpan] = []
        for m in matches {
            var seen: Set<Int32> = []
            for e in m.entries where seen.insert(e.type).inserted {
                out.append(TypedSpan(start: m.start, end: m.end, typeKey: typeKeys[Int(e.type)]))
            }
        }
        return out
    }

    /// Training spans with dropout: for a share `rate` of examples the spans that overlap a
    /// gold slot are removed, so the tagger also learns to find values no list contains.
    public func trainingSpans(_ examples: [TrainingExample], rate: Float, seed: UInt64) -> [[TypedSpan]] {
        var rng = SeededGenerator(seed: seed)
        return examples.map { ex in
            let all = spans(ex.tokens)
            guard rng.unit() < rate else { return all }
            return all.filter { s in !(s.start..<s.end).contains { ex.labels[$0] != 0 } }
        }
    }
}
