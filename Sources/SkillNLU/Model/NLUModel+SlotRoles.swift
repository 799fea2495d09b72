import BuiltInValues

/// Role words choose between slots of one type (``SlotRoles``): "from boston", "to paris",
/// "starting in chicago" fill origin and destination whatever the tagger made of them.
extension NLUModel {
    /// Longest value taken after a role phrase the tagger left untagged, in words.
    static let longestRoleValue = 4

    /// `assignments` of intent `intent` with slots of one type chosen by their role phrases:
    /// 1. a span right after a sibling slot's role phrase is that sibling's;
    /// 2. a span with no role phrase before it, whose single-value slot another span holds,
    ///    goes to the one sibling nothing holds ("denver to boston" tagged as two destinations);
    /// 3. a sibling nothing holds takes the words after its role phrase that no span holds, up
    ///    to the next role phrase, span or trailer ("to paris from denver", where the tagger
    ///    saw "paris", a value it never met, only as a word before "from"); a parsed type
    ///    takes the longest value there that parses. Words that are no listed value are taken
    ///    only where the utterance is a run of role phrases and values — the phrase begins
    ///    it or follows a value, and a sibling's phrase or value follows the words — since
    ///    elsewhere the phrase may be no role at all ("i want *to* go from denver").
    func withRoles(_ assignments: [Assignment], intent: Int, tokens: [Token], keys: [UInt64],
                   gazetteer: [PhraseTrie.Match], context: ClassificationContext) -> [Assignment] {
        let roles = slotRoles[intent]
        guard !roles.groups.isEmpty else { return assignments }
        let slots = schema.intents[intent].slots
        var out = assignments.sorted { $0.start < $1.start }
        for k in out.indices {
            guard let group = roles.group(of: out[k].slot), let r = roles.slot(before: out[k].start, keys: keys),
                  r != out[k].slot, group.contains(r) else { continue }
            out[k].slot = r
        }
        for k in out.indices {
            let slot = out[k].slot
            guard let group = roles.group(of: slot), !slots[slot].multipleValues, roles.slot(before: out[k].start, keys: keys) == nil,
                  out.indices.contains(where: { $0 != k && out[$0].slot == slot }) else { continue }
            let free = group.filter { s in !out.contains { $0.slot == s } }
            if free.count == 1 { out[k].slot = free[0] }
        }
        for group in roles.groups {
            for s in group where !out.contains(where: { $0.slot == s }) {
                switch valueAfterRole(of: s, roles: roles, taken: out, intent: intent, tokens: tokens, keys: keys,
                                      gazetteer: gazetteer, context: context) {
                case .untagged(let span): out.append((s, span.lowerBound, span.upperBound, 0.5))
                case .tagged(let k) where group.contains(out[k].slot): out[k].slot = s
                default: break
                }
            }
        }
        return out.sorted { $0.start < $1.start }
    }

    /// What follows a role phrase (step 3 of ``withRoles(_:intent:tokens:keys:context:)``).
    private enum ValueAfterRole {
        /// Words no span holds.
        case untagged(Range<Int>)
        /// The span (an index into the assignments) that the words after the phrase run into,
        /// when no role phrase of its own comes before it: "going to be in denver" says where
        /// to, though "be in" hides the role word from the tagger.
        case tagged(Int)
    }

    /// Step 3 of ``withRoles(_:intent:tokens:keys:context:)``: the first value said after one
    /// of slot `s`'s role phrases that the tagger did not give to `s`.
    private func valueAfterRole(of s: Int, roles: SlotRoles, taken: [Assignment], intent: Int, tokens: [Token],
                                keys: [UInt64], gazetteer: [PhraseTrie.Match], context: ClassificationContext) -> ValueAfterRole? {
        let n = keys.count
        let typeIndex = schema.intents[intent].slots[s].type
        let type = schema.types[typeIndex]
        func isTaken(_ i: Int) -> Bool { taken.contains { $0.start <= i && i < $0.end } }
        func beginsPhrase(_ i: Int) -> Bool {
            (1...SlotRoles.longest).contains { m in
                i + m <= n && (roles.phrases.contains { $0.contains(Array(keys[i..<(i + m)])) }
                               || sampleCarriers.trailers.contains(keys[i..<(i + m)]))
            }
        }
        func isListed(_ r: Range<Int>) -> Bool {
            isListedValue(r, type: typeIndex, tokens: tokens, gazetteer: gazetteer, context: context)
        }
        for start in 1..<max(1, n) where !isTaken(start) {
            guard let phrase = roles.phrase(before: start, keys: keys), phrase.slot == s else { continue }
            var end = start
            while end < n, end - start <= Self.longestRoleValue, !isTaken(end), end == start || !beginsPhrase(end) { end += 1 }
            if end < n, isTaken(end) {
                if let k = taken.firstIndex(where: { $0.start == end }), roles.slot(before: end, keys: keys) == nil { return .tagged(k) }
                continue
            }
            guard end > start, end - start <= Self.longestRoleValue else { continue }
            guard let kind = type.builtInKind else {
                let opensRun = start == phrase.length || isTaken(start - phrase.length - 1)
                let closesRun = (1...SlotRoles.longest).contains { m in
                    end + m <= n && roles.phrases.indices.contains { $0 != s && roles.phrases[$0].contains(Array(keys[end..<(end + m)])) }
                }
                if opensRun && closesRun { return .untagged(start..<end) }
                if let listed = stride(from: end, to: start, by: -1).first(where: { isListed(start..<$0) }) {
                    return .untagged(start..<listed)
                }
                continue
            }
            let parsed = stride(from: end, to: start, by: -1).first {
                finder.parser.parse(kind: kind, tokens: tokens[start..<$0], context: context.builtIn) != nil
            }
            if let parsed { return .untagged(start..<parsed) }
        }
        return nil
    }

    /// While a dialog asks for slot `asked`, a value of its type that the tagger gave to a
    /// sibling slot without a role phrase before it is the answer to the question: "boston",
    /// said when asked "which city are you leaving from?", is the origin.
    func givenToAsked(_ assignments: [Assignment], asked: Int, intent: Int, keys: [UInt64]) -> [Assignment] {
        let roles = slotRoles[intent]
        guard let group = roles.group(of: asked), !assignments.contains(where: { $0.slot == asked }) else { return assignments }
        var out = assignments
        if let k = out.firstIndex(where: { group.contains($0.slot) && roles.slot(before: $0.start, keys: keys) == nil }) {
            out[k].slot = asked
        }
        return out
    }
}
