import SkillNLU

/// Prints what a user can say: `text` (each intent and its examples), `jsonl` (one
/// `{"intent", "examples"}` per intent) or `json` (an array of those).
public enum ExampleOutput {
    public static func write(_ list: [IntentExamples], format: String) throws(StandardOutput.WriteError) {
        var out = ""
        switch format {
        case "jsonl", "json":
            var items: [String] = []
            for entry in list {
                var j = JSONText()
                j.object { o in
                    o.key("intent") { $0.string(entry.intent) }
                    o.key("examples") { $0.array(entry.examples) { $0.string($1) } }
                }
                items.append(j.text)
            }
            out = format == "json" ? "[\n" + items.joined(separator: ",\n") + "\n]\n" : items.map { $0 + "\n" }.joined()
        default:
            for entry in list {
                out += entry.intent + "\n"
                for e in entry.examples { out += "  \"\(e)\"\n" }
            }
        }
        try StandardOutput.write(out)
    }
}
