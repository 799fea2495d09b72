/// SSML handling for speech: escape plain text, pass markup through, and read markup back as
/// plain text.
///
/// Skill code mixes the two freely (`"Tom & Jerry"`, `"Wait <break time='1s'/> now"`), as the
/// ASK SDK allows. Each `<…>` is kept only when it is a tag of Alexa's SSML vocabulary; every
/// other `<`, `>` and bare `&` is escaped, so plain text can never break the markup and
/// well-formed markup is never double-escaped.
public enum SSML {
    /// The SSML elements Alexa supports (`amazon:*` extensions included).
    static let elements: Set<String> = [
        "speak", "break", "emphasis", "lang", "p", "phoneme", "prosody", "s", "say-as", "sub",
        "voice", "w", "audio", "mark", "amazon:effect", "amazon:emotion", "amazon:domain",
        "amazon:auto-breaths", "amazon:breath", "amazon:breathing",
    ]

    /// Speech ready for `outputSpeech.ssml`: SSML passes through, plain text is escaped, and
    /// the result is wrapped in one `<speak>` element.
    public static func speech(_ text: String) -> String {
        wrap(escape(unwrap(text)))
    }

    /// Escapes characters that are not part of SSML markup.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let ch = chars[i]
            switch ch {
            case "<":
                if let end = tagEnd(chars, from: i) {
                    out.append(contentsOf: chars[i...end])
                    i = end + 1
                    continue
                }
                out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += entityEnd(chars, from: i) != nil ? "&" : "&amp;"
            default: out.append(ch)
            }
            i += 1
        }
        return out
    }

    /// Wraps speech in `<speak>…</speak>` (unless it already is).
    public static func wrap(_ ssml: String) -> String {
        let trimmed = ssml.trimmingWhitespace
        if trimmed.hasPrefix("<speak>") && trimmed.hasSuffix("</speak>") { return trimmed }
        return "<speak>" + trimmed + "</speak>"
    }

    /// The content of a `<speak>` element, or the text as it is.
    public static func unwrap(_ ssml: String) -> String {
        var s = ssml.trimmingWhitespace
        if s.hasPrefix("<speak>") && s.hasSuffix("</speak>") {
            s = String(s.dropFirst("<speak>".count).dropLast("</speak>".count))
        }
        return s.trimmingWhitespace
    }

    /// Joins several pieces of speech into one, as when a handler's words precede a dialog prompt.
    public static func join(_ pieces: [String]) -> String {
        wrap(pieces.map { unwrap($0) }.filter { !$0.isEmpty }.joined(separator: " "))
    }

    /// The words of an output speech: tags removed, entities decoded, spaces collapsed.
    public static func plainText(of speech: OutputSpeech) -> String {
        switch speech {
        case .plainText(let text, _): collapse(text)
        case .ssml(let ssml, _): plainText(ssml)
        }
    }

    /// The words of SSML markup: tags removed, entities decoded, spaces collapsed. A `<sub>`
    /// element's alias is what is spoken, so it replaces the element's text.
    public static func plainText(_ ssml: String) -> String {
        var out = ""
        let chars = Array(ssml)
        var i = 0
        var skipUntilSubEnd = false
        while i < chars.count {
            if chars[i] == "<", let end = chars[i...].firstIndex(of: ">") {
                let tag = String(chars[(i + 1)..<end])
                if tag.hasPrefix("sub "), let alias = attribute("alias", in: tag) {
                    out += " " + alias + " "
                    skipUntilSubEnd = true
                } else if tag == "/sub" {
                    skipUntilSubEnd = false
                } else if tag.hasPrefix("break") || tag == "/p" || tag == "/s" {
                    out += " "
                }
                i = end + 1
                continue
            }
            if !skipUntilSubEnd {
                if chars[i] == "&", let end = entityEnd(chars, from: i) {
                    out += decodeEntity(String(chars[i...end]))
                    i = end + 1
                    continue
                }
                out.append(chars[i])
            }
            i += 1
        }
        return collapse(out)
    }

    // MARK: - Scanning

    /// The index of the `>` closing an SSML tag that starts at `start`, or nil if what starts
    /// there is not a tag of the SSML vocabulary.
    static func tagEnd(_ chars: [Character], from start: Int) -> Int? {
        var j = start + 1
        if j < chars.count, chars[j] == "/" { j += 1 }
        var name = ""
        while j < chars.count, chars[j].isLetter || chars[j] == ":" || chars[j] == "-" {
            name.append(chars[j])
            j += 1
        }
        guard elements.contains(name.lowercased()), j < chars.count else { return nil }
        guard chars[j] == ">" || chars[j] == "/" || chars[j].isWhitespace else { return nil }
        var quote: Character?
        while j < chars.count {
            let c = chars[j]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "<" {
                return nil
            } else if c == ">" {
                return j
            }
            j += 1
        }
        return nil
    }

    /// The index of the `;` ending an XML entity that starts at `start`, or nil.
    static func entityEnd(_ chars: [Character], from start: Int) -> Int? {
        var j = start + 1
        var body = ""
        while j < chars.count, j - start <= 10 {
            if chars[j] == ";" {
                if ["amp", "lt", "gt", "quot", "apos"].contains(body) { return j }
                if body.hasPrefix("#x"), body.count > 2, body.dropFirst(2).allSatisfy(\.isHexDigit) { return j }
                if body.hasPrefix("#"), body.count > 1, body.dropFirst().allSatisfy(\.isNumber) { return j }
                return nil
            }
            body.append(chars[j])
            j += 1
        }
        return nil
    }

    static func decodeEntity(_ entity: String) -> String {
        switch entity {
        case "&amp;": return "&"
        case "&lt;": return "<"
        case "&gt;": return ">"
        case "&quot;": return "\""
        case "&apos;": return "'"
        default:
            let body = entity.dropFirst(2).dropLast()
            let code = entity.hasPrefix("&#x") ? UInt32(body.dropFirst(), radix: 16) : UInt32(body, radix: 10)
            if let code, let scalar = Unicode.Scalar(code) { return String(Character(scalar)) }
            return entity
        }
    }

    static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: name + "=") else { return nil }
        let rest = tag[range.upperBound...]
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let body = rest.dropFirst()
        guard let close = body.firstIndex(of: quote) else { return nil }
        return plainText(String(body[..<close]))
    }

    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension String {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return String(s)
    }
}
