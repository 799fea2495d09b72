extension JSONScanner {
    // MARK: Strings

    /// Reads a string starting at the opening quote; validates UTF-8 as it goes.
    mutating func string() throws(JSONSyntaxError) -> String {
        let open = i
        var j = i + 1
        var segmentStart = j
        var buffer: [UInt8]? = nil
        while j < n {
            let b = p[j]
            if b == JSONByte.quote {
                let result: String
                if var copied = buffer {
                    copied.append(contentsOf: UnsafeBufferPointer(rebasing: p[segmentStart..<j]))
                    result = String(decoding: copied, as: UTF8.self)
                } else {
                    result = String(decoding: UnsafeBufferPointer(rebasing: p[segmentStart..<j]), as: UTF8.self)
                }
                i = j + 1
                return result
            } else if b == JSONByte.backslash {
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
        case JSONByte.quote: out.append(JSONByte.quote)
        case JSONByte.backslash: out.append(JSONByte.backslash)
        case JSONByte.slash: out.append(JSONByte.slash)
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
            if (0xD800...0xDBFF).contains(unit), next + 1 < n, p[next] == JSONByte.backslash, p[next + 1] == 0x75,
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
}
