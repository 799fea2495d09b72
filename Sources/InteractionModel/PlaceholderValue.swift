/// A listed slot value that stands in for the values a deploy script or dynamic entities put in
/// its place — `CATEGORY_NAME_1`, `SLOT_VALUE`, `${CITY}` — and says nothing of what users say.
///
/// A skill whose values come from its back end at deploy time or through dynamic entities
/// still has to list something for Alexa to build the model, and some list identifiers that
/// no one says: a feed skill's categories are `CATEGORY_NAME_1` to `CATEGORY_NAME_3`, while its
/// users say "technology" or "world news". Read as values, such forms would make the type look
/// like a short closed list that many samples use, teach the tagger a value no one says, and
/// resolve what users say to nothing. Alexa itself fills such slots with the words spoken
/// (`ER_SUCCESS_NO_MATCH`).
///
/// A form is a placeholder when, after trimming spaces, it is
/// - an upper-case identifier in snake case (letters A–Z, digits, underscores; at least one
///   underscore; no lower-case letter, starting with a letter) with a part that is a number
///   (`CATEGORY_NAME_1`, `ITEM_2`) or one of ``roleWords`` (`SLOT_VALUE`, `YOUR_NAME_HERE`),
/// - one of ``bareWords`` alone (`PLACEHOLDER`), or
/// - an identifier wrapped in template braces: `{CITY}`, `{{city}}`, `${CITY_NAME}`, `<city>`.
///
/// What real lists hold stays a value: acronyms and codes without an underscore ("USB", "NFL",
/// "R2D2", "AT&T", "ZKM"), upper-case words ("MASSAGEM", "REIKI"), lower-case identifiers that
/// are a value's canonical name ("mythical_creatures"), numbers ("1288"), and card names made of
/// underscores ("_____").
package enum PlaceholderValue {
    /// Parts of an upper-case identifier that name a placeholder's role rather than a value.
    static let roleWords: Set<Substring> = ["PLACEHOLDER", "VALUE", "VALUES", "NAME", "ITEM", "ENTRY", "SLOT", "EXAMPLE",
                                            "SAMPLE", "DUMMY", "REPLACE", "CHANGEME", "FIXME", "TODO", "TBD"]
    /// Words that are a placeholder on their own; other role words alone ("NAME", "ITEM",
    /// "TODO", Spanish for "all") may be a value of a list written in capitals.
    static let bareWords: Set<Substring> = ["PLACEHOLDER", "CHANGEME", "FIXME"]

    /// Whether `text` (a value or synonym as listed) is a placeholder.
    package static func isPlaceholder(_ text: String) -> Bool {
        // Most forms are told apart by their first letter, without a copy.
        guard let lead = text.utf8.first(where: { $0 != 0x20 }),
              (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(lead) || "{$<".utf8.contains(lead) else { return false }
        let t = Substring(text.collapsingSpaces)
        if let inner = templated(t) { return isIdentifier(inner) }
        guard let first = t.unicodeScalars.first, ("A"..."Z").contains(first),
              t.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" })
        else { return false }
        guard t.contains("_") else { return bareWords.contains(t) }
        return t.split(separator: "_").contains { part in
            part.allSatisfy { $0.isASCII && $0.isNumber } || roleWords.contains(part)
        }
    }

    /// Whether `values` are mostly placeholders: at least as many of their forms (values and
    /// synonyms) are placeholders as are not, and at least one is. The real values of such a
    /// list are a few special ones beside the stand-ins ("Favorite" beside three category
    /// names), so the list says nothing of how many values users name: it is open.
    package static func isPlaceholderList(_ values: [SlotTypeValue]) -> Bool {
        let (placeholders, forms) = counts(values)
        return placeholders > 0 && placeholders * 2 >= forms
    }

    /// The placeholder forms of `values`, in list order, each once.
    package static func placeholders(in values: [SlotTypeValue]) -> [String] {
        var seen: Set<String> = []
        return forms(of: values).filter { isPlaceholder($0) && seen.insert($0).inserted }
    }

    /// How many of the non-empty forms of `values` are placeholders, and how many forms there are.
    static func counts(_ values: [SlotTypeValue]) -> (placeholders: Int, forms: Int) {
        let all = forms(of: values)
        return (all.count(where: isPlaceholder), all.count)
    }

    private static func forms(of values: [SlotTypeValue]) -> [String] {
        values.flatMap { [$0.name.value] + $0.name.synonyms }.filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// The text inside template braces (`{…}`, `{{…}}`, `${…}`, `<…>`), or nil.
    private static func templated(_ t: Substring) -> Substring? {
        for (open, close) in [("${", "}"), ("{{", "}}"), ("{", "}"), ("<", ">")] where t.hasPrefix(open) && t.hasSuffix(close) {
            guard t.count > open.count + close.count else { return nil }
            return t.dropFirst(open.count).dropLast(close.count)
        }
        return nil
    }

    /// Whether `t` is an identifier: a letter or underscore, then letters, digits, `_`, `.` or `-`.
    private static func isIdentifier(_ t: Substring) -> Bool {
        guard let first = t.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
        return t.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || "_.-".unicodeScalars.contains($0) }
    }
}

private extension Unicode.Scalar {
    var isASCIILetter: Bool { ("A"..."Z").contains(self) || ("a"..."z").contains(self) }
}
