import SkillNLU

/// Which of the classifier's training examples the contextual head trains on: at most a
/// given number an intent, drawn across all the intent's carrier phrases.
///
/// The generator lists an intent's samples in model order, then their further fillings, then
/// the utterances made from its slot samples; the first examples of an intent would show the
/// head only its first samples. An intent of 130 samples would never show it the phrasings its
/// later samples add, and the head exists to know such phrasings in other words. So the
/// examples are grouped by their carrier (the words outside slot values), and every carrier
/// is taken once before any is taken again; when an intent has more carriers than its share,
/// they are taken evenly spaced across its list.
struct HeadExampleSelection {
    /// The most examples an intent keeps.
    var perIntent: Int

    /// The kept examples of `examples`, in their original order.
    func select(_ examples: [ClassifierExample], labelCount: Int) -> [ClassifierExample] {
        guard perIntent > 0 else { return [] }
        // Per intent, its carriers in the order first seen, each with its examples' indices.
        var groups = [[[Int]]](repeating: [], count: labelCount)
        var groupOfCarrier = [[String: Int]](repeating: [:], count: labelCount)
        for (i, example) in examples.enumerated() where example.label < labelCount {
            let key = Self.carrier(of: example)
            if let g = groupOfCarrier[example.label][key] {
                groups[example.label][g].append(i)
            } else {
                groupOfCarrier[example.label][key] = groups[example.label].count
                groups[example.label].append([i])
            }
        }
        var kept: [Int] = []
        for intentGroups in groups { kept += pick(from: intentGroups) }
        return kept.sorted().map { examples[$0] }
    }

    /// At most ``perIntent`` indices from one intent's carrier groups: round by round, the
    /// next example of each carrier; in a round that cannot take every carrier, carriers
    /// evenly spaced across the list.
    private func pick(from groups: [[Int]]) -> [Int] {
        var kept: [Int] = []
        var round = 0
        while kept.count < perIntent {
            let open = groups.filter { $0.count > round }
            if open.isEmpty { break }
            let room = perIntent - kept.count
            if open.count <= room {
                kept += open.map { $0[round] }
            } else {
                kept += (0..<room).map { k in open[k * open.count / room][round] }
            }
            round += 1
        }
        return kept
    }

    /// The example's words with each run of slot-value tokens as one placeholder.
    static func carrier(of example: ClassifierExample) -> String {
        let values = example.slotValueTokens.count == example.tokens.count ? example.slotValueTokens : []
        var words: [String] = []
        for (i, token) in example.tokens.enumerated() {
            if !values.isEmpty, values[i] {
                if i == 0 || !values[i - 1] { words.append("\u{1}") }
            } else {
                words.append(token.text)
            }
        }
        return words.joined(separator: " ")
    }
}
