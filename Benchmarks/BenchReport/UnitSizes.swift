/// The table of what each unit of our model files weighs: one row per speed result, one column
/// per section of the file (in file order, the first result's first), and the files the models
/// share beside theirs (a language pack, a sentence encoder), which the model file does not hold.
enum UnitSizes {
    /// The table, or nil when no result recorded its sections.
    static func table(_ results: [SpeedResult]) -> String? {
        guard results.contains(where: { $0.sectionBytes != nil }) else { return nil }
        var parts: [String] = []
        var shared: [String] = []
        for r in results {
            for p in r.sectionBytes ?? [] where !parts.contains(p.part) { parts.append(p.part) }
            for p in r.sharedBytes ?? [] where !shared.contains(p.part) { shared.append(p.part) }
        }
        var table = MarkdownTable(columns: [.init("data set", numeric: false)]
            + parts.map { .init(title($0), optional: true) }
            + shared.map { .init("shared: " + title($0), optional: true) })
        for r in results {
            let own = Dictionary((r.sectionBytes ?? []).map { ($0.part, $0.bytes) }, uniquingKeysWith: +)
            let beside = Dictionary((r.sharedBytes ?? []).map { ($0.part, $0.bytes) }, uniquingKeysWith: +)
            table.append([r.dataset] + parts.map { megabytes(own[$0]) } + shared.map { megabytes(beside[$0]) })
        }
        return table.render()
    }

    /// "the slot tagger" → "slot tagger".
    static func title(_ part: String) -> String { part.hasPrefix("the ") ? String(part.dropFirst(4)) : part }

    /// Millions of bytes with three decimals (a kilobyte shows).
    static func megabytes(_ bytes: Double?) -> String { Format.number(bytes.map { $0 / 1_000_000 }, "%.3f") }
}
