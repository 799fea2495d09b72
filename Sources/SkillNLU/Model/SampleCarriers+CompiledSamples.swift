extension SampleCarriers {
    /// Intent `intent`'s phrases, the same sets ``add(_:tokenizer:to:)`` makes from each of its
    /// samples, read from the exact layer's trie instead of parsing and tokenizing every
    /// sample again. A sample's path in the trie is its words (tokenized as here) and slots in
    /// order, a text being a run of word edges between slots; each node adds the phrases that
    /// end with it, which depend only on the path above it, so a run of words that many
    /// samples share is read once. Samples the trie does not hold are read as before.
    /// - Parameter ends: the intent's samples held in the trie, with the node each ends at.
    func build(intent: Int, ends: [(sample: Int, node: Int32)]) -> Phrases {
        let info = schema.intents[intent]
        var out = Phrases()
        var held = [Bool](repeating: false, count: info.sampleCount)
        var visited = [Bool](repeating: false, count: matcher.nodeCount)
        var text: [UInt64] = []
        text.reserveCapacity(Self.longest)
        for (sample, end) in ends {
            held[sample] = true
            let last = matcher.step(to: end)
            // One slot and no word: only its text can tell whether white space alone surrounds it.
            if last.literal == nil, last.parent == 0, let slot = Self.bareSlot(of: info.sample(at: sample)) {
                out.bare.insert(slot)
            }
            if last.literal != nil {
                let (isWhole, followsSlot) = words(endingAt: end, into: &text)
                if isWhole, !followsSlot { Self.addRequest(text, to: &out) }
            }
            var node = end
            while node > 0, !visited[Int(node)] {
                visited[Int(node)] = true
                addPhrases(endingAt: node, to: &out, text: &text)
                node = matcher.step(to: node).parent
            }
        }
        for sample in held.indices where !held[sample] {
            Self.add(info.sample(at: sample), tokenizer: schema.tokenizer, to: &out)
        }
        return out
    }

    /// The phrases node `node` of a path adds: a word, the runs of up to ``longest`` words of
    /// its text that end with it and, within the first ``longestEdge`` words of a text after a
    /// slot, the text's words up to it; a slot after a text, that text's last words and, when
    /// it is short, the whole text. `text` is scratch room for the text's words.
    private func addPhrases(endingAt node: Int32, to out: inout Phrases, text: inout [UInt64]) {
        let step = matcher.step(to: node)
        if step.literal != nil {
            let (isWhole, followsSlot) = words(endingAt: node, into: &text)
            for n in 1...min(Self.longest, text.count) { out.inner.insert(text[(text.count - n)...]) }
            if isWhole, followsSlot, text.count <= Self.longestEdge { out.trailing.insert(text[...]) }
        } else if step.parent >= 0, matcher.step(to: step.parent).literal != nil {
            let (isWhole, _) = words(endingAt: step.parent, into: &text)
            for n in 1...min(Self.longestEdge, text.count) { out.leading.insert(text[(text.count - n)...]) }
            if isWhole, text.count <= Self.longestRequest { out.leadingWhole.insert(text[...]) }
        }
    }

    /// The words of a text from its start to word node `node`, or its last ``longest`` when it
    /// is longer (then `isWhole` is false), put in `keys`; `followsSlot` when a slot comes
    /// before the text.
    private func words(endingAt node: Int32, into keys: inout [UInt64]) -> (isWhole: Bool, followsSlot: Bool) {
        keys.removeAll(keepingCapacity: true)
        var n = node
        while true {
            let step = matcher.step(to: n)
            guard let key = step.literal else {
                keys.reverse()
                return (true, n > 0)
            }
            if keys.count == Self.longest {
                keys.reverse()
                return (false, false)
            }
            keys.append(key)
            n = step.parent
        }
    }
}
