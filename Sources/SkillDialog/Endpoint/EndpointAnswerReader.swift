import Foundation

/// Reads a backend's HTTP answer into a ``ResponseEnvelope``, refusing what Alexa refuses: a
/// status other than 2xx, a body that is not a JSON object, and a response that breaks the
/// documented format (no `version` or `response`, speech of an unknown type or SSML outside
/// `<speak>`, a member of the wrong type, a dialog directive in a response that ends the
/// session). The error names the member at fault by its path, such as `response.outputSpeech.ssml`.
struct EndpointAnswerReader: Sendable {
    /// The endpoint, for the messages.
    let url: String

    func read(status: Int, contentType: String?, body: Data) throws(SkillEndpointError) -> ResponseEnvelope {
        let text = String(decoding: body.prefix(4096), as: UTF8.self)
        guard (200..<300).contains(status) else { throw .httpStatus(url: url, status: status, body: text) }
        guard let json = try? JSONDecoder().decode(JSONValue.self, from: body), case .object = json else {
            throw .notJSON(url: url, contentType: contentType, body: text)
        }
        if let problem = Self.problem(in: json) { throw .invalidResponse(url: url, problem: problem) }
        do {
            return try JSONDecoder().decode(ResponseEnvelope.self, from: body)
        } catch let error as DecodingError {
            throw .invalidResponse(url: url, problem: Self.describe(error))
        } catch {
            throw .invalidResponse(url: url, problem: "\(error)")
        }
    }

    /// What the response envelope breaks that decoding alone would let through, if anything.
    static func problem(in envelope: JSONValue) -> String? {
        guard let version = envelope["version"], !version.isNull else { return "`version` is missing" }
        guard version.stringValue != nil else { return "`version` is not a string" }
        if let attributes = envelope["sessionAttributes"], !attributes.isNull, attributes.objectValue == nil {
            return "`sessionAttributes` is not an object"
        }
        guard let response = envelope["response"], !response.isNull else { return "`response` is missing" }
        guard response.objectValue != nil else { return "`response` is not an object" }
        if let problem = speechProblem(response["outputSpeech"], at: "response.outputSpeech") { return problem }
        if let reprompt = response["reprompt"], !reprompt.isNull,
           let problem = speechProblem(reprompt["outputSpeech"], at: "response.reprompt.outputSpeech") {
            return problem
        }
        let ends = response["shouldEndSession"]?.boolValue == true
        for (index, directive) in (response["directives"]?.arrayValue ?? []).enumerated() {
            guard let type = directive["type"]?.stringValue else {
                return "`response.directives[\(index)].type` is missing"
            }
            if ends && type.hasPrefix("Dialog.") {
                return "`response.directives[\(index)]` is \(type), but `response.shouldEndSession` is true "
                    + "(a dialog directive needs the session to stay open)"
            }
        }
        return nil
    }

    private static func speechProblem(_ speech: JSONValue?, at path: String) -> String? {
        guard let speech, !speech.isNull else { return nil }
        switch speech["type"]?.stringValue {
        case "SSML":
            guard let ssml = speech["ssml"]?.stringValue else { return "`\(path).ssml` is missing" }
            let trimmed = ssml.trimmingWhitespace
            guard trimmed.hasPrefix("<speak>") || trimmed.hasPrefix("<speak "), trimmed.hasSuffix("</speak>") else {
                return "`\(path).ssml` is not wrapped in <speak>…</speak>"
            }
            return nil
        case "PlainText":
            return speech["text"]?.stringValue == nil ? "`\(path).text` is missing" : nil
        case let other?:
            return "`\(path).type` is \"\(other)\"; it must be \"PlainText\" or \"SSML\""
        case nil:
            return "`\(path).type` is missing"
        }
    }

    /// A decoding error in words: which member, and what is wrong with it.
    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            "`\(path(context.codingPath + [key]))` is missing"
        case .valueNotFound(_, let context):
            "`\(path(context.codingPath))` is null"
        case .typeMismatch(let type, let context):
            "`\(path(context.codingPath))` is not \(kind(type))"
        case .dataCorrupted(let context):
            "`\(path(context.codingPath))`: \(context.debugDescription)"
        @unknown default:
            "\(error)"
        }
    }

    /// `response.directives[0].slotToElicit` for a coding path.
    static func path(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let index = key.intValue {
                out += "[\(index)]"
            } else {
                out += (out.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return out.isEmpty ? "the response envelope" : out
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Double.Type, is Int.Type: "a number"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "an object"
        default: "of the expected type (\(type))"
        }
    }
}
