/// The bytes of JSON's punctuation.
enum JSONByte {
    static let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, slash: UInt8 = 0x2F
    static let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
    static let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
    static let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A, minus: UInt8 = 0x2D
}

/// The scanner holds only the buffer and a position, so that copying it (which debug builds
/// do often) costs nothing; line and column are computed only for an error.
struct JSONScanner {
    let p: UnsafeBufferPointer<UInt8>
    var i = 0

    init(p: UnsafeBufferPointer<UInt8>) {
        self.p = p
    }

    /// Line and column of `offset`, by counting from the start (error paths only).
    var source: LocationFinder { LocationFinder(p: p) }

    var n: Int { p.count }

    // MARK: Document

    mutating func document() throws(JSONSyntaxError) -> JSONNode {
        if n >= 2 && ((p[0] == 0xFF && p[1] == 0xFE) || (p[0] == 0xFE && p[1] == 0xFF)) {
            throw error(.utf16, at: 0,
                        "the file is UTF-16 encoded; JSON must be UTF-8 (save the file as UTF-8)")
        }
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { i = 3 }
        skipWhitespace()
        if i >= n {
            throw error(.emptyDocument, at: i, "the file is empty; expected a JSON object")
        }
        let root = try value(depth: 0, context: "a JSON value")
        skipWhitespace()
        if i < n {
            if let marker = conflictMarker(at: i) { throw marker }
            throw error(.trailingContent, at: i,
                        "unexpected \(describe(at: i)) after the end of the JSON document; "
                        + "a file holds one top-level value (delete the extra text, or check for a "
                        + "closing bracket too many above)")
        }
        return root
    }

    // MARK: Values

