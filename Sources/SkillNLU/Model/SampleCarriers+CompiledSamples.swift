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
        for (sample, end) in ends {
            held[sample] = true
            let last = matcher.step(to: end)
            // One slot and no word: only its text can tell whether white space alone surrounds it.
            if last.literal == nil, last.parent == 0, let slot = Self.bareSlot(of: info.sample(at: sample)) {
                out.bare.insert(slot)
            }
            if last.literal != nil {
                let text = words(endingAt: end)
                if text.isWhole, !text.followsSlot { Self.addRequest(text.keys, to: &out) }
            }
            var node = end
            while node > 0, !visited[Int(node)] {
                visited[Int(node)] = true
                addPhrases(endingAt: node, to: &out)
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
    /// it is short, the whole text.
    private func addPhrases(endingAt node: Int32, to out: inout Phrases) {
        let step = matcher.step(to: node)
        if step.literal != nil {
            let text = words(endingAt: node)
            for n in 1...min(Self.longest, text.keys.count) { out.inner.insert(Array(text.keys.suffix(n))) }
            if text.isWhole, text.followsSlot, text.keys.count <= Self.longestEdge { out.trailing.insert(text.keys) }
        } else if step.parent >= 0, matcher.step(to: step.parent).literal != nil {
            let text = words(endingAt: step.parent)
            for n in 1...min(Self.longestEdge, text.keys.count) { out.leading.insert(Array(text.keys.suffix(n))) }
            if text.isWhole, text.keys.count <= Self.longestRequest { out.leadingWhole.insert(text.keys) }
        }
    }

    /// The words of a text from its start to word node `node`, or its last ``longest`` when it
    /// is longer (then `isWhole` is false); `followsSlot` when a slot comes before the text.
    private func words(endingAt node: Int32) -> (keys: [UInt64], isWhole: Bool, followsSlot: Bool) {
        var keys: [UInt64] = []
        var n = node
        while true {
            let step = matcher.step(to: n)
            guard let key = step.literal else { return (keys.reversed(), true, n > 0) }
            if keys.count == Self.longest { return (keys.reversed(), false, false) }
            keys.append(key)
            n = step.parent
        }
    }
}
