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
        let candidates = forms.filter { text, _ in mixesFigures(text) }
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

    /// Whether `text` has a figure and something besides figures and spaces, as
    /// `Character.isNumber` and `isWhitespace` say. ASCII text (most listed values) is answered
    /// from its bytes: there only 0-9 have a numeric type and only tab to carriage return and
    /// the space are white space; looking the properties up for every character of every listed
    /// value is most of what building a schema costs.
    static func mixesFigures(_ text: String) -> Bool {
        var figure = false, other = false
        for byte in text.utf8 {
            switch byte {
            case 0x80...: return text.contains(where: \.isNumber) && text.contains(where: { !$0.isNumber && !$0.isWhitespace })
            case 0x30...0x39: figure = true
            case 0x09...0x0D, 0x20: break
            default: other = true
            }
        }
        return figure && other
    }
}
