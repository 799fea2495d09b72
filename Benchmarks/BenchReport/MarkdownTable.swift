import Foundation

/// A Markdown table whose columns can be left out when no row has a figure in them, so a data
/// set without slots or without out-of-scope utterances does not show columns of dashes.
public struct MarkdownTable: Sendable, Equatable {
    public struct Column: Sendable, Equatable {
        public var title: String
        /// Numbers align right; names left.
        public var numeric: Bool
        /// Left out when every cell is ``Format/missing``.
        public var optional: Bool
        public init(_ title: String, numeric: Bool = true, optional: Bool = false) {
            self.title = title
            self.numeric = numeric
            self.optional = optional
        }
    }

    public var columns: [Column]
    public var rows: [[String]] = []

    public init(columns: [Column]) { self.columns = columns }

    /// Adds a row; a short row is padded with missing cells, so every row has every column.
    public mutating func append(_ cells: [String]) {
        rows.append(cells + Array(repeating: Format.missing, count: max(0, columns.count - cells.count)))
    }

    /// The columns kept: required ones, and optional ones with at least one figure.
    public var keptColumns: [Int] {
        columns.indices.filter { i in !columns[i].optional || rows.contains { $0[i] != Format.missing } }
    }

    public func render() -> String {
        let kept = keptColumns
        var lines = ["| " + kept.map { columns[$0].title }.joined(separator: " | ") + " |",
                     "| " + kept.map { columns[$0].numeric ? "---:" : "---" }.joined(separator: " | ") + " |"]
        for row in rows {
            lines.append("| " + kept.map { row[$0].replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
