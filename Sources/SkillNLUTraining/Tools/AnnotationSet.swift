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
