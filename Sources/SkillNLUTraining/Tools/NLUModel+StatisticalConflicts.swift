import InteractionModel

extension NLUModel {
    /// The statistical conflicts of a ``SampleCheck``: each sample the trained model reads as
    /// another intent, paired with the other intent's sample most like it (by shared words).
    public func statisticalConflicts(from check: SampleCheck) -> [SampleConflict] {
        check.misses.compactMap { miss -> SampleConflict? in
            guard let i = schema.intentIndex(named: miss.intent),
                  let s = schema.intents[i].samples.firstIndex(where: { $0.canonicalText == miss.sample }),
                  let j = schema.intentIndex(named: miss.predicted) else { return nil }
            let here = ConflictDetector.place(schema: schema, model: interactionModel, i, s)
            let words = carrierWords(schema.intents[i].samples[s])
            let candidates = schema.intents[j].samples
            var nearest = 0
            var best = -1.0
            for (k, c) in candidates.enumerated() {
                let other = carrierWords(c)
                let union = words.union(other).count
                let similarity = union == 0 ? 0 : Double(words.intersection(other).count) / Double(union)
                if similarity > best { best = similarity; nearest = k }
            }
            let other: SampleConflict.Place
            if candidates.isEmpty {
                let modelIndex = interactionModel.languageModel.intents.firstIndex { $0.name == miss.predicted } ?? j
                other = SampleConflict.Place(intent: miss.predicted, intentIndex: modelIndex, sampleIndex: nil, sample: "")
            } else {
                other = ConflictDetector.place(schema: schema, model: interactionModel, j, nearest)
            }
            return SampleConflict(kind: .statistical, place: here, other: other, utterance: filledLikeSampleCheck(schema.intents[i].samples[s], intent: schema.intents[i]),
                                  confidence: miss.confidence)
        }
    }

    /// The words ``sampleCheck()`` classifies for a sample, as a report shows them: each slot
    /// filled with its example or its type's first value. A slot with neither (a built-in type
    /// such as `AMAZON.NUMBER` lists no values) stays `{name}`: the check reads the bare name
    /// there, and a report saying "number" would look like a sample of that literal word.
    func filledLikeSampleCheck(_ sample: SampleTemplate, intent: SkillSchema.IntentInfo) -> String {
        var text = ""
        for part in sample.parts {
            switch part {
            case .text(let t): text += t
            case .slot(let name, let example):
                let type = intent.slot(named: name).map { schema.types[$0.type] }
                text += example ?? type?.surfaceForms.first?.text ?? "{\(name)}"
            }
        }
        return text
    }

    func carrierWords(_ sample: SampleTemplate) -> Set<UInt64> {
        var set: Set<UInt64> = []
        for case .text(let t) in sample.parts {
            for token in schema.tokenizer.tokenize(t) { set.insert(PhraseTrie.key(token)) }
        }
        return set
    }
}
