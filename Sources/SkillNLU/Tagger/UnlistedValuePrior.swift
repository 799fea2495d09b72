import Foundation
import InteractionModel

/// A prior against reading words as a slot's value when no listed value of the slot's type
/// contains them, as strong as the type's list looks closed.
///
/// The tagger learns from utterances filled with listed values, so it never sees how rarely a
/// short list that many samples use meets a word it lacks: a model of flight requests read
/// "summer" as a day name and "california" as a relative date ("next", "following"), because
/// the words around them were right. How often a slot's value is one nobody listed can be
/// read from the model itself. A type with few values and synonyms that many samples use has
/// met most of its values (among n values drawn, the share never seen before is at most the
/// number of distinct ones over n — the Good–Turing bound), while a type with about as many
/// values as samples (titles, names) is open and gets no prior at all.
///
/// Decoding subtracts ``weight`` · uses / (uses + ``halfEvidence``) · ln(uses / forms) once for each run of tokens in a slot's
/// span that no listed form of its type contains: at the begin label on such a token, and at
/// an inside label where such a run starts. So a wholly unlisted value pays about once however
/// long it is, and a listed word followed by a new one ("delta's night") pays for the new part.
/// A strong carrier still wins: "a large flat white" keeps its unlisted drink.
///
/// A word the model never heard — in no sample and no listed form — is no carrier word, and
/// the prior is there to keep carrier words out of a slot. So such a word pays only what sets
/// its slot apart from the least closed list the intent has that could take it: in an intent
/// with an open list beside short ones ("weather in *nicodemus*": a city, not a country) every
/// slot pays as before, while in one whose only lists look closed ("wie mache ich eine
/// *aioli*", where eleven sauces fill many carrier variants) the word is left to the tagger's
/// reading of its carrier, as the speaker leaves it.
///
/// The prior is worked out from the schema when a model is built or loaded; model files do not
/// store it.
enum UnlistedValuePrior {
    /// The prior's weight against the tagger's log-space scores: strong enough that a carrier
    /// word beside a listed value stays out of the slot, weak enough that a clear carrier
    /// still gives an unlisted value to the slot.
    static let weight: Float = 1.5
    /// How many uses give the prior half its weight: `uses / (uses + halfEvidence)` scales it,
    /// so a list many samples use is judged closed with confidence, while the handful of
    /// samples a hand-written skill gives a type (carrier variants, not draws of values) say
    /// little about how complete its list is, and an unlisted value in a sample's carrier
    /// ("ich möchte eine bolognese kochen") still fills the slot, as Alexa fills it.
    static let halfEvidence: Float = 100

    /// The penalty of each type (by index in `schema.types`): `weight · uses / (uses +
    /// halfEvidence) · ln(uses / forms)` for a custom type whose listed values and synonyms
    /// (forms) are fewer than the samples naming a slot of that type (uses); 0 for built-in
    /// types, types with no forms and open lists.
    static func penalties(schema: SkillSchema) -> [Float] {
        let uses = schema.storedSampleUses ?? sampleUses(schema: schema)
        return schema.types.enumerated().map { index, type in
            let forms = type.surfaceFormCount
            guard !type.isBuiltIn, forms > 0, uses[index] > forms else { return 0 }
            let n = Float(uses[index])
            return weight * n / (n + halfEvidence) * log(n / Float(forms))
        }
    }

    /// How many samples name a slot of each type (a sample naming two slots of one type counts
    /// twice; one naming the same slot twice, once). Read from the sample texts' bytes: loading
    /// a SNIPS-sized model would spend 28 ms parsing its 7,000 samples into templates, and the
    /// importer has already checked their braces.
    static func sampleUses(schema: SkillSchema) -> [Int] {
        var uses = [Int](repeating: 0, count: schema.types.count)
        var named: [Int] = []
        for intent in schema.intents where !intent.slots.isEmpty {
            let names = intent.slots.map { Array($0.name.utf8) }
            for var text in intent.sampleTexts {
                named.removeAll(keepingCapacity: true)
                text.withUTF8 { bytes in
                    slotReferences(in: bytes) { name in
                        if let slot = names.firstIndex(where: { $0.elementsEqual(name) }), !named.contains(slot) {
                            named.append(slot)
                            uses[intent.slots[slot].type] += 1
                        }
                    }
                }
            }
        }
        return uses
    }

