import Foundation
import SkillNLU

/// Writes `nlu-classify` answers in the chosen format, in input order.
public struct ResultOutput {
    public enum Format: String, Sendable { case text, json, jsonl, alexa }

    /// One answer: a result, or a line that could not be read.
    public enum Item: Sendable {
        case result(NLUResult)
        case error(line: Int, message: String)
    }

    let format: Format
    let model: NLUModel
    let context: ClassificationContext
    private var buffer = ""
    private var count = 0

    public init<F: RawRepresentable>(format: F, model: NLUModel, context: ClassificationContext) where F.RawValue == String {
        self.format = Format(rawValue: format.rawValue) ?? .jsonl
        self.model = model
        self.context = context
    }

    public mutating func begin() {
        if format == .json { buffer += "[" }
    }

    public mutating func emit(_ item: Item) {
        var json = JSONText()
        switch (item, format) {
        case (.result(let r), .text):
            buffer += (count > 0 ? "\n" : "") + ResultText.render(r) + "\n"
            count += 1
            return
        case (.error(let line, let message), .text):
            buffer += (count > 0 ? "\n" : "") + "line \(line): \(message)\n"
            count += 1
            return
        case (.result(let r), .alexa):
            json.alexaRequest(r, model: model, context: context)
        case (.result(let r), _):
            json.result(r)
        case (.error(let line, let message), _):
            json.object { o in
                o.key("line") { $0.number(line) }
                o.key("error") { $0.string(message) }
            }
        }
        if format == .json {
            buffer += (count > 0 ? ",\n" : "\n") + json.text
        } else {
            buffer += json.text + "\n"
        }
        count += 1
        if buffer.utf8.count > 1 << 16 { flush() }
    }

    public mutating func end() {
        if format == .json { buffer += count > 0 ? "\n]\n" : "]\n" }
        flush()
    }

    public mutating func flush() {
        guard !buffer.isEmpty else { return }
        FileHandle.standardOutput.write(Data(buffer.utf8))
        buffer = ""
    }
}

/// Parses `YYYY-MM-DD` as midnight of that day in a time zone.
public enum ReferenceDate {
    public static func parse(_ s: String, timeZone: TimeZone) -> Date? {
        let parts = s.split(separator: "-")
        guard parts.count == 3, parts[0].count == 4, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let comps = DateComponents(year: y, month: m, day: d)
        guard let date = calendar.date(from: comps), calendar.component(.day, from: date) == d else { return nil }
        return date
    }
}
