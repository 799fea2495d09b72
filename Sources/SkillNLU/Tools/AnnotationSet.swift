import Foundation

/// Utterances with the intent and slot values a skill should understand: the annotation sets
/// of Alexa's (since deprecated) NLU Evaluation tool, read from the files developers already
/// have, so that a skill's CI can keep checking them on its own machine.
///
/// Three layouts are read:
/// - Alexa's JSON: `{"data": [{"inputs": {"utterance": …, "referenceTimestamp": …},
///   "expected": [{"intent": {"name": …, "slots": {"NAME": {"value": …}}}}]}]}`;
/// - the CSV the console accepted: a header `utterance,referenceTimestamp,intent,slot[NAME],…`
///   and one annotation per row;
/// - SkillNLU's data-set JSON lines: `{"text", "intent", "slots": [{"slot", "value", "start", "end"}]}`,
///   whose slot values are the words of the utterance (spans) rather than resolved values.
public struct AnnotationSet: Sendable, Equatable {
    /// The layout a set was read from; it decides how slot values compare (see ``Annotation/valuesAreSpans``).
    public enum Layout: String, Sendable, Equatable {
        case alexaJSON = "Alexa JSON"
        case alexaCSV = "Alexa CSV"
        case jsonLines = "JSON lines"
    }

    public var annotations: [Annotation]
    public var layout: Layout

    public init(annotations: [Annotation], layout: Layout) {
        self.annotations = annotations
        self.layout = layout
    }