    /// Calls `body` with the bytes of the slot name of each `{name}` in a sample's UTF-8 (the
    /// part after the last `|` of the legacy `{literal|name}` form, without padding spaces).
    static func slotReferences(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Slice<UnsafeBufferPointer<UInt8>>) -> Void) {
        var open = -1
        for i in bytes.indices {
            if bytes[i] == UInt8(ascii: "{") {
                open = i + 1
            } else if bytes[i] == UInt8(ascii: "}"), open >= 0 {
                var start = open, end = i
                if let bar = bytes[start..<end].lastIndex(of: UInt8(ascii: "|")) { start = bar + 1 }
                while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
                while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
                body(bytes[start..<end])
                open = -1
            }
        }
    }

    /// The token keys (``PhraseTrie/key(_:)``) of every listed form of each type, ascending and
    /// distinct, for the types whose penalty is positive (others: empty;
    /// ``SkillSchema/formTokens(ofTypes:)``).
    static func listedTokens(schema: SkillSchema, penalties: [Float]) -> [[UInt64]] {
        schema.formTokens(ofTypes: penalties.map { $0 > 0 })
    }

    /// Gives every slot in `slots` (one list per intent, as ``NLUModel`` builds them) its type's
    /// penalty and listed tokens. `typeKeys` are the keys ``SlotTypeKey/typeKey`` uses, by type
    /// index.
    /// A closed phrase list (``PhraseListType``) takes ``PhraseListType/unlistedPenalty`` instead
    /// of its prior, on every unlisted word of a span.
    static func apply(to slots: inout [[SlotTypeKey]], schema: SkillSchema, typeKeys: [UInt64]) {
        var penalties = penalties(schema: schema)
        let closed = PhraseListType.closedTypes(schema: schema)
        for i in penalties.indices where closed[i] { penalties[i] = PhraseListType.unlistedPenalty }
        guard penalties.contains(where: { $0 > 0 }) else { return }
        let tokens = listedTokens(schema: schema, penalties: penalties).map { ListedTokens(sorted: $0) }
        var indexOfKey: [UInt64: Int] = [:]
        for (index, key) in typeKeys.enumerated() { indexOfKey[key] = index }
        for i in slots.indices {
            for j in slots[i].indices {
                guard let type = indexOfKey[slots[i][j].typeKey], penalties[type] > 0 else { continue }
                slots[i][j].unlistedPenalty = penalties[type]
                slots[i][j].listed = tokens[type]
                slots[i][j].closedPhrases = closed[type]
            }
        }
    }

    /// Subtracts the penalties of `slots` from a T × K emission table whose columns are the
    /// labels `localOf` maps to (−1: not among them); `tokenKeys` are the utterance's tokens'
    /// ``PhraseTrie/key(_:)``, and `heard` says whether the model heard token `t` in training.
    /// An unheard token pays a slot's penalty less the least penalty among the slots of custom
    /// types that are not phrase lists (0 when one of them has none); a phrase list's labels pay
    /// in full.
    static func addPenalties(slots: [SlotTypeKey], tokenKeys: [UInt64], localOf: UnsafeBufferPointer<Int32>,
                             labels K: Int, into emission: UnsafeMutableBufferPointer<Float>,
                             heard: (Int) -> Bool = { _ in true }) {
        let T = tokenKeys.count
        guard T > 0, slots.contains(where: { $0.unlistedPenalty > 0 }) else { return }
        // On the stack: this runs for every decode of an intent with such a slot. Each token's
        // filter bit is worked out once for all the slots (ATIS's flights have dozens, each of
        // its own type), and the slots are read in place rather than copied with their lists.
        // Whether a token was heard is asked the first time a slot needs it, then remembered
        // (0: not asked yet, 1: heard, 2: not).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: T) { bits in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: T) { listed in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: T) { heardToken in
                heardToken.initialize(repeating: 0)
                for t in 0..<T { bits[t] = ListedTokens.bit(of: tokenKeys[t]) }
                slots.withUnsafeBufferPointer { slots in
                    let least = slots.lazy.filter { !$0.closedPhrases && $0.group != .builtIn }.map(\.unlistedPenalty).min() ?? 0
                    for j in slots.indices where slots[j].unlistedPenalty > 0 {
                        let penalty = slots[j].unlistedPenalty, closed = slots[j].closedPhrases
                        let begin = Int(slots[j].begin), inside = begin + 1
                        let kb = begin < localOf.count ? Int(localOf[begin]) : -1
                        let ki = inside < localOf.count ? Int(localOf[inside]) : -1
                        for t in 0..<T { listed[t] = slots[j].listed.contains(tokenKeys[t], bit: bits[t]) }
                        for t in 0..<T where !listed[t] {
                            var paysAll = closed || least == 0
                            if !paysAll {
                                if heardToken[t] == 0 { heardToken[t] = heard(t) ? 1 : 2 }
                                paysAll = heardToken[t] == 1
                            }
                            let penalty = paysAll ? penalty : penalty - least
                            if kb >= 0 { emission[t &* K &+ kb] -= penalty }
                            // An inside label pays only where an unlisted run starts, except in a
                            // closed phrase list, where no unlisted word may stand.
                            if ki >= 0, closed || t == 0 || listed[t - 1] { emission[t &* K &+ ki] -= penalty }
                        }
                    }
                }
            }
            }
        }
    }
}
