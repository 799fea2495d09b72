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
    static let roleWords: Set<String> = ["PLACEHOLDER", "VALUE", "VALUES", "NAME", "ITEM", "ENTRY", "SLOT", "EXAMPLE",
                                         "SAMPLE", "DUMMY", "REPLACE", "CHANGEME", "FIXME", "TODO", "TBD"]
    /// Words that are a placeholder on their own; other role words alone ("NAME", "ITEM",
    /// "TODO", Spanish for "all") may be a value of a list written in capitals.
    static let bareWords: Set<String> = ["PLACEHOLDER", "CHANGEME", "FIXME"]

    private typealias Bytes = Slice<UnsafeBufferPointer<UInt8>>

    /// Whether `text` (a value or synonym as listed) is a placeholder. Read from its UTF-8
    /// bytes: training and loading ask it of every listed form, tens of thousands in a catalog,
    /// and most are told apart by their first letter.
    package static func isPlaceholder(_ text: String) -> Bool {
        if let answer = text.utf8.withContiguousStorageIfAvailable(isPlaceholder) { return answer }
        return Array(text.utf8).withUnsafeBufferPointer(isPlaceholder)
    }

    private static func isPlaceholder(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = utf8.firstIndex(where: { $0 > 0x20 }) else { return false }
        switch utf8[first] {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "{"), UInt8(ascii: "$"), UInt8(ascii: "<"): break
        default: return false
        }
        var end = utf8.count
        while utf8[end - 1] <= 0x20 { end -= 1 }
        let bytes = utf8[first..<end]
        return isUpper(utf8[first]) ? isPlaceholderIdentifier(bytes) : isTemplate(bytes)
    }

    /// Whether `values` are mostly placeholders (``makeUpList(placeholders:forms:)``), counting
    /// every value and every non-empty synonym as a form, as ``SkillSchema`` lists them.
    package static func isPlaceholderList(_ values: [SlotTypeValue]) -> Bool {
        var placeholders = 0, forms = 0
        for value in values {
            forms += 1
            if isPlaceholder(value.name.value) { placeholders += 1 }
            for synonym in value.name.synonyms where !synonym.isEmpty {
                forms += 1
                if isPlaceholder(synonym) { placeholders += 1 }
            }
        }
        return makeUpList(placeholders: placeholders, forms: forms)
    }

    /// Whether `placeholders` of a list's `forms` (values and synonyms) make it a list of
    /// placeholders: at least one, and at least as many as the real forms. The real values of
    /// such a list are a few special ones beside the stand-ins ("Favorite" beside three category
    /// names), so the list says nothing of how many values users name: it is open.
    static func makeUpList(placeholders: Int, forms: Int) -> Bool {
        placeholders > 0 && placeholders * 2 >= forms
    }

    /// The placeholder forms of `values`, in list order, each once.
    package static func placeholders(in values: [SlotTypeValue]) -> [String] {
        var seen: Set<String> = []
        return values.flatMap { [$0.name.value] + $0.name.synonyms }.filter { isPlaceholder($0) && seen.insert($0).inserted }
    }

    /// An upper-case snake-case identifier with a number or a role word among its parts, or a
    /// bare word alone.
    private static func isPlaceholderIdentifier(_ bytes: Bytes) -> Bool {
        guard bytes.allSatisfy({ isUpper($0) || isDigit($0) || $0 == UInt8(ascii: "_") }) else { return false }
        guard bytes.contains(UInt8(ascii: "_")) else { return bareWords.contains(String(decoding: bytes, as: UTF8.self)) }
        return bytes.split(separator: UInt8(ascii: "_")).contains { part in
            part.allSatisfy(isDigit) || roleWords.contains(String(decoding: part, as: UTF8.self))
        }
    }

    /// An identifier in template braces: `{…}`, `{{…}}`, `${…}` or `<…>`.
    private static func isTemplate(_ bytes: Bytes) -> Bool {
        for (open, close) in [("${", "}"), ("{{", "}}"), ("{", "}"), ("<", ">")]
        where bytes.starts(with: open.utf8) && bytes.reversed().starts(with: close.utf8.reversed()) {
            let inner = bytes.dropFirst(open.utf8.count).dropLast(close.utf8.count)
            guard let lead = inner.first, isUpper(lead) || isLower(lead) || lead == UInt8(ascii: "_") else { return false }
            return inner.allSatisfy { isUpper($0) || isLower($0) || isDigit($0) || "_.-".utf8.contains($0) }
        }
        return false
    }

    private static func isUpper(_ b: UInt8) -> Bool { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b) }
    private static func isLower(_ b: UInt8) -> Bool { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) }
    private static func isDigit(_ b: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) }
}
