import Foundation

/// Every number word of one language, ready for fast lookup: a dictionary from folded words
/// to piece ids, a trie over piece sequences ("twenty three", "quatre vingt dix") giving
/// atoms, and the morphology that splits a token into pieces (hyphens, "و" prefixes, ordinal
/// suffixes, German and Italian compounds).
///
/// Built once per language from a ``NumberTable``; immutable afterwards.
package final class NumberLexicon: Sendable {
    package let table: NumberTable
    package let renderer: NumberRenderer
    /// Folded word → piece id.
    let pieceIDs: [String: Int32]
    /// Phrase trie over piece ids.
    let nodes: [PhraseNode]
    /// Character trie over piece strings, for compound segmentation.
    let charTrie: CharTrie?
    let conjunctionPrefixes: [String]
    let articlePrefixes: [String]
    /// (suffix, completions) pairs, longest suffix first.
    let ordinalSuffixes: [String]
    let stemCompletions: [String]
    let ordinalPrefixTokens: Set<String>
    let ordinalSuffixTokens: [[String]]
    let digitMarkers: Set<String>
    /// Units come before tens ("drei und zwanzig", "ثلاثة وعشرون").
    let unitsBeforeTens: Bool
    // Flags copied out of the table so the hot path never copies the table itself.
    let vigesimal: Bool
    let ordinalMayPrecedeCardinal: Bool
    let additiveOrdinals: Bool
    let decimalSeparator: Character
    let groupingSeparator: Character
    /// Whether words need more than a dictionary lookup (prefixes, suffixes, compounds).
    let hasMorphology: Bool

    struct PhraseNode: Sendable {
        var children: [Int32: Int32] = [:]
        var atom: NumberAtom?
    }

    init(table: NumberTable, fold: @escaping (String) -> [String]) {
        self.table = table
        self.renderer = NumberRenderer(table: table)
        var builder = Builder(fold: fold)

        // Cardinals first, so that a word that is also an ordinal elsewhere keeps its cardinal meaning.
        builder.addCardinals(of: table, renderer: renderer)
        builder.addOrdinals(of: table, renderer: renderer)

        let rules = table.ordinals
        pieceIDs = builder.pieceIDs
        nodes = builder.nodes
        charTrie = table.compounding ? CharTrie(words: builder.pieceIDs) : nil
        func foldOne(_ s: String) -> String { fold(s).joined(separator: " ") }
        conjunctionPrefixes = table.conjunctionPrefixes.map(foldOne)
        articlePrefixes = rules.articlePrefixes.map(foldOne)
        ordinalSuffixes = rules.parseSuffixes.map(foldOne).sorted { $0.count > $1.count }
        stemCompletions = rules.stemCompletions.map { $0.isEmpty ? "" : foldOne($0) }
        ordinalPrefixTokens = Set(rules.prefixTokens.map(foldOne))
        ordinalSuffixTokens = rules.suffixTokens.map { $0.map(foldOne) }.sorted { $0.count > $1.count }
        digitMarkers = Set(rules.digitMarkers.map(foldOne))
        vigesimal = table.vigesimal
        ordinalMayPrecedeCardinal = rules.mayPrecedeCardinal
        additiveOrdinals = rules.style == .additive
        decimalSeparator = table.decimalSeparator
        groupingSeparator = table.groupingSeparator
        hasMorphology = table.compounding || !table.conjunctionPrefixes.isEmpty || !rules.articlePrefixes.isEmpty
            || !rules.parseSuffixes.isEmpty
        unitsBeforeTens = table.twoDigitPatterns.first.map { p in
            guard let u = p.range(of: "{u}"), let t = p.range(of: "{t}") else { return false }
            return u.lowerBound < t.lowerBound
        } ?? false
    }

    /// Accumulates the trie while the lexicon is built.
    fileprivate struct Builder {
        let fold: (String) -> [String]
        var pieceIDs: [String: Int32] = [:]
        var nodes: [PhraseNode] = [PhraseNode()]

        mutating func id(_ piece: String) -> Int32 {
            if let id = pieceIDs[piece] { return id }
            let id = Int32(pieceIDs.count)
            pieceIDs[piece] = id
            return id
        }

        mutating func add(_ text: String, _ atom: NumberAtom) {
            let pieces = fold(text)
            guard !pieces.isEmpty else { return }
            var node = 0
            for p in pieces {
                let pid = id(p)
                if let next = nodes[node].children[pid] {
                    node = Int(next)
                } else {
                    nodes.append(PhraseNode())
                    let next = Int32(nodes.count - 1)
                    nodes[node].children[pid] = next
                    node = Int(next)
                }
            }
            if nodes[node].atom == nil { nodes[node].atom = atom }
        }

        func atom(for text: String) -> NumberAtom? {
            var node = 0
            for p in fold(text) {
                guard let pid = pieceIDs[p], let next = nodes[node].children[pid] else { return nil }
                node = Int(next)
            }
            return nodes[node].atom
        }
    }

    /// Whether a piece is a whole phrase by itself ("twenty", not "quatre" before "vingt").
    @inline(__always)
    func isWholePhrase(_ id: Int32) -> Bool {
        nodes[0].children[id].map { nodes[Int($0)].atom != nil } ?? false
    }

    // MARK: Morphology

    /// Splits a folded word into number pieces, or returns false when it is not a number word.
    func analyze(_ word: String, into pieces: inout [NumberPiece]) -> Bool {
        let mark = pieces.count
        if word.utf8.contains(45) {   // "-"
            let parts = word.split(separator: "-", omittingEmptySubsequences: true)
            if parts.count > 1 {
                for part in parts where !analyzeWithoutHyphen(String(part), into: &pieces) {
                    pieces.removeSubrange(mark...)
                    return false
                }
                return true
            }
        }
        return analyzeWithoutHyphen(word, into: &pieces)
    }

    private func analyzeWithoutHyphen(_ word: String, into pieces: inout [NumberPiece]) -> Bool {
        let direct = pieceIDs[word]
        if let id = direct, isWholePhrase(id) {
            pieces.append(NumberPiece(id: id, ordinal: false))
            return true
        }
        let mark = pieces.count
        for prefix in conjunctionPrefixes where word.hasPrefix(prefix) && word.count > prefix.count {
            guard let conj = pieceIDs[prefix] else { continue }
            pieces.append(NumberPiece(id: conj, ordinal: false))
            if analyzeStem(String(word.dropFirst(prefix.count)), allowArticle: true, into: &pieces) { return true }
            pieces.removeSubrange(mark...)
        }
        if analyzeStem(word, allowArticle: true, skipDirect: true, into: &pieces) { return true }
        if let id = direct {
            // A word that only occurs inside longer phrases ("quatre" before "vingt").
            pieces.append(NumberPiece(id: id, ordinal: false))
            return true
        }
        return false
    }

    private func analyzeStem(_ word: String, allowArticle: Bool, skipDirect: Bool = false,
                             into pieces: inout [NumberPiece]) -> Bool {
        if !skipDirect, let id = pieceIDs[word] {
            pieces.append(NumberPiece(id: id, ordinal: false))
            return true
        }
        let mark = pieces.count
        if allowArticle {
            for prefix in articlePrefixes where word.hasPrefix(prefix) && word.count > prefix.count {
                if analyzeStem(String(word.dropFirst(prefix.count)), allowArticle: false, into: &pieces) {
                    pieces[pieces.count - 1].ordinal = true
                    return true
                }
                pieces.removeSubrange(mark...)
            }
        }
        if segment(word, into: &pieces) { return true }
        for suffix in ordinalSuffixes where word.hasSuffix(suffix) && word.count > suffix.count {
            let stem = String(word.dropLast(suffix.count))
            for completion in stemCompletions {
                let candidate = stem + completion
                if let id = pieceIDs[candidate] {
                    pieces.append(NumberPiece(id: id, ordinal: true))
                    return true
                }
                if segment(candidate, into: &pieces) {
                    pieces[pieces.count - 1].ordinal = true
                    return true
                }
            }
        }
        return false
    }

    /// Splits a compound ("dreihundertzwanzig") into the fewest known pieces.
    private func segment(_ word: String, into pieces: inout [NumberPiece]) -> Bool {
        guard let trie = charTrie else { return false }
        let scalars = Array(word.unicodeScalars)
        let n = scalars.count
        guard n > 1 else { return false }
        // best[i]: fewest pieces covering scalars[i...]; choice[i]: (end, id) of the first piece.
        var best = [Int](repeating: Int.max, count: n + 1)
        var choice = [(Int, Int32)](repeating: (0, -1), count: n + 1)
        best[n] = 0
        var i = n - 1
        while i >= 0 {
            var node = 0
            var j = i
            while j < n, let next = trie.child(node, scalars[j]) {
                node = next
                j += 1
                if let id = trie.terminal[node], best[j] != Int.max, best[j] + 1 < best[i] {
                    best[i] = best[j] + 1
                    choice[i] = (j, id)
                }
            }
            i -= 1
        }
        guard best[0] != Int.max, best[0] > 1 else { return false }
        var k = 0
        while k < n {
            pieces.append(NumberPiece(id: choice[k].1, ordinal: false))
            k = choice[k].0
        }
        return true
    }

    // MARK: Phrase lookup

    /// The longest phrase of pieces starting at `start`, as (atom, end). A piece marked ordinal
    /// makes the atom ordinal, and may only end a phrase.
    @inline(__always)
    func longestPhrase(_ pieces: [NumberPiece], from start: Int) -> (atom: NumberAtom, end: Int)? {
        var node = 0
        var best: (NumberAtom, Int)?
        var p = start
        while p < pieces.count {
            let piece = pieces[p]
            guard piece.id >= 0, let next = nodes[node].children[piece.id] else { break }
            node = Int(next)
            p += 1
            if var atom = nodes[node].atom {
                if piece.ordinal { atom.ordinal = true }
                best = (atom, p)
            }
            if piece.ordinal { break }
        }
        return best
    }
}

