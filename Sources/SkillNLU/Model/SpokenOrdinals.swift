import BuiltInValues

/// Ordinals a skill lists in figures ("1st", "2nd", "3rd") as people say them ("first",
/// "second", "third"): a list of positions written the way a screen shows them is still asked
/// for aloud. Each spoken form joins its value as a synonym would, so "the second feed" fills
/// the slot and resolves to "2nd".
enum SpokenOrdinals {
    /// The spoken forms, in the locale's words, of the `forms` that are ordinals written with
    /// figures, each with its value's index; forms already listed are left out. Only text that
    /// mixes figures and letters or a full stop counts ("2nd", "3.", "1er"): a plain number is
    /// a number, not a position.
    static func forms(besides forms: [(String, Int)], locale: String) -> [(String, Int)] {
        let candidates = forms.filter { text, _ in
            text.contains(where: \.isNumber) && text.contains(where: { !$0.isNumber && !$0.isWhitespace })
        }
        guard !candidates.isEmpty else { return [] }
        let parser = BuiltInParser(locale: locale)
        let renderer = parser.tables.numbers.renderer
        var said = Set(forms.map { $0.0.lowercased() })
        var out: [(String, Int)] = []
        for (text, value) in candidates {
            guard let parsed = parser.parse(type: "AMAZON.Ordinal", text: text), let n = Int64(parsed),
                  let spoken = renderer.ordinal(n), !said.contains(spoken.lowercased()) else { continue }
            said.insert(spoken.lowercased())
            out.append((spoken, value))
        }
        return out
    }
}
