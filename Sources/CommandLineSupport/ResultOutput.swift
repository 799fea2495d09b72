import Foundation
import SkillNLU
import SkillNLUTraining

/// Writes `nlu-classify` answers in the chosen format, in input order, buffering them and
/// writing through ``StandardOutput`` so that a failed write ends the tool with status 74.
public struct ResultOutput {
    public enum Format: String, Sendable { case text, json, jsonl, alexa }

    /// One answer: a result (with its explanation under `--explain`), or a line that could
    /// not be read.
    public enum Item: Sendable {
        case result(NLUResult, Explanation?)
        /// The best joint reading of a recogniser's n-best list (`--hypotheses`).
        case nbest(NBestResult)
        case error(line: Int, message: String)
    }

    let format: Format
    let model: NLUModel
    let context: ClassificationContext
    /// The `timestamp` of `alexa` requests.
    let timestamp: Date
    private var buffer = ""
    private var count = 0

    /// - Parameter timestamp: the time `alexa` envelopes carry; the reference date when one
    ///   was given, so that output can be reproduced, else now.
    public init<F: RawRepresentable>(format: F, model: NLUModel, context: ClassificationContext,
                                     timestamp: Date = Date()) where F.RawValue == String {
        self.format = Format(rawValue: format.rawValue) ?? .jsonl
        self.model = model
        self.context = context
        self.timestamp = timestamp
    }

    public mutating func begin() {
        if format == .json { buffer += "[" }
    }

    public mutating func emit(_ item: Item) throws(StandardOutput.WriteError) {
        var json = JSONText()
        switch (item, format) {
        case (.result(let r, let e), .text):
            buffer += (count > 0 ? "\n" : "") + ResultText.render(r, explanation: e) + "\n"
            count += 1
            return
        case (.nbest(let n), .text):
            buffer += (count > 0 ? "\n" : "") + ResultText.render(n) + "\n"
            count += 1
            return
        case (.error(let line, let message), .text):
            buffer += (count > 0 ? "\n" : "") + "line \(line): \(message)\n"
            count += 1
            return
        case (.result(let r, _), .alexa) where r.intent != nil:
            json.alexaRequest(r, model: model, timestamp: timestamp)
        case (.nbest(let n), .alexa) where n.result.intent != nil:
            json.alexaRequest(n.result, model: model, timestamp: timestamp)
        case (.result(let r, let e), _):
            json.result(r, explanation: e)
        case (.nbest(let n), _):
            json.nbest(n)
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
        if buffer.utf8.count > 1 << 16 { try flush() }
    }

    public mutating func end() throws(StandardOutput.WriteError) {
        if format == .json { buffer += count > 0 ? "\n]\n" : "]\n" }
        try flush()
    }

    public mutating func flush() throws(StandardOutput.WriteError) {
        guard !buffer.isEmpty else { return }
        let text = buffer
        buffer = ""
        try StandardOutput.write(text)
    }
}

/// Parses `YYYY-MM-DD` as midnight of that day in a time zone.
public enum ReferenceDate {
    public static func parse(_ s: String, timeZone: TimeZone) -> Date? {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let comps = DateComponents(year: y, month: m, day: d)
        guard let date = calendar.date(from: comps), calendar.component(.day, from: date) == d else { return nil }
        return date
    }
}
