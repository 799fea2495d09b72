extension Slot {
    /// The words of a slot (or intent) name: split at `_`, `-`, `.`, spaces and lower-to-upper
    /// case changes, lower-cased. `appointmentDate` → appointment, date; `I_Want` → i, want;
    /// `arrive_date_day_name` → arrive, date, day, name; `URLPath` → urlpath. Prompts say a name
    /// this way, and the slot tagger reads a slot's role and kind from it.
    public static func words(inName name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousLower = false
        for c in name {
            if c == "_" || c == "-" || c == "." || c == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousLower = false
                continue
            }
            if c.isUppercase && previousLower {
                words.append(current)
                current = ""
            }
            current += c.lowercased()
            previousLower = c.isLowercase || c.isNumber
        }
        if !current.isEmpty { words.append(current) }
        return words
    }
}
