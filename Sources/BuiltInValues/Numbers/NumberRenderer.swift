import Foundation

/// Writes numbers out in words from a ``NumberTable``.
///
/// The lexicon registers every form the renderer can produce and the sample generator uses
/// it to say numbers the way people do, so rendering and parsing cannot drift apart.
package struct NumberRenderer: Sendable {
    let table: NumberTable

    /// Chooses one of `count` alternatives; return 0 for the canonical form.
    package typealias Picker = (_ count: Int) -> Int

    package static func canonical(_ count: Int) -> Int { 0 }

    package static func alternatives(_ s: String) -> [String] {
        s.split(separator: "|", omittingEmptySubsequences: true).map(String.init)
    }

    private func pick(_ s: String, _ picker: Picker) -> String {
        let alts = Self.alternatives(s)
        guard !alts.isEmpty else { return "" }
        return alts[min(alts.count - 1, max(0, picker(alts.count)))]
    }

    private func pick(_ alts: [String], _ picker: Picker) -> String {
        guard !alts.isEmpty else { return "" }
        return alts[min(alts.count - 1, max(0, picker(alts.count)))]
    }

    // MARK: Below one hundred

    /// Every form of `v` (0…99) the table allows, canonical first.
    func twoDigitForms(_ v: Int) -> [String] {
        precondition(v >= 0 && v < 100)
        if let e = table.twoDigitExceptions[v] { return Self.alternatives(e) }
        if v < 10 { return Self.alternatives(table.units[v]) }
        if v < 20 { return Self.alternatives(table.teens[v - 10]) }
        if v % 10 == 0 && !(table.vigesimal && (v == 70 || v == 90)) {
            return Self.alternatives(table.tens[v / 10 - 2])
        }
        let t: Int, u: Int, unitForms: [String]
        if table.vigesimal && ((70..<80).contains(v) || (90..<100).contains(v)) {
            t = v / 10 * 10 - 10
            u = v - t
            unitForms = Self.alternatives(table.teens[u - 10])
        } else {
            t = v / 10 * 10
            u = v % 10
            unitForms = Self.alternatives(table.compoundUnits[u] ?? table.units[u])
        }
        let tensForms = Self.alternatives(table.compoundTens[t] ?? table.tens[t / 10 - 2])
        var out: [String] = []
        for p in table.twoDigitPatterns {
            for tf in tensForms {
                for uf in unitForms {
                    var tens = tf
                    if table.elidesTensVowel, let last = tens.last, Self.isVowel(last),
                       let first = uf.first, Self.isVowel(first) {
                        tens.removeLast()
                    }
                    out.append(Self.filled(p, "{t}", with: tens, "{u}", with: uf))
                }
            }
        }
        return out
    }

    private static func isVowel(_ c: Character) -> Bool { "aeiouàèéìòùáíóú".contains(c) }

    /// `pattern` with every `first` replaced by `a`, then every `second` by `b`, as
    /// `replacingOccurrences(of:with:)` twice gives it, without Foundation: its went through
    /// `NSString`, and the number lexicon renders thousands of forms the first time a process
    /// reads numbers in a language.
    static func filled(_ pattern: String, _ first: String, with a: String, _ second: String, with b: String) -> String {
        replacingAll(replacingAll(pattern, first, with: a), second, with: b)
    }

    /// `text` with every `placeholder` (ASCII, such as "{t}") replaced by `value`, compared byte
    /// for byte: in UTF-8 an ASCII byte is never part of another character.
    private static func replacingAll(_ text: String, _ placeholder: String, with value: String) -> String {
        let target = Array(placeholder.utf8)
        var bytes: [UInt8] = []
        var replaced = false
        var text = text
        text.withUTF8 { t in
            guard !target.isEmpty, t.count >= target.count else { return }
            bytes.reserveCapacity(t.count + value.utf8.count)
            var i = 0
            while i < t.count {
                if t[i] == target[0], i + target.count <= t.count, (1..<target.count).allSatisfy({ t[i + $0] == target[$0] }) {
                    bytes.append(contentsOf: value.utf8)
                    i += target.count
                    replaced = true
                } else {
                    bytes.append(t[i])
                    i += 1
                }
            }
        }
        return replaced ? String(decoding: bytes, as: UTF8.self) : text
    }

    // MARK: Cardinals

    /// `n` in words, or nil when the table cannot say it (beyond its largest scale).
    package func cardinal(_ n: Int64, _ picker: Picker = canonical) -> String? {
        if n < 0 {
            guard !table.negatives.isEmpty, let rest = cardinal(-n, picker) else { return nil }
            return pick(table.negatives, picker) + " " + rest
        }
        if n < 100 { return pick(twoDigitForms(Int(n)), picker) }
        var rest = n
        var text = ""
        var joiner = ""
        for scale in table.scales.sorted(by: { $0.value > $1.value }) where rest >= scale.value {
            let q = rest / scale.value
            rest %= scale.value
            guard let group = scaleGroup(q, scale, picker) else { return nil }
            text += joiner + group
            joiner = scale.joiner ?? pick(table.scaleJoiners, picker)
        }
        if rest > 0 {
            guard let below = belowScale(rest, picker) else { return nil }
            text += joiner + below
        }
        return text
    }

    private func scaleGroup(_ q: Int64, _ scale: NumberTable.Scale, _ picker: Picker) -> String? {
        if q == 1 { return pick(scale.one, picker) }
        if q == 2, let dual = scale.dual { return pick(dual, picker) }
        let word: String
        if (3...10).contains(q), let few = scale.few { word = few }
        else if let many = scale.many { word = many }
        else { word = scale.word }
        guard let count = cardinal(q, picker) else { return nil }
        return Self.filled(scale.pattern, "{n}", with: count, "{s}", with: pick(word, picker))
    }

    private func belowScale(_ value: Int64, _ picker: Picker) -> String? {
        var r = value
        var parts: [String] = []
        for m in table.multipliers.sorted(by: { $0.value > $1.value }) where r >= m.value {
            let q = r / m.value
            r %= m.value
            guard q <= m.maxFactor else { return nil }
            if !m.forms.isEmpty {
                guard q <= Int64(m.forms.count) else { return nil }
                if q == 1, r == 0, let exact = m.exact { parts.append(pick(exact, picker)) }
                else { parts.append(pick(m.forms[Int(q) - 1], picker)) }
            } else if q == 1 {
                parts.append(pick(m.one, picker))
            } else {
                guard let count = q < 100 ? pick(twoDigitForms(Int(q)), picker) : cardinal(q, picker) else { return nil }
                parts.append(Self.filled(m.pattern, "{n}", with: count, "{s}", with: pick(m.word, picker)))
            }
        }
        if r > 0 {
            guard r < 100 else { return nil }
            parts.append(pick(twoDigitForms(Int(r)), picker))
        }
        guard var text = parts.first else { return nil }
        for p in parts.dropFirst() { text += pick(table.restJoiners, picker) + p }
        return text
    }

    // MARK: Ordinals

    /// `n` as an ordinal in words, or nil when the table cannot say it.
    package func ordinal(_ n: Int64, _ picker: Picker = canonical) -> String? {
        let rules = table.ordinals
        if n < 0 { return nil }
        if let w = rules.words[Int(n)] { return pick(inflectedForms(w), picker) }
        switch rules.style {
        case .replaceLastWord:
            guard let card = cardinal(n, picker) else { return nil }
            let cut = card.lastIndex(where: { $0 == " " || $0 == "-" }).map { card.index(after: $0) } ?? card.startIndex
            let last = String(card[cut...])
            let unit = Int(n % 10)
            if n > 20, let compound = rules.compoundWords[unit], table.units[unit].split(separator: "|").map(String.init).contains(last) {
                return String(card[..<cut]) + pick(compound, picker)
            }
            guard let ord = rules.lastWord[last] else { return nil }
            return String(card[..<cut]) + pick(ord, picker)
        case .suffix:
            guard var card = cardinal(n, picker) else { return nil }
            let suffix = n < Int64(rules.largeFrom) ? rules.smallSuffix : rules.largeSuffix
            if rules.elidesFinalVowel, let last = card.last, Self.isVowel(last),
               !rules.keptEndings.contains(where: { card.hasSuffix($0) }) {
                card.removeLast()
            }
            return card + suffix
        case .additive:
            var parts: [String] = []
            var rest = n
            for place in [Int64(1_000), 100, 10, 1] where rest >= place {
                let chunk = rest / place * place
                if place == 10, let w = rules.words[Int(rest)] {
                    parts.append(pick(inflectedForms(w), picker))
                    rest = 0
                    break
                }
                guard let w = rules.words[Int(chunk)] else { return nil }
                parts.append(pick(inflectedForms(w), picker))
                rest -= chunk
            }
            return parts.isEmpty ? nil : parts.joined(separator: " ")
        case .patterns:
            let matching = rules.patterns.filter { rule in
                rule.range.contains(Int(n)) && !(rule.tensOnly && n % 10 != 0) && !(rule.nonTensOnly && n % 10 == 0)
            }
            guard !matching.isEmpty else { return nil }
            do {
                let rule = matching[min(matching.count - 1, max(0, picker(matching.count)))]
                var text = rule.pattern
                if text.contains("{n}") {
                    guard let card = cardinal(n, picker) else { return nil }
                    text = text.replacingOccurrences(of: "{n}", with: card)
                }
                if text.contains("{ou}") {
                    let u = Int(n % 10)
                    guard let w = rules.compoundWords[u] ?? rules.words[u] else { return nil }
                    text = text.replacingOccurrences(of: "{ou}", with: pick(w, picker))
                }
                if text.contains("{ct}") {
                    guard let card = cardinal(n / 10 * 10, picker) else { return nil }
                    text = text.replacingOccurrences(of: "{ct}", with: card)
                }
                return text
            }
        }
    }

    /// A whole ordinal form with its inflected variants ("primero" → "primera", "primeros" …).
    func inflectedForms(_ s: String) -> [String] {
        var out: [String] = []
        for form in Self.alternatives(s) {
            out.append(form)
            for (ending, others) in table.ordinals.inflections where form.hasSuffix(ending) {
                let stem = form.dropLast(ending.count)
                for other in others { out.append(stem + other) }
            }
        }
        var seen = Set<String>()
        return out.filter { seen.insert($0).inserted }
    }
}
