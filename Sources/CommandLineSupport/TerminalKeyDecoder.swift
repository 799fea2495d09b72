/// Turns the bytes a terminal in raw mode sends into ``LineEditor/Key``s: UTF-8 text, control
/// keys (Ctrl-A home, Ctrl-E end, Ctrl-B/Ctrl-F left/right, Ctrl-P/Ctrl-N history, Ctrl-W and
/// Alt-Backspace delete a word, Ctrl-U/Ctrl-K delete to start/end, Ctrl-C, Ctrl-D, Enter) and
/// the escape sequences of arrows, Home, End and Delete in both the `ESC [` and `ESC O`
/// forms that xterm, the Linux console, tmux and macOS Terminal send. A sequence or UTF-8
/// character split across reads is kept until its last byte arrives; unknown sequences,
/// the Escape key and other control bytes are dropped.
public struct TerminalKeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// The keys that `bytes` (with what an earlier call left incomplete) complete.
    public mutating func keys(from bytes: some Sequence<UInt8>) -> [LineEditor.Key] {
        let fresh = Array(bytes)
        pending.append(contentsOf: fresh)
        var keys: [LineEditor.Key] = []
        var text: [UInt8] = []
        var i = 0
        func flushText() {
            if !text.isEmpty { keys.append(.insert(String(decoding: text, as: UTF8.self))); text = [] }
        }
        while i < pending.count {
            let b = pending[i]
            if b >= 0x20 && b != 0x7F {
                let length = Self.sequenceLength(lead: b)
                guard i + length <= pending.count else { break }
                text.append(contentsOf: pending[i..<(i + length)])
                i += length
                continue
            }
            flushText()
            if b == 0x1B {
                guard let (key, length) = Self.escape(pending[(i + 1)...]) else { break }
                if let key { keys.append(key) }
                i += 1 + length
                continue
            }
            // A carriage return followed by a line feed (pasted text) is one Enter.
            if b == 0x0D, i + 1 < pending.count, pending[i + 1] == 0x0A { i += 1 }
            if let key = Self.control[b] { keys.append(key) }
            i += 1
        }
        flushText()
        pending.removeFirst(i)
        // The Escape key alone arrives as one read of one byte: it means nothing, and kept it
        // would swallow the next key typed.
        if fresh == [0x1B] && pending == [0x1B] { pending = [] }
        return keys
    }

    static let control: [UInt8: LineEditor.Key] = [
        0x01: .home, 0x02: .left, 0x03: .interrupt, 0x04: .endOfInput, 0x05: .end, 0x06: .right,
        0x08: .backspace, 0x0A: .enter, 0x0B: .deleteToEnd, 0x0D: .enter, 0x0E: .historyNext,
        0x10: .historyPrevious, 0x15: .deleteToStart, 0x17: .deleteWordBackward, 0x7F: .backspace,
    ]

    /// Bytes of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte,
    /// which then decodes as a replacement character).
    static func sequenceLength(lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 1
        }
    }

    /// The key of the sequence after an ESC and how many bytes it took (the key is nil for a
    /// sequence that means nothing here), or nil when the sequence is not complete yet.
    static func escape(_ rest: ArraySlice<UInt8>) -> (LineEditor.Key?, Int)? {
        guard let first = rest.first else { return nil }
        switch first {
        case UInt8(ascii: "["):
            // CSI: parameter bytes, then one final byte in 0x40…0x7E.
            var end = rest.startIndex + 1
            while end < rest.endIndex, !(0x40...0x7E).contains(rest[end]) { end += 1 }
            guard end < rest.endIndex else { return nil }
            let parameters = String(decoding: rest[(rest.startIndex + 1)..<end], as: UTF8.self)
            return (csi(parameters: parameters, final: rest[end]), end - rest.startIndex + 1)
        case UInt8(ascii: "O"):
            guard rest.count >= 2 else { return nil }
            return (csi(parameters: "", final: rest[rest.startIndex + 1]), 2)
        case 0x7F, 0x08: return (.deleteWordBackward, 1)
        case UInt8(ascii: "b"): return (.wordLeft, 1)
        case UInt8(ascii: "f"): return (.wordRight, 1)
        default: return (nil, 1)
        }
    }

    static func csi(parameters: String, final: UInt8) -> LineEditor.Key? {
        // Ctrl- and Alt-arrows ("1;5D", "1;3C") move by words.
        let modified = parameters.hasPrefix("1;")
        switch (final, parameters) {
        case (UInt8(ascii: "A"), _): return .historyPrevious
        case (UInt8(ascii: "B"), _): return .historyNext
        case (UInt8(ascii: "C"), _): return modified ? .wordRight : .right
        case (UInt8(ascii: "D"), _): return modified ? .wordLeft : .left
        case (UInt8(ascii: "H"), _): return .home
        case (UInt8(ascii: "F"), _): return .end
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return .home
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return .end
        case (UInt8(ascii: "~"), "3"): return .delete
        default: return nil
        }
    }
}
