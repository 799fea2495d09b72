import BuiltInValues

extension NLUModel {
    /// `assignments` (slot index within `intent`, token range, confidence) with each
    /// `multipleValues` slot's spans read as lists: cut into items (``listItems``), continued
    /// through listed values beside them (``extendedList``), and without items that say no
    /// value (``isFillerItem``).
    func withListItems(_ assignments: [(slot: Int, start: Int, end: Int, confidence: Float)], intent: Int, tokens: [Token],
                       scalars: [Unicode.Scalar], context: ClassificationContext) -> [(slot: Int, start: Int, end: Int, confidence: Float)] {
        let info = schema.intents[intent]
        guard info.slots.contains(where: \.multipleValues) else { return assignments }
        // A multiple-value slot's span may hold a list said in one breath: one value per item …
        var items = assignments.flatMap { a -> [(slot: Int, start: Int, end: Int, confidence: Float)] in
            let slot = info.slots[a.slot]
            guard slot.multipleValues else { return [a] }
            return listItems(a.start..<a.end, type: slot.type, tokens: tokens, scalars: scalars, context: context)
                .map { (a.slot, $0.lowerBound, $0.upperBound, a.confidence) }
        }
        // … and the list may go on beyond what the tagger marked.
        for (local, slot) in info.slots.enumerated() where slot.multipleValues {
            let own = items.filter { $0.slot == local }.sorted { $0.start < $1.start }
            guard let confidence = own.map(\.confidence).min() else { continue }
            let others = items.filter { $0.slot != local }
            let extended = extendedList(own.map { $0.start..<$0.end }, type: slot.type, tokens: tokens,
                                        taken: { i in others.contains { $0.start <= i && i < $0.end } }, context: context)
            let kept = Set(own.map { $0.start })
            var list = own + extended.filter { !kept.contains($0.lowerBound) }.map { (local, $0.lowerBound, $0.upperBound, confidence) }
            // Items that say no value ("a", "two") go, unless nothing else is left.
            let values = list.filter { !isFillerItem($0.start..<$0.end, type: slot.type, tokens: tokens, context: context) }
            if !values.isEmpty { list = values }
            items = others + list
        }
        return items
    }

    /// Whether token `i` joins two items of one `multipleValues` slot among `items` ("and"
    /// in "olives and onions"): a word of the list, not a word left unexplained.
    func joinsListItems(_ i: Int, _ items: [(slot: Int, start: Int, end: Int, confidence: Float)], intent: Int, tokens: [Token]) -> Bool {
        guard valueList.isConjunction(tokens[i]) else { return false }
        return items.contains { a in
            schema.intents[intent].slots[a.slot].multipleValues && a.end == i
                && items.contains { $0.slot == a.slot && $0.start == i + 1 }
        }
    }

    /// The items of a `multipleValues` slot's span, as token ranges: "pepperoni, mushrooms and
    /// olives" → pepperoni | mushrooms | olives.
    ///
    /// Alexa splits such a slot where the user pauses or says "and". The span stays whole when
    /// it is a value itself (a listed value or synonym such as "ham and pineapple", a dynamic
    /// value, or a built-in value that parses whole, such as "one hundred and five").
    /// Otherwise it is cut at pauses (commas), and each piece that is not a value is read as
    /// items joined by conjunctions or said side by side — a speech recogniser writes
    /// "pepperoni mushrooms and olives" without the pause's comma (``itemsOfPiece``).
    func listItems(_ span: Range<Int>, type: Int, tokens: [Token], scalars: [Unicode.Scalar],
                   context: ClassificationContext) -> [Range<Int>] {
        let list = valueList
        func isValue(_ r: Range<Int>) -> Bool {
            if let kind = schema.types[type].builtInKind {
                return finder.parser.parse(kind: kind, tokens: tokens[r], context: context.builtIn) != nil
            }
            return resolvers.isListed(type: type, tokens: tokens[r], dynamic: context.dynamicEntities)
        }
        guard span.count > 1, !isValue(span) else { return [span] }
        var items: [Range<Int>] = []
        var start = span.lowerBound
        for i in span where i > span.lowerBound
            && ValueList.isPause(scalars[tokens[i - 1].range.upperBound..<tokens[i].range.lowerBound]) {
            items += Self.itemsOfPiece(start..<i, isConjunction: { list.isConjunction(tokens[$0]) }, isValue: isValue)
            start = i
        }
        items += Self.itemsOfPiece(start..<span.upperBound, isConjunction: { list.isConjunction(tokens[$0]) }, isValue: isValue)
        return items.isEmpty ? [span] : items
    }