extension NumberLexicon.Builder {
    /// Every cardinal word of `table`: numbers below a hundred as the renderer writes them,
    /// multipliers, scales, and the words around numbers (conjunctions, minus, point, articles).
    mutating func addCardinals(of table: NumberTable, renderer: NumberRenderer) {
        for v in 0..<100 {
            for form in renderer.twoDigitForms(v) { add(form, NumberAtom(kind: .small, value: Int64(v))) }
        }
        for m in table.multipliers {
            let atom = NumberAtom(kind: .multiplier, value: m.value, maxFactor: m.maxFactor)
            for w in NumberRenderer.alternatives(m.word) { add(w, atom) }
            for w in NumberRenderer.alternatives(m.one) where fold(w).count == 1 { add(w, atom) }
            for (i, f) in m.forms.enumerated() {
                for w in NumberRenderer.alternatives(f) {
                    add(w, NumberAtom(kind: .hundreds, value: Int64(i + 1) * m.value))
                }
            }
            if let exact = m.exact {
                for w in NumberRenderer.alternatives(exact) { add(w, NumberAtom(kind: .hundreds, value: m.value)) }
            }
        }
        for s in table.scales {
            let atom = NumberAtom(kind: .scale, value: s.value)
            for text in [s.word, s.many, s.few].compactMap({ $0 }) {
                for w in NumberRenderer.alternatives(text) { add(w, atom) }
            }
            for w in NumberRenderer.alternatives(s.one) where fold(w).count == 1 { add(w, atom) }
            if let dual = s.dual {
                for w in NumberRenderer.alternatives(dual) {
                    add(w, NumberAtom(kind: .scale, value: s.value, defaultCount: 2))
                }
            }
        }
        for w in table.conjunctions { add(w, NumberAtom(kind: .conjunction)) }
        for w in table.conjunctionPrefixes { add(w, NumberAtom(kind: .conjunction)) }
        for w in table.negatives { add(w, NumberAtom(kind: .negative)) }
        for w in table.decimalPoints { add(w, NumberAtom(kind: .point)) }
        for w in table.articlesForOne { add(w, NumberAtom(kind: .article)) }
        for w in table.zeroDigits { add(w, NumberAtom(kind: .zeroDigit)) }
        for (w, n) in table.repeatWords { add(w, NumberAtom(kind: .repeatDigit, value: Int64(n))) }
    }