    mutating func value(depth: Int, context: String) throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        guard i < n else {
            throw error(.unexpectedEnd, at: i, "unexpected end of file; expected \(context)")
        }
        let start = i
        switch p[i] {
        case JSONByte.openBrace:
            return JSONNode(try object(depth: depth + 1), offset: start)
        case JSONByte.openBracket:
            return JSONNode(try array(depth: depth + 1), offset: start)
        case JSONByte.quote:
            return JSONNode(.string(try string()), offset: start)
        case JSONByte.minus, 0x30...0x39:
            return JSONNode(.number(try number()), offset: start)
        default:
            if let literal = try literal() { return JSONNode(literal, offset: start) }
            throw unexpected(at: i, expecting: context)
        }
    }

    mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        let open = i
        if depth > JSONParser.maximumDepth {
            throw error(.nestingTooDeep, at: open,
                        "objects and arrays are nested more than \(JSONParser.maximumDepth) levels deep")
        }
        i += 1
        var members: [JSONMember] = []
        skipWhitespace()
        if i < n && p[i] == JSONByte.closeBrace {
            i += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard i < n else { throw unclosed(open, "object") }
            let keyOffset = i
            guard p[i] == JSONByte.quote else {
                throw badKey(at: i)
            }
            let key = try string()
            skipWhitespace()
            guard i < n else { throw unclosed(open, "object") }
            guard p[i] == JSONByte.colon else {
                if let marker = conflictMarker(at: i) { throw marker }
                throw error(.missingColon, at: i,
                            "missing ':' after the key \"\(key)\" (write \"\(key)\": value)")
            }
            i += 1
            let member = try value(depth: depth, context: "a value for the key \"\(key)\"")
            members.append(JSONMember(key: key, keyOffset: keyOffset, value: member))
            let end = i
            skipWhitespace()
            guard i < n else { throw unclosed(open, "object") }
            switch p[i] {
            case JSONByte.comma:
                let commaOffset = i
                i += 1
                skipWhitespace()
                if i < n && p[i] == JSONByte.closeBrace {
                    throw error(.trailingComma, at: commaOffset,
                                "trailing comma after the last member of an object (remove this comma)")
                }
            case JSONByte.closeBrace:
                i += 1
                return .object(members)
            case JSONByte.closeBracket:
                throw mismatched(at: i, open: open, expected: "}")
            default:
                if let marker = conflictMarker(at: i) { throw marker }
                if isValueStart(p[i]) {
                    throw error(.missingComma, at: end,
                                "missing comma between two members of an object (add ',' here, before "
                                + "the \(describe(at: i)) at \(source.location(ofByte: i)))")
                }
                throw unexpected(at: i, expecting: "',' or '}' after an object member")
            }
        }
    }

    mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        let open = i
        if depth > JSONParser.maximumDepth {
            throw error(.nestingTooDeep, at: open,
                        "objects and arrays are nested more than \(JSONParser.maximumDepth) levels deep")
        }
        i += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if i < n && p[i] == JSONByte.closeBracket {
            i += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            guard i < n else { throw unclosed(open, "array") }
            if p[i] == JSONByte.closeBrace { throw mismatched(at: i, open: open, expected: "]") }
            elements.append(try value(depth: depth, context: "an array element"))
            let end = i
            skipWhitespace()
            guard i < n else { throw unclosed(open, "array") }
            switch p[i] {
            case JSONByte.comma:
                let commaOffset = i
                i += 1
                skipWhitespace()
                if i < n && p[i] == JSONByte.closeBracket {
                    throw error(.trailingComma, at: commaOffset,
                                "trailing comma after the last element of an array (remove this comma)")
                }
            case JSONByte.closeBracket:
                i += 1
                return .array(elements)
            case JSONByte.closeBrace:
                throw mismatched(at: i, open: open, expected: "]")
            default:
                if let marker = conflictMarker(at: i) { throw marker }
                if isValueStart(p[i]) {
                    throw error(.missingComma, at: end,
                                "missing comma between two elements of an array (add ',' here, before "
                                + "the \(describe(at: i)) at \(source.location(ofByte: i)))")
                }
                throw unexpected(at: i, expecting: "',' or ']' after an array element")
            }
        }
    }

    // MARK: Numbers and literals

    mutating func number() throws(JSONSyntaxError) -> String {
        let start = i
        var j = i
        if p[j] == JSONByte.minus { j += 1 }
        func digit(_ k: Int) -> Bool { k < n && p[k] >= 0x30 && p[k] <= 0x39 }
        guard digit(j) else {
            throw error(.invalidNumber, at: start, "invalid number: '-' must be followed by a digit")
        }
        if p[j] == 0x30 {
            j += 1
            if digit(j) {
                throw error(.invalidNumber, at: start,
                            "invalid number: JSON numbers cannot have leading zeros (write \(tokenText(from: start)) "
                            + "without them, or as a string)")
            }
        } else {
            while digit(j) { j += 1 }
        }
        if j < n && p[j] == 0x2E {
            j += 1
            guard digit(j) else {
                throw error(.invalidNumber, at: start,
                            "invalid number '\(tokenText(from: start))': a '.' must be followed by digits")
            }
            while digit(j) { j += 1 }
        }
        if j < n && (p[j] == 0x65 || p[j] == 0x45) {
            j += 1
            if j < n && (p[j] == 0x2B || p[j] == JSONByte.minus) { j += 1 }
            guard digit(j) else {
                throw error(.invalidNumber, at: start,
                            "invalid number '\(tokenText(from: start))': the exponent needs digits")
            }
            while digit(j) { j += 1 }
        }
        i = j
        return String(decoding: UnsafeBufferPointer(rebasing: p[start..<j]), as: UTF8.self)
    }

    /// `true`, `false` or `null` at `i`; nil when the text there is not a literal start.
    mutating func literal() throws(JSONSyntaxError) -> JSONValue? {
        let b = p[i]
        guard isWordByte(b) else { return nil }
        let word = tokenText(from: i)
        switch word {
        case "true": i += 4; return .bool(true)
        case "false": i += 5; return .bool(false)
        case "null": i += 4; return .null
        default:
            throw error(.invalidLiteral(word), at: i,
                        "unexpected word '\(word)' (JSON's only bare words are true, false and null, in "
                        + "lower case; put text in double quotes)")
        }
    }

    // MARK: Whitespace and helpers

    mutating func skipWhitespace() {
        while i < n {
            let b = p[i]
            if b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 { i += 1 } else { return }
        }
    }

    func isValueStart(_ b: UInt8) -> Bool {
        b == JSONByte.quote || b == JSONByte.openBrace || b == JSONByte.openBracket || b == JSONByte.minus || (b >= 0x30 && b <= 0x39)
            || b == 0x74 || b == 0x66 || b == 0x6E
    }

    func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24
    }

    /// The run of word characters (or a single character) starting at `k`, for messages.
    func tokenText(from k: Int) -> String {
        var j = k
        while j < n && j - k < 40 && (isWordByte(p[j]) || p[j] == 0x2E || p[j] == 0x2B || p[j] == JSONByte.minus) { j += 1 }
        if j == k { j = min(n, k + 1) }
        return String(decoding: UnsafeBufferPointer(rebasing: p[k..<j]), as: UTF8.self)
    }

    func describeByte(_ b: UInt8) -> String {
        if b >= 0x20 && b < 0x7F { return String(UnicodeScalar(b)) }
        return "U+\(hex4(UInt32(b)))"
    }

    /// A readable name of the character at `k`: `'x'`, `a line break`, `byte 0xE9`.
    func describe(at k: Int) -> String {
        guard k < n else { return "end of file" }
        let b = p[k]
        if b == JSONByte.quote { return "string" }
        if b == JSONByte.openBrace { return "'{'" }
        if b == JSONByte.openBracket { return "'['" }
        if b >= 0x20 && b < 0x7F { return "'\(String(UnicodeScalar(b)))'" }
        if b < 0x20 { return "control character U+\(hex4(UInt32(b)))" }
        let length = utf8SequenceLength(at: k)
        if length == 0 { return "byte 0x\(String(b, radix: 16, uppercase: true))" }
        let text = String(decoding: UnsafeBufferPointer(rebasing: p[k..<(k + length)]), as: UTF8.self)
        return "character '\(text)'"
    }

    func hex4(_ v: UInt32) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }
}
