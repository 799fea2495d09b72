/// A strict JSON parser (RFC 8259) that keeps byte offsets and explains its errors.
///
/// It accepts exactly JSON, plus a leading UTF-8 byte-order mark, and rejects everything else
/// with a ``JSONSyntaxError`` that names the mistake a person made: trailing or missing commas,
/// merge-conflict markers, bytes that are not UTF-8, line breaks inside strings, comments,
/// single quotes. It is a single pass over the bytes with no backtracking, so even a
/// multi-megabyte model parses quickly in a debug build.
public enum JSONParser {
    /// How deep objects and arrays may nest; interaction models use fewer than ten levels, and
    /// the limit keeps hostile input from exhausting the stack.
    public static let maximumDepth = 200

    /// Parses a whole JSON document.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        try parse(SourceText(bytes))
    }

    /// Parses a whole JSON document whose line index is already built.
    public static func parse(_ source: SourceText) throws(JSONSyntaxError) -> JSONNode {
        let bytes = source.bytes
        let result: Result<JSONNode, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = Scanner(p: buffer)
            do throws(JSONSyntaxError) {
                return .success(try scanner.document())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

// MARK: - Scanner

private let quote: UInt8 = 0x22, backslash: UInt8 = 0x5C, slash: UInt8 = 0x2F
private let openBrace: UInt8 = 0x7B, closeBrace: UInt8 = 0x7D
private let openBracket: UInt8 = 0x5B, closeBracket: UInt8 = 0x5D
private let comma: UInt8 = 0x2C, colon: UInt8 = 0x3A, minus: UInt8 = 0x2D

/// The scanner holds only the buffer and a position, so that copying it (which debug builds
/// do often) costs nothing; line and column are computed only for an error.
private struct Scanner {
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
        case openBrace:
            return JSONNode(try object(depth: depth + 1), offset: start)
        case openBracket:
            return JSONNode(try array(depth: depth + 1), offset: start)
        case quote:
            return JSONNode(.string(try string()), offset: start)
        case minus, 0x30...0x39:
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
        if i < n && p[i] == closeBrace {
            i += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard i < n else { throw unclosed(open, "object") }
            let keyOffset = i
            guard p[i] == quote else {
                throw badKey(at: i)
            }
            let key = try string()
            skipWhitespace()
            guard i < n else { throw unclosed(open, "object") }
            guard p[i] == colon else {
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
            case comma:
                let commaOffset = i
                i += 1
                skipWhitespace()
                if i < n && p[i] == closeBrace {
                    throw error(.trailingComma, at: commaOffset,
                                "trailing comma after the last member of an object (remove this comma)")
                }
            case closeBrace:
                i += 1
                return .object(members)
            case closeBracket:
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
        if i < n && p[i] == closeBracket {
            i += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            guard i < n else { throw unclosed(open, "array") }
            if p[i] == closeBrace { throw mismatched(at: i, open: open, expected: "]") }
            elements.append(try value(depth: depth, context: "an array element"))
            let end = i
            skipWhitespace()
            guard i < n else { throw unclosed(open, "array") }
            switch p[i] {
            case comma:
                let commaOffset = i
                i += 1
                skipWhitespace()
                if i < n && p[i] == closeBracket {
                    throw error(.trailingComma, at: commaOffset,
                                "trailing comma after the last element of an array (remove this comma)")
                }
            case closeBracket:
                i += 1
                return .array(elements)
            case closeBrace:
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

    // MARK: Strings

    /// Reads a string starting at the opening quote; validates UTF-8 as it goes.
    mutating func string() throws(JSONSyntaxError) -> String {
        let open = i
        var j = i + 1
        var segmentStart = j
        var buffer: [UInt8]? = nil
        while j < n {
            let b = p[j]
            if b == quote {
                let result: String
                if var copied = buffer {
                    copied.append(contentsOf: UnsafeBufferPointer(rebasing: p[segmentStart..<j]))
                    result = String(decoding: copied, as: UTF8.self)
                } else {
                    result = String(decoding: UnsafeBufferPointer(rebasing: p[segmentStart..<j]), as: UTF8.self)
                }
                i = j + 1
                return result
            } else if b == backslash {
                if buffer == nil { buffer = [] }
                buffer!.append(contentsOf: UnsafeBufferPointer(rebasing: p[segmentStart..<j]))
                j = try escape(at: j, into: &buffer!)
                segmentStart = j
            } else if b < 0x20 {
                if b == 0x0A || b == 0x0D {
                    throw error(.lineBreakInString, at: j,
                                "raw line break inside a string (the string opened at "
                                + "\(source.location(ofByte: open)) must end on the same line: remove the "
                                + "line break, or write it as \\n)")
                }
                throw error(.controlCharacterInString(b), at: j,
                            "raw control character U+\(hex4(UInt32(b))) inside a string (write it as "
                            + "\(b == 0x09 ? "\\t" : "\\u\(hex4(UInt32(b)))") or delete it)")
            } else if b < 0x80 {
                j += 1
            } else {
                let length = utf8SequenceLength(at: j)
                if length == 0 { throw invalidUTF8(at: j) }
                j += length
            }
        }
        throw error(.unterminatedString, at: open,
                    "the string that starts here is never closed (add the closing '\"')")
    }

    /// Decodes the escape at `j` (the backslash) into `out`; returns the offset after it.
    func escape(at j: Int, into out: inout [UInt8]) throws(JSONSyntaxError) -> Int {
        guard j + 1 < n else {
            throw error(.unterminatedString, at: j, "unexpected end of file inside a string")
        }
        switch p[j + 1] {
        case quote: out.append(quote)
        case backslash: out.append(backslash)
        case slash: out.append(slash)
        case 0x62: out.append(0x08) // b
        case 0x66: out.append(0x0C) // f
        case 0x6E: out.append(0x0A) // n
        case 0x72: out.append(0x0D) // r
        case 0x74: out.append(0x09) // t
        case 0x75: // u
            guard let unit = hexQuad(at: j + 2) else {
                throw error(.invalidEscape, at: j,
                            "invalid \\u escape: expected four hexadecimal digits after \\u")
            }
            var next = j + 6
            var scalar: Unicode.Scalar?
            if (0xD800...0xDBFF).contains(unit), next + 1 < n, p[next] == backslash, p[next + 1] == 0x75,
               let low = hexQuad(at: next + 2), (0xDC00...0xDFFF).contains(low) {
                scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                next += 6
            } else {
                scalar = Unicode.Scalar(unit)
            }
            // A lone surrogate is valid JSON syntax but not text: keep going with U+FFFD.
            let s = scalar ?? "\u{FFFD}"
            out.append(contentsOf: Array(String(Character(s)).utf8))
            return next
        default:
            throw error(.invalidEscape, at: j,
                        "invalid escape '\\\(describeByte(p[j + 1]))' in a string (JSON knows \\\" \\\\ \\/ "
                        + "\\b \\f \\n \\r \\t and \\uXXXX; write a backslash as \\\\)")
        }
        return j + 2
    }

    func hexQuad(at k: Int) -> UInt32? {
        guard k + 4 <= n else { return nil }
        var v: UInt32 = 0
        for m in k..<(k + 4) {
            let b = p[m]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: return nil
            }
            v = v << 4 | d
        }
        return v
    }

    /// The length of the valid UTF-8 sequence at `k`, or 0 when the bytes there are not UTF-8.
    func utf8SequenceLength(at k: Int) -> Int {
        let b0 = p[k]
        func cont(_ m: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
            m < n && p[m] >= lo && p[m] <= hi
        }
        switch b0 {
        case 0xC2...0xDF: return cont(k + 1) ? 2 : 0
        case 0xE0: return cont(k + 1, 0xA0) && cont(k + 2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(k + 1) && cont(k + 2) ? 3 : 0
        case 0xED: return cont(k + 1, 0x80, 0x9F) && cont(k + 2) ? 3 : 0
        case 0xF0: return cont(k + 1, 0x90) && cont(k + 2) && cont(k + 3) ? 4 : 0
        case 0xF1...0xF3: return cont(k + 1) && cont(k + 2) && cont(k + 3) ? 4 : 0
        case 0xF4: return cont(k + 1, 0x80, 0x8F) && cont(k + 2) && cont(k + 3) ? 4 : 0
        default: return 0
        }
    }

    /// The offset of the first byte of the bad sequence that starts at `k`.
    func invalidUTF8(at k: Int) -> JSONSyntaxError {
        // Point at the byte that breaks the sequence: the lead byte itself when it cannot start
        // one, else the first continuation byte that is wrong.
        var bad = k
        let b0 = p[k]
        if (0xC2...0xF4).contains(b0) {
            bad = k + 1
            while bad < n && bad < k + 4 && p[bad] & 0xC0 == 0x80 { bad += 1 }
            if bad >= n || p[bad] & 0xC0 != 0x80 { bad = k }
        }
        let byte = p[bad]
        var hint = "the file is probably saved as Latin-1 or Windows-1252; save it as UTF-8"
        if byte >= 0x80 && byte <= 0xBF && bad == k {
            hint = "a continuation byte without a lead byte; the file is probably not UTF-8 (save it as UTF-8)"
        }
        return error(.invalidUTF8(byte: byte), at: bad,
                     "invalid UTF-8 byte 0x\(String(byte, radix: 16, uppercase: true)) (\(hint))")
    }

    // MARK: Numbers and literals

    mutating func number() throws(JSONSyntaxError) -> String {
        let start = i
        var j = i
        if p[j] == minus { j += 1 }
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
            if j < n && (p[j] == 0x2B || p[j] == minus) { j += 1 }
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
        b == quote || b == openBrace || b == openBracket || b == minus || (b >= 0x30 && b <= 0x39)
            || b == 0x74 || b == 0x66 || b == 0x6E
    }

    func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x24
    }

    /// The run of word characters (or a single character) starting at `k`, for messages.
    func tokenText(from k: Int) -> String {
        var j = k
        while j < n && j - k < 40 && (isWordByte(p[j]) || p[j] == 0x2E || p[j] == 0x2B || p[j] == minus) { j += 1 }
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
        if b == quote { return "string" }
        if b == openBrace { return "'{'" }
        if b == openBracket { return "'['" }
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

    // MARK: Errors

    func error(_ kind: JSONSyntaxError.Kind, at offset: Int, _ message: String) -> JSONSyntaxError {
        JSONSyntaxError(kind: kind, offset: offset, location: source.location(ofByte: offset), message: message)
    }

    func unclosed(_ open: Int, _ what: String) -> JSONSyntaxError {
        let closer = what == "object" ? "}" : "]"
        return error(.unexpectedEnd, at: n,
                     "unexpected end of file: the \(what) opened at \(source.location(ofByte: open)) is never "
                     + "closed (add the missing '\(closer)', or look for a missing quote above)")
    }

    func mismatched(at k: Int, open: Int, expected: String) -> JSONSyntaxError {
        error(.mismatchedBracket, at: k,
              "'\(String(UnicodeScalar(p[k])))' does not match the '\(expected == "}" ? "{" : "[")' opened at "
              + "\(source.location(ofByte: open)) (expected '\(expected)')")
    }

    /// A git merge-conflict marker line starting at `k` (only whitespace before it on its line).
    func conflictMarker(at k: Int) -> JSONSyntaxError? {
        guard k < n else { return nil }
        let b = p[k]
        guard b == 0x3C || b == 0x3D || b == 0x3E || b == 0x7C else { return nil } // < = > |
        var j = k
        while j < n && p[j] == b { j += 1 }
        guard j - k == 7 else { return nil }
        guard j == n || p[j] == 0x20 || p[j] == 0x0A || p[j] == 0x0D || p[j] == 0x09 else { return nil }
        var s = k - 1
        while s >= 0 && (p[s] == 0x20 || p[s] == 0x09) { s -= 1 }
        guard s < 0 || p[s] == 0x0A || p[s] == 0x0D else { return nil }
        var e = k
        while e < n && p[e] != 0x0A && p[e] != 0x0D && e - k < 60 { e += 1 }
        let line = String(decoding: UnsafeBufferPointer(rebasing: p[k..<e]), as: UTF8.self)
        return error(.mergeConflictMarker, at: k,
                     "merge-conflict marker '\(line)' left in the file (resolve the conflict: keep the right "
                     + "version and delete the <<<<<<<, ======= and >>>>>>> lines)")
    }

    /// The error for a character that cannot start what the grammar expects here.
    func unexpected(at k: Int, expecting: String) -> JSONSyntaxError {
        if let marker = conflictMarker(at: k) { return marker }
        let b = p[k]
        switch b {
        case 0x27:
            return error(.singleQuotes, at: k,
                         "single quotes are not JSON; use double quotes (\"...\") for strings and keys")
        case slash:
            return error(.comment, at: k, "comments are not allowed in JSON; delete the comment")
        case 0x2E, 0x2B:
            return error(.invalidNumber, at: k,
                         "invalid number '\(tokenText(from: k))': JSON numbers start with a digit or '-'")
        case comma:
            return error(.unexpectedCharacter, at: k,
                         "unexpected ',' where \(expecting) was expected (an element is missing, or there is one comma too many)")
        case closeBrace, closeBracket:
            return error(.unexpectedCharacter, at: k,
                         "unexpected '\(String(UnicodeScalar(b)))' where \(expecting) was expected")
        default:
            if b >= 0x80 && utf8SequenceLength(at: k) == 0 { return invalidUTF8(at: k) }
            return error(.unexpectedCharacter, at: k,
                         "unexpected \(describe(at: k)) where \(expecting) was expected")
        }
    }

    /// The error for something at a key position that is not a string.
    func badKey(at k: Int) -> JSONSyntaxError {
        if let marker = conflictMarker(at: k) { return marker }
        let b = p[k]
        if isWordByte(b) {
            return error(.unquotedKey, at: k,
                         "object key '\(tokenText(from: k))' is not in double quotes (write \"\(tokenText(from: k))\")")
        }
        if b == closeBracket {
            return error(.mismatchedBracket, at: k, "unexpected ']' where an object key or '}' was expected")
        }
        return unexpected(at: k, expecting: "an object key in double quotes")
    }
}

/// Turns an offset into a line and column without a prebuilt index.
private struct LocationFinder {
    let p: UnsafeBufferPointer<UInt8>

    func location(ofByte offset: Int) -> SourceLocation {
        let end = min(offset, p.count)
        var line = 1, column = 1
        var k = 0
        if p.count >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF && end >= 3 { k = 3 }
        while k < end {
            let b = p[k]
            if b == 0x0A {
                line += 1; column = 1
            } else if b == 0x0D {
                if k + 1 < p.count && p[k + 1] == 0x0A { k += 1 }
                line += 1; column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
            k += 1
        }
        return SourceLocation(line: line, column: column)
    }
}
