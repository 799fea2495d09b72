extension JSONScanner {
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
        case JSONByte.slash:
            return error(.comment, at: k, "comments are not allowed in JSON; delete the comment")
        case 0x2E, 0x2B:
            return error(.invalidNumber, at: k,
                         "invalid number '\(tokenText(from: k))': JSON numbers start with a digit or '-'")
        case JSONByte.comma:
            return error(.unexpectedCharacter, at: k,
                         "unexpected ',' where \(expecting) was expected (an element is missing, or there is one comma too many)")
        case JSONByte.closeBrace, JSONByte.closeBracket:
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
        if b == JSONByte.closeBracket {
            return error(.mismatchedBracket, at: k, "unexpected ']' where an object key or '}' was expected")
        }
        return unexpected(at: k, expecting: "an object key in double quotes")
    }
}

/// Turns an offset into a line and column without a prebuilt index.
struct LocationFinder {
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
