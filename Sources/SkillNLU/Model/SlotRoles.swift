import BuiltInValues

/// Slots of one type that an intent tells apart by the words said before them: the origin
/// and destination of "book a trip from {fromCity} to {toCity}", the start and end of a date
/// range. Those words (role phrases) decide which slot a value fills, alone or together, in
/// any order: "to paris from denver", "starting in chicago".
///
/// A slot's role phrases are the last one or two words its samples say right before it
/// ("from", "leaving from"), except words that also come before another slot of its type.
/// A slot whose phrases end in a word of one of the two ``DirectionWords`` roles (where or
/// when something starts, where or when it ends) takes that role's other phrases too, so
/// that "starting in denver" fills the slot of "i'm leaving from {fromCity}" though no
/// sample says "starting" — unless a sibling slot claims the same role.
package struct SlotRoles: Sendable {
    /// Per slot of the intent (in the intent's order), its role phrases as words.
    package let texts: [[String]]
    /// The same phrases as token keys (``PhraseTrie/key(_:)``).
    let phrases: [Set<[UInt64]>]
    /// Slots of one type, each with role phrases: the slots that role phrases choose between.
    package let groups: [[Int]]
    /// Longest role phrase, in words.
    static let longest = 3

    /// Roles as a model file's outline stores them: each slot's phrases and the groups.
    init(texts: [[String]], groups: [[Int]], tokenizer: Tokenizer) {
        self.texts = texts
        self.phrases = texts.map { Set($0.map { tokenizer.tokenize($0).map(PhraseTrie.key) }) }
        self.groups = groups
    }

    package init(intent: SkillSchema.IntentInfo, tokenizer: Tokenizer) {
        let n = intent.slots.count
        let byType = Dictionary(grouping: intent.slots.indices, by: { intent.slots[$0].type }).values.filter { $0.count > 1 }
        guard !byType.isEmpty else {
            texts = Array(repeating: [], count: n); phrases = Array(repeating: [], count: n); groups = []
            return
        }
        // The words before each slot in its samples.
        var own = [Set<[String]>](repeating: [], count: n)
        for sample in intent.samples {
            for (p, part) in sample.parts.enumerated() where p > 0 {
                guard case .slot(let name, _) = part, let s = intent.slots.firstIndex(where: { $0.name == name }),
                      case .text(let before) = sample.parts[p - 1] else { continue }
                let words = tokenizer.tokenize(before).map(\.folded)
                // "{size} {drink}": a slot right after another has no role phrase.
                guard !words.isEmpty else { continue }
                for k in 1...min(2, words.count) { own[s].insert(Array(words.suffix(k))) }
            }
        }
        var texts = [[String]](repeating: [], count: n)
        var groups: [[Int]] = []
        let directions = DirectionWords.phrases(language: tokenizer.languageCode)
            .map { $0.map { tokenizer.tokenize($0).map(\.folded) } }
        for siblings in byType {
            // A phrase said before two of the siblings chooses neither.
            var kept = siblings.map { s in own[s].filter { p in !siblings.contains { $0 != s && own[$0].contains(p) } } }
            // Each direction role goes to the one sibling whose phrases end in it.
            for role in directions {
                func endsInRole(_ p: [String]) -> Bool { role.contains { p.count >= $0.count && Array(p.suffix($0.count)) == $0 } }
                let claims = siblings.indices.filter { kept[$0].contains(where: endsInRole) }
                guard claims.count == 1, let c = claims.first else { continue }
                let others = siblings.indices.filter { $0 != c }.map { own[siblings[$0]] }
                kept[c].formUnion(role.filter { p in !others.contains { $0.contains(p) } })
            }
            let withRoles = siblings.indices.filter { !kept[$0].isEmpty }
            guard withRoles.count > 1 else { continue }
            for i in withRoles { texts[siblings[i]] = kept[i].map { $0.joined(separator: " ") }.sorted() }
            groups.append(withRoles.map { siblings[$0] }.sorted())
        }
        self.texts = texts
        self.phrases = texts.map { Set($0.map { tokenizer.tokenize($0).map(PhraseTrie.key) }) }
        self.groups = groups.sorted { $0[0] < $1[0] }
    }

    /// The group slot `slot` belongs to, if any.
    func group(of slot: Int) -> [Int]? { groups.first { $0.contains(slot) } }

    /// The slot whose role phrase ends right before token `start` (longest phrase first), nil
    /// when none does.
    func slot(before start: Int, keys: [UInt64]) -> Int? { phrase(before: start, keys: keys)?.slot }

    /// The slot whose role phrase ends right before token `start`, with the phrase's length.
    func phrase(before start: Int, keys: [UInt64]) -> (slot: Int, length: Int)? {
        for n in stride(from: min(Self.longest, start), through: 1, by: -1) {
            let phrase = Array(keys[(start - n)..<start])
            let owners = phrases.indices.filter { phrases[$0].contains(phrase) }
            if owners.count == 1 { return (owners[0], n) }
        }
        return nil
    }
}

/// Words that say which end of a journey or a span of time a value is, per language: where or
/// when it starts ("from", "leaving", "starting in") and where or when it ends ("to",
/// "arriving in", "until"). A short general list, because people use these for any pair of
/// such slots while a skill's samples show one or two of them; ``SlotRoles`` gives a role's
/// phrases only to the slot whose own samples use one of them.
enum DirectionWords {
    static func phrases(language: String) -> [[String]] {
        guard let roles = table[language] else { return [] }
        return [roles.start, roles.end]
    }

    static let table: [String: (start: [String], end: [String])] = [
        "en": (["from", "leaving", "leaving from", "leave", "leave from", "departing", "departing from", "starting",
                "starting in", "starting at", "starting from", "starting on", "out of", "beginning", "beginning on", "since"],
               ["to", "going to", "heading to", "headed to", "arriving", "arriving in", "arriving at", "arrive in",
                "into", "towards", "toward", "until", "till", "through", "ending", "ending on", "ending in"]),
        "de": (["von", "ab", "aus", "abfahrt in", "ab dem", "seit", "beginnend am"],
               ["nach", "bis", "zum", "zur", "ankunft in", "bis zum", "endend am"]),
        "fr": (["de", "depuis", "au départ de", "en partant de", "à partir de", "à partir du"],
               ["à", "vers", "pour", "jusqu'à", "jusqu'au", "en arrivant à", "arrivée à"]),
        "es": (["de", "desde", "saliendo de", "a partir de", "a partir del"],
               ["a", "hacia", "hasta", "para", "llegando a"]),
        "it": (["da", "dal", "partendo da", "a partire da"], ["a", "verso", "fino a", "per", "arrivando a"]),
        "pt": (["de", "desde", "saindo de", "a partir de"], ["para", "até", "chegando a", "rumo a"]),
    ]
}
