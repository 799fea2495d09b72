import BuiltInValues
import Foundation

/// Finds the typed spans the tagger uses as features: gazetteer phrases of custom types,
/// single tokens that occur inside listed values (with their place in the value), and, once
/// wired, the built-in parsers' numbers, dates and times.
///
/// Token membership is what carries unseen values: a first name that starts many listed
/// artists still hints "artist" in a name no list holds.
package struct SpanFinder: Sendable {
    public let schema: SkillSchema
    /// Stable key per type index.
    public let typeKeys: [UInt64]
    /// Token key → keys of (type, place in value) it occurs with.
    private let tokenMembership: [UInt64: [UInt64]]
    /// Whole listed phrases.
    private let gazetteer: PhraseTrie
    /// Reads numbers, dates, times and durations.
    public let parser: BuiltInParser

    /// A finder over all listed values.
    public init(schema: SkillSchema, tokenMembership: Bool = false) {
        if tokenMembership {
            self.init(schema: schema, tokenMembership: true, keeping: { _, _ in true })
        } else {
            // The schema's gazetteer already holds every listed value: share it.
            self.init(schema: schema, typeKeys: schema.types.map { StableHash.hash($0.name) }, membership: [:],
                      gazetteer: schema.gazetteer)
        }
    }

    private init(schema: SkillSchema, typeKeys: [UInt64], membership: [UInt64: [UInt64]], gazetteer: PhraseTrie) {
        self.schema = schema
        self.typeKeys = typeKeys
        self.tokenMembership = membership
        self.gazetteer = gazetteer
        self.parser = BuiltInParser(locale: schema.tokenizer.localeIdentifier)
    }

    /// A finder over the values `keeping(type, value)` accepts: training uses finders over part
    /// of each list, so that values of the other part look as unseen values will at run time.
    public init(schema: SkillSchema, tokenMembership useMembership: Bool, keeping: (Int, Int) -> Bool) {
        let typeKeys = schema.types.map { StableHash.hash($0.name) }
        var membership: [UInt64: Set<UInt64>] = [:]
        var trie = PhraseTrie()
        for (ti, t) in schema.types.enumerated() {
            for form in t.surfaceForms where keeping(ti, form.value) {
                let keys = schema.tokenizer.tokenize(form.text).map(PhraseTrie.key)
                trie.insert(keys, entry: .init(type: Int32(ti), value: Int32(form.value)))
                for (i, k) in keys.enumerated() where useMembership {
                    let place: UInt64 = keys.count == 1 ? 4 : (i == 0 ? 1 : (i == keys.count - 1 ? 3 : 2))
                    membership[k, default: []].insert(StableHash.combine(typeKeys[ti], place))
                }
            }
        }
        self.init(schema: schema, typeKeys: typeKeys, membership: membership.mapValues { Array($0).sorted() }, gazetteer: trie)
    }

    /// Gazetteer matches of whole listed phrases.
    public func gazetteerMatches(_ tokens: [Token]) -> [PhraseTrie.Match] {
        gazetteer.allMatches(tokens.map(PhraseTrie.key))
    }

    /// Typed spans for `tokens` (built-in values read relative to `context`).
    public func spans(_ tokens: [Token], context: BuiltInContext = BuiltInContext(referenceDate: Date(timeIntervalSince1970: 1_763_683_200))) -> [TypedSpan] {
        let keys = tokens.map(PhraseTrie.key)
        return spans(from: gazetteer.allMatches(keys), keys: keys, builtIns: builtInSpans(tokens, context: context))
    }

    /// Numbers, dates, times and durations the model's built-in slot types can take.
    public func builtInSpans(_ tokens: [Token], context: BuiltInContext) -> [BuiltInSpan] {
        guard !schema.builtInKinds.isEmpty else { return [] }
        return parser.findSpans(in: tokens[...], kinds: schema.builtInKinds, context: context)
    }

    /// Typed spans from precomputed phrase matches, token keys and built-in finds.
    public func spans(from matches: [PhraseTrie.Match], keys: [UInt64], builtIns: [BuiltInSpan]) -> [TypedSpan] {
        var out: [TypedSpan] = []
        out.reserveCapacity(matches.count + builtIns.count)
        for b in builtIns {
            guard let kind = b.kind, let types = schema.typesOfKind[kind] else { continue }
            for t in types { out.append(TypedSpan(start: b.tokens.lowerBound, end: b.tokens.upperBound, typeKey: typeKeys[Int(t)])) }
        }
        for m in matches {
            // A match has a few entries: the types before each are searched, not hashed into a set.
            for k in m.entries.indices where !m.entries[..<k].contains(where: { $0.type == m.entries[k].type }) {
                out.append(TypedSpan(start: m.start, end: m.end, typeKey: typeKeys[Int(m.entries[k].type)]))
            }
        }
        for (i, k) in keys.enumerated() {
            guard let list = tokenMembership[k] else { continue }
            for key in list { out.append(TypedSpan(start: i, end: i + 1, typeKey: key)) }
        }
        return out
    }

    /// Training spans: for a share `rate` of examples the features come from a finder that
    /// knows only half of each value list (one of two folds, drawn at random), so the tagger
    /// learns what an unlisted value looks like — partial token overlaps included — and also
    /// learns to trust a full match.
    public func trainingSpans(_ examples: [TrainingExample], rate: Float, seed: UInt64) -> [[TypedSpan]] {
        var rng = SeededGenerator(seed: seed)
        let folds = (0..<2).map { fold in
            SpanFinder(schema: schema, tokenMembership: !tokenMembership.isEmpty, keeping: { t, v in Int(StableHash.combine(UInt64(t), UInt64(v)) % 2) == fold })
        }
        return examples.map { ex in
            guard rng.unit() < rate else { return spans(ex.tokens) }
            return folds[rng.index(2)].spans(ex.tokens)
        }
    }
}