    /// The items of a `multipleValues` slot (token ranges, in order) with the listed values
    /// said beside them in the same list added: "mushrooms, olives and onions" as an answer
    /// with nothing before it gives the tagger no left context for "mushrooms", but a listed
    /// topping joined to toppings by a pause, "and" or nothing at all is a topping too.
    /// Only listed (or dynamic) values of the slot's custom type are taken, never tokens
    /// another slot holds (`taken`), and a built-in type is left as it is.
    func extendedList(_ items: [Range<Int>], type: Int, tokens: [Token], taken: (Int) -> Bool,
                      context: ClassificationContext) -> [Range<Int>] {
        guard let first = items.first, let last = items.last, schema.types[type].builtInKind == nil else { return items }
        let list = valueList
        func isFree(_ r: Range<Int>) -> Bool { !r.contains(where: taken) && !items.contains { $0.overlaps(r) } }
        func isListed(_ r: Range<Int>) -> Bool {
            resolvers.isListed(type: type, tokens: tokens[r], dynamic: context.dynamicEntities)
        }
        var before: [Range<Int>] = [], after: [Range<Int>] = []
        // Leftwards: skip one conjunction, then the longest listed value that ends there.
        var edge = first.lowerBound
        while edge > 0 {
            let end = list.isConjunction(tokens[edge - 1]) ? edge - 1 : edge
            guard let value = (max(0, end - 6)..<end).lazy.map({ $0..<end }).first(where: { isFree($0) && isListed($0) }) else { break }
            before.insert(value, at: 0)
            edge = value.lowerBound
        }
        // Rightwards: the same after the last item.
        edge = last.upperBound
        while edge < tokens.count {
            let start = list.isConjunction(tokens[edge]) ? edge + 1 : edge
            guard start < tokens.count, let value = stride(from: min(tokens.count, start + 6), to: start, by: -1)
                .lazy.map({ start..<$0 }).first(where: { isFree($0) && isListed($0) }) else { break }
            after.append(value)
            edge = value.upperBound
        }
        return before + items + after
    }

    /// Whether an item of a custom type's list says no value at all — only articles, or
    /// articles and a number: the tagger marks "a" and "two" in "add a pineapple and two
    /// carrots" as items of their own, and Alexa would not send them as products. A listed
    /// value (a product called "the one") is never a filler.
    func isFillerItem(_ r: Range<Int>, type: Int, tokens: [Token], context: ClassificationContext) -> Bool {
        guard schema.types[type].builtInKind == nil,
              !resolvers.isListed(type: type, tokens: tokens[r], dynamic: context.dynamicEntities) else { return false }
        guard let first = r.first(where: { !valueList.articles.contains(tokens[$0].normalized) }) else { return true }
        return finder.parser.parse(kind: .number, tokens: tokens[first..<r.upperBound], context: context.builtIn) != nil
    }

    /// One pause-free piece of a list as items: the reading with the fewest unlisted items,
    /// then the fewest items. Items are joined by a conjunction (which belongs to neither) or
    /// said side by side; side by side only when both are values, since nothing says where an
    /// unlisted value ends. Only a value may contain a conjunction ("mac and cheese"), so
    /// "mac and cheese and salad" is two items when "mac and cheese" is listed, three when it
    /// is not. Conjunctions at the piece's ends are dropped.
    static func itemsOfPiece(_ piece: Range<Int>, isConjunction: (Int) -> Bool, isValue: (Range<Int>) -> Bool) -> [Range<Int>] {
        var lower = piece.lowerBound, upper = piece.upperBound
        while lower < upper, isConjunction(lower) { lower += 1 }
        while upper > lower, isConjunction(upper - 1) { upper -= 1 }
        guard lower < upper else { return [] }
        guard upper - lower > 1, !isValue(lower..<upper) else { return [lower..<upper] }
        let n = upper - lower
        guard n <= 32 else { return [lower..<upper] }
        // best[end][listed]: the cheapest reading of the first `end` tokens whose last item ends
        // at `end` and is (1) or is not (0) a value; cost (unlisted items, items). `from` is
        // where that item begins, `previous` where the item before it ends (and whether that
        // one is a value), nil for the first item.
        typealias Cell = (unlisted: Int, items: Int, from: Int, previous: (end: Int, listed: Int)?)
        var best = [[Cell?]](repeating: [nil, nil], count: n + 1)
        func better(_ a: Cell, than b: Cell?) -> Bool {
            guard let b else { return true }
            return (a.unlisted, a.items) < (b.unlisted, b.items)
        }
        for end in 1...n {
            for from in 0..<end {
                let range = (lower + from)..<(lower + end)
                if isConjunction(range.lowerBound) || isConjunction(range.upperBound - 1) { continue }
                let listed = end - from <= 8 && isValue(range)
                if !listed, range.contains(where: isConjunction) { continue }
                let flag = listed ? 1 : 0
                // The item before ends right here (side by side, both values) or before a conjunction.
                var before: [(unlisted: Int, items: Int, previous: (end: Int, listed: Int)?)] = []
                if from == 0 { before.append((0, 0, nil)) }
                if from > 0, listed, let p = best[from][1] { before.append((p.unlisted, p.items, (from, 1))) }
                if from > 1, isConjunction(lower + from - 1) {
                    for f in 0...1 { if let p = best[from - 1][f] { before.append((p.unlisted, p.items, (from - 1, f))) } }
                }
                for p in before {
                    let cell: Cell = (p.unlisted + 1 - flag, p.items + 1, from, p.previous)
                    if better(cell, than: best[end][flag]) { best[end][flag] = cell }
                }
            }
        }
        var position: (end: Int, listed: Int)?
        if let a = best[n][0], better(a, than: best[n][1]) { position = (n, 0) } else if best[n][1] != nil { position = (n, 1) }
        guard position != nil else { return [lower..<upper] }
        var items: [Range<Int>] = []
        while let at = position, let cell = best[at.end][at.listed] {
            items.append((lower + cell.from)..<(lower + at.end))
            position = cell.previous
        }
        return items.reversed()
    }
}