    /// Every ordinal word of `table`, after the cardinals (a word that is both stays a cardinal).
    mutating func addOrdinals(of table: NumberTable, renderer: NumberRenderer) {
        let rules = table.ordinals
        // An ordinal hundred multiplies like the cardinal ("two hundredth", "zweihundertste").
        let hundredFactor = table.multipliers.first { $0.value == 100 }?.maxFactor ?? 9
        func ordinalAtom(_ v: Int) -> NumberAtom {
            switch v {
            case ..<100: return NumberAtom(kind: .small, value: Int64(v), ordinal: true)
            case 100: return NumberAtom(kind: .multiplier, value: 100, ordinal: true, maxFactor: hundredFactor)
            case ..<1000: return NumberAtom(kind: .hundreds, value: Int64(v), ordinal: true)
            default: return NumberAtom(kind: .scale, value: Int64(v), ordinal: true)
            }
        }
        for (v, text) in rules.words.sorted(by: { $0.key < $1.key }) {
            for w in renderer.inflectedForms(text) { add(w, ordinalAtom(v)) }
        }
        for (v, text) in rules.compoundWords {
            for w in renderer.inflectedForms(text) {
                add(w, NumberAtom(kind: .small, value: Int64(v), ordinal: true))
            }
        }
        for (cardinalWord, ordinalText) in rules.lastWord.sorted(by: { $0.key < $1.key }) {
            guard let atom = atom(for: cardinalWord) else { continue }
            for w in renderer.inflectedForms(ordinalText) { add(w, atom.asOrdinal()) }
        }

        // Whole ordinals as the renderer writes them, so forms that do not compose word by
        // word ("quatre-vingtième", "الحادي عشر") read back.
        for v in Array(1...99) + [100, 1_000] {
            guard let text = renderer.ordinal(Int64(v)) else { continue }
            add(text, ordinalAtom(v))
        }
    }
}
