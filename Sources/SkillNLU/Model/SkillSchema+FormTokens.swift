extension SkillSchema {
    /// The token keys (``PhraseTrie/key(_:)``) of every listed form of each type whose flag in
    /// `wanted` is set, ascending and distinct (others: empty). A schema loaded with its stored
    /// facts (``storedSampleUses``) has the gazetteer training built from these very forms, so
    /// one walk of its paths gives the keys of every wanted type without tokenizing (or, in a
    /// file whose interaction model is stored in parts, reading) a single form.
    func formTokens(ofTypes wanted: [Bool]) -> [[UInt64]] {
        if storedSampleUses != nil { return gazetteer.tokens(ofTypes: wanted) }
        return types.enumerated().map { index, type in
            guard wanted[index] else { return [] }
            var keys: Set<UInt64> = []
            for form in type.surfaceForms {
                for token in tokenizer.tokenize(form.text) { keys.insert(PhraseTrie.key(token)) }
            }
            return keys.sorted()
        }
    }
}
