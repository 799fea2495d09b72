/// The line a person is typing at the chat's prompt: its characters, the cursor and the
/// history of earlier lines, changed by one key at a time. A value with no terminal behind it,
/// so that every key's effect is tested as plain data; ``TerminalLineReader`` feeds it the
/// keys ``TerminalKeyDecoder`` reads and draws ``rendering(prompt:)``.
///
/// The cursor counts `Character`s, so "ü", "東" or "é" written as e + combining accent moves
/// and deletes as one.
public struct LineEditor: Sendable, Equatable {
    /// What a key asks for.
    public enum Key: Sendable, Equatable {
        /// Typed or pasted text (no control characters).
        case insert(String)
        case left, right, home, end, wordLeft, wordRight
        /// Backspace deletes before the cursor, delete at it.
        case backspace, delete
        /// Ctrl-W and Alt-Backspace: the word before the cursor (and the spaces after it).
        case deleteWordBackward
        /// Ctrl-U and Ctrl-K: everything before, or from, the cursor.
        case deleteToStart, deleteToEnd
        /// Up and down: earlier and later lines of the history.
        case historyPrevious, historyNext
        case enter
        /// Ctrl-C: the line is dropped.
        case interrupt
        /// Ctrl-D: ends the chat on an empty line, else deletes at the cursor.
        case endOfInput
    }

    /// What happened after a key.
    public enum Outcome: Sendable, Equatable {
        /// The line changed or the cursor moved (or nothing happened).
        case editing
        /// Enter: the line is done (and in the history unless blank or a repeat of the last).
        case submitted(String)
        /// Ctrl-C cleared the line.
        case cleared
        /// Ctrl-D on an empty line.
        case endOfInput
    }

    public private(set) var characters: [Character] = []
    /// Characters before the cursor (0 … `characters.count`).
    public private(set) var cursor = 0
    /// Earlier lines, oldest first, at most ``historyLimit``.
    public private(set) var history: [String]
    public let historyLimit: Int
    /// Which history line is shown: `history.count` for the line being written.
    private var historyIndex: Int
    /// The line being written, kept while the history is browsed.
    private var draft: [Character] = []

    public init(history: [String] = [], historyLimit: Int = 500) {
        self.historyLimit = max(1, historyLimit)
        self.history = Array(history.suffix(self.historyLimit))
        historyIndex = self.history.count
    }

    public var text: String { String(characters) }

    public mutating func apply(_ key: Key) -> Outcome {
        switch key {
        case .insert(let s): insert(s)
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .wordLeft: cursor = startOfWord(before: cursor)
        case .wordRight: cursor = endOfWord(after: cursor)
        case .backspace:
            if cursor > 0 { characters.remove(at: cursor - 1); cursor -= 1 }
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .deleteWordBackward:
            let start = startOfWord(before: cursor)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .deleteToStart:
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .deleteToEnd:
            characters.removeSubrange(cursor...)
        case .historyPrevious: showHistory(historyIndex - 1)
        case .historyNext: showHistory(historyIndex + 1)
        case .enter:
            let line = text
            if !line.allSatisfy(\.isWhitespace), history.last != line {
                history.append(line)
                if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
            }
            reset()
            return .submitted(line)
        case .interrupt:
            reset()
            return .cleared
        case .endOfInput:
            if characters.isEmpty { return .endOfInput }
            if cursor < characters.count { characters.remove(at: cursor) }
        }
        return .editing
    }

    /// What to write to redraw the line: back to the first column, the prompt and the text,
    /// the rest of the row erased, and the cursor moved back over the text after it. (A line
    /// wider than the terminal wraps, and is then redrawn from its last row only.)
    public func rendering(prompt: String) -> String {
        let tail = DisplayWidth.columns(of: characters[cursor...])
        return "\r" + prompt + text + "\u{1B}[K" + (tail > 0 ? "\u{1B}[\(tail)D" : "")
    }

    private mutating func insert(_ s: String) {
        let typed = s.filter { !$0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } }
        guard !typed.isEmpty else { return }
        // Joined as strings, so a combining mark typed after "e" becomes part of it.
        let before = String(characters[..<cursor]) + typed
        let joined = Array(before + String(characters[cursor...]))
        cursor = min(before.count, joined.count)
        characters = joined
    }

    private mutating func showHistory(_ index: Int) {
        guard index >= 0, index <= history.count, index != historyIndex else { return }
        if historyIndex == history.count { draft = characters }
        historyIndex = index
        characters = index == history.count ? draft : Array(history[index])
        cursor = characters.count
    }

    private mutating func reset() {
        characters = []
        cursor = 0
        draft = []
        historyIndex = history.count
    }

    private func startOfWord(before position: Int) -> Int {
        var i = position
        while i > 0, characters[i - 1].isWhitespace { i -= 1 }
        while i > 0, !characters[i - 1].isWhitespace { i -= 1 }
        return i
    }

    private func endOfWord(after position: Int) -> Int {
        var i = position
        while i < characters.count, characters[i].isWhitespace { i += 1 }
        while i < characters.count, !characters[i].isWhitespace { i += 1 }
        return i
    }
}