    /// Reads an annotation set, telling the layout from the file name's extension (`.csv`,
    /// `.jsonl`, `.json`) and, failing that, from the content.
    /// - Parameter fileName: names the file in errors; its extension hints the layout.
    public init(data: [UInt8], fileName: String = "annotations") throws(AnnotationSetError) {
        let lower = fileName.lowercased()
        guard let text = String(validating: data, as: UTF8.self) else {
            throw AnnotationSetError(file: fileName, line: nil, message: "the file is not UTF-8 text")
        }
        let trimmed = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if lower.hasSuffix(".csv") {
            self = try Self.readCSV(text, file: fileName)
        } else if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") {
            self = try Self.readJSONLines(text, file: fileName)
        } else if trimmed.first == "{" || trimmed.first == "[" {
            // One JSON document, or one object per line.
            let whole = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))
            if let whole, !((whole as? [String: Any])?["data"] == nil && (whole as? [String: Any])?["text"] != nil) {
                self = try Self.readAlexaJSON(whole, file: fileName)
            } else {
                self = try Self.readJSONLines(text, file: fileName)
            }
        } else {
            self = try Self.readCSV(text, file: fileName)
        }
        if annotations.isEmpty {
            throw AnnotationSetError(file: fileName, line: nil, message: "the annotation set has no annotations")
        }
    }

    // MARK: Alexa JSON

    static func readAlexaJSON(_ json: Any, file: String) throws(AnnotationSetError) -> AnnotationSet {
        let items: [Any]
        if let object = json as? [String: Any] {
            guard let data = object["data"] as? [Any] else {
                throw AnnotationSetError(file: file, line: nil, message: "expected an object with a \"data\" array of annotations")
            }
            items = data
        } else if let array = json as? [Any] {
            items = array
        } else {
            throw AnnotationSetError(file: file, line: nil, message: "expected an object with a \"data\" array of annotations")
        }
        var out: [Annotation] = []
        for (i, item) in items.enumerated() {
            let place = "data[\(i)]"
            guard let entry = item as? [String: Any], let inputs = entry["inputs"] as? [String: Any],
                  let utterance = inputs["utterance"] as? String else {
                throw AnnotationSetError(file: file, line: nil, message: "\(place): expected {\"inputs\": {\"utterance\": …}, \"expected\": [{\"intent\": {\"name\": …}}]}")
            }
            var reference: Date? = nil
            if let stamp = inputs["referenceTimestamp"] as? String, !stamp.isEmpty {
                guard let date = Annotation.parseTimestamp(stamp) else {
                    throw AnnotationSetError(file: file, line: nil, message: "\(place).inputs.referenceTimestamp \"\(stamp)\" is not an ISO 8601 time such as 2026-11-22T18:30:00.000Z")
                }
                reference = date
            }
            guard let expectedList = entry["expected"] as? [Any], !expectedList.isEmpty else {
                throw AnnotationSetError(file: file, line: nil, message: "\(place): \"expected\" must be a non-empty array of {\"intent\": {\"name\": …, \"slots\": {…}}}")
            }
            var expectations: [Annotation.Expectation] = []
            for (k, e) in expectedList.enumerated() {
                guard let intent = (e as? [String: Any])?["intent"] as? [String: Any], let name = intent["name"] as? String,
                      !name.isEmpty else {
                    throw AnnotationSetError(file: file, line: nil, message: "\(place).expected[\(k)]: expected {\"intent\": {\"name\": …}}")
                }
                var slots: [Annotation.ExpectedSlot] = []
                if let given = intent["slots"] as? [String: Any] {
                    for (slotName, v) in given.sorted(by: { $0.key < $1.key }) {
                        if let value = (v as? [String: Any])?["value"] as? String {
                            slots.append(.init(name: slotName, value: value))
                        } else if let value = v as? String {
                            slots.append(.init(name: slotName, value: value))
                        } else {
                            throw AnnotationSetError(file: file, line: nil, message: "\(place).expected[\(k)].intent.slots.\(slotName): expected {\"value\": …}")
                        }
                    }
                }
                expectations.append(.init(intent: name, slots: slots))
            }
            out.append(Annotation(utterance: utterance, referenceTimestamp: reference, expected: expectations,
                                  place: place, valuesAreSpans: false))
        }
        return AnnotationSet(annotations: out, layout: .alexaJSON)
    }

    // MARK: CSV

    static func readCSV(_ text: String, file: String) throws(AnnotationSetError) -> AnnotationSet {
        let rows: [(line: Int, fields: [String])]
        do {
            rows = try CSVReader.rows(text)
        } catch let e as CSVReader.Problem {
            throw AnnotationSetError(file: file, line: e.line, message: e.message)
        } catch {
            throw AnnotationSetError(file: file, line: nil, message: "\(error)")
        }
        guard let header = rows.first else {
            throw AnnotationSetError(file: file, line: nil, message: "the file is empty; expected a header utterance,referenceTimestamp,intent,slot[NAME]…")
        }
        var utteranceColumn: Int?, intentColumn: Int?, timestampColumn: Int?
        var slotColumns: [(Int, String)] = []
        for (i, name) in header.fields.enumerated() {
            let key = name.trimmingCharacters(in: .whitespaces)
            switch key.lowercased() {
            case "utterance": utteranceColumn = i
            case "intent": intentColumn = i
            case "referencetimestamp": timestampColumn = i
            default:
                if key.lowercased().hasPrefix("slot["), key.hasSuffix("]") {
                    slotColumns.append((i, String(key.dropFirst(5).dropLast())))
                } else if !key.isEmpty {
                    throw AnnotationSetError(file: file, line: header.line, message: "unknown column \"\(key)\"; columns are utterance, referenceTimestamp, intent and slot[NAME]")
                }
            }
        }
        guard let u = utteranceColumn, let n = intentColumn else {
            throw AnnotationSetError(file: file, line: header.line, message: "the header needs the columns utterance and intent (and optionally referenceTimestamp and slot[NAME] per slot)")
        }
        var out: [Annotation] = []
        for row in rows.dropFirst() {
            if row.fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { continue }
            func field(_ i: Int) -> String { i < row.fields.count ? row.fields[i] : "" }
            let utterance = field(u), intent = field(n).trimmingCharacters(in: .whitespaces)
            guard !intent.isEmpty else {
                throw AnnotationSetError(file: file, line: row.line, message: "the intent column is empty")
            }
            var reference: Date? = nil
            if let t = timestampColumn {
                let stamp = field(t).trimmingCharacters(in: .whitespaces)
                if !stamp.isEmpty {
                    guard let date = Annotation.parseTimestamp(stamp) else {
                        throw AnnotationSetError(file: file, line: row.line, message: "referenceTimestamp \"\(stamp)\" is not an ISO 8601 time such as 2026-11-22T18:30:00.000Z")
                    }
                    reference = date
                }
            }
            let slots = slotColumns.compactMap { (i, name) -> Annotation.ExpectedSlot? in
                let v = field(i).trimmingCharacters(in: .whitespaces)
                return v.isEmpty ? nil : .init(name: name, value: v)
            }
            out.append(Annotation(utterance: utterance, referenceTimestamp: reference,
                                  expected: [.init(intent: intent, slots: slots)], place: "line \(row.line)",
                                  valuesAreSpans: false))
        }
        return AnnotationSet(annotations: out, layout: .alexaCSV)
    }

    // MARK: JSON lines

    static func readJSONLines(_ text: String, file: String) throws(AnnotationSetError) -> AnnotationSet {
        var out: [Annotation] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            let shape = "expected {\"text\": …, \"intent\": …, \"slots\": [{\"slot\": …, \"value\": …}]}"
            guard let object = (try? JSONSerialization.jsonObject(with: Data(trimmed.utf8))) as? [String: Any],
                  let utterance = object["text"] as? String, let intent = object["intent"] as? String else {
                throw AnnotationSetError(file: file, line: i + 1, message: shape)
            }
            var slots: [Annotation.ExpectedSlot] = []
            for s in object["slots"] as? [Any] ?? [] {
                guard let s = s as? [String: Any], let name = s["slot"] as? String, let value = s["value"] as? String else {
                    throw AnnotationSetError(file: file, line: i + 1, message: shape)
                }
                slots.append(.init(name: name, value: value, start: s["start"] as? Int, end: s["end"] as? Int))
            }
            out.append(Annotation(utterance: utterance, referenceTimestamp: nil,
                                  expected: [.init(intent: intent, slots: slots)], place: "line \(i + 1)",
                                  valuesAreSpans: true))
        }
        return AnnotationSet(annotations: out, layout: .jsonLines)
    }
}

/// One utterance and what the skill should understand of it.
public struct Annotation: Sendable, Equatable {
    /// A slot value the annotation expects.
    public struct ExpectedSlot: Sendable, Equatable {
        public var name: String
        public var value: String
        /// Unicode-scalar offsets of the value in the utterance, when the annotation gives them
        /// (data-set JSON lines).
        public var start: Int?
        public var end: Int?

        public init(name: String, value: String, start: Int? = nil, end: Int? = nil) {
            self.name = name
            self.value = value
            self.start = start
            self.end = end
        }
    }

    /// An acceptable answer: the intent and every slot it must have (and no other).
    public struct Expectation: Sendable, Equatable {
        public var intent: String
        public var slots: [ExpectedSlot]

        public init(intent: String, slots: [ExpectedSlot]) {
            self.intent = intent
            self.slots = slots
        }
    }

    public var utterance: String
    /// "Now" for relative dates, when the annotation fixes it.
    public var referenceTimestamp: Date?
    /// The acceptable answers (Alexa's `expected` is a list); the annotation passes when the
    /// result meets one of them.
    public var expected: [Expectation]
    /// Where the annotation is in its file (`data[3]`, `line 7`).
    public var place: String
    /// Whether slot values are the words of the utterance (data-set JSON lines) rather than
    /// the values Alexa reports.
    public var valuesAreSpans: Bool

    public init(utterance: String, referenceTimestamp: Date? = nil, expected: [Expectation], place: String = "",
                valuesAreSpans: Bool = false) {
        self.utterance = utterance
        self.referenceTimestamp = referenceTimestamp
        self.expected = expected
        self.place = place
        self.valuesAreSpans = valuesAreSpans
    }

    /// Reads `2026-11-22T18:30:00.000Z`, `2026-11-22T18:30:00Z` (or with an offset) and `2026-11-22`.
    public static func parseTimestamp(_ text: String) -> Date? {
        let withFraction = ISO8601DateFormatter()
        withFraction.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = withFraction.date(from: text) { return d }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let d = plain.date(from: text) { return d }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        return day.date(from: text)
    }
}

/// Why an annotation set could not be read: the file, the line when known, and what is wrong.
public struct AnnotationSetError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}

/// Splits CSV text into rows of fields (RFC 4180: quoted fields may hold commas, quotes
/// written twice and line breaks).
enum CSVReader {
    struct Problem: Error {
        var line: Int
        var message: String
    }

    static func rows(_ text: String) throws -> [(line: Int, fields: [String])] {
        var rows: [(Int, [String])] = []
        var fields: [String] = []
        var field = ""
        var quoted = false
        var line = 1, rowLine = 1
        var atFieldStart = true
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < scalars.count, scalars[i + 1] == "\"" { field.unicodeScalars.append("\""); i += 1 } else { quoted = false }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" && atFieldStart {
                quoted = true
            } else if c == "," {
                fields.append(field)
                field = ""
                atFieldStart = true
                i += 1
                continue
            } else if c == "\n" || c == "\r" {
                if c == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" { i += 1 }
                fields.append(field)
                rows.append((rowLine, fields))
                fields = []
                field = ""
                line += 1
                rowLine = line
                atFieldStart = true
                i += 1
                continue
            } else {
                field.unicodeScalars.append(c)
            }
            atFieldStart = false
            i += 1
        }
        if quoted { throw Problem(line: rowLine, message: "a quoted field is not closed") }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            rows.append((rowLine, fields))
        }
        return rows
    }
}
