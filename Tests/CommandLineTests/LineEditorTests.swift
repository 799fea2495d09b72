import CommandLineSupport
import Foundation
import Testing

/// The chat's line editing as plain data: keys in, line, cursor and history out.
@Suite struct LineEditorTests {
    /// Applies `keys` (strings are typed text) and returns the editor and the last outcome.
    func edit(_ keys: [LineEditor.Key], from editor: LineEditor = LineEditor()) -> (LineEditor, LineEditor.Outcome) {
        var editor = editor
        var outcome = LineEditor.Outcome.editing
        for key in keys { outcome = editor.apply(key) }
        return (editor, outcome)
    }

    @Test func cursorMovesAndEditsInTheMiddle() {
        let (e, _) = edit([.insert("play some musci"), .left, .backspace, .left, .left, .left, .insert("x"),
                           .home, .insert("y"), .end, .insert("!")])
        #expect(e.text == "yplay some xmusi!")
        #expect(e.cursor == e.characters.count)
        let (d, _) = edit([.insert("abcd"), .home, .right, .delete, .right, .insert("Z")])
        #expect(d.text == "acZd" && d.cursor == 3)
        let (bounds, _) = edit([.insert("ab"), .right, .right, .delete, .home, .left, .backspace])
        #expect(bounds.text == "ab" && bounds.cursor == 0, "keys at either end do nothing")
    }

    @Test func wordsAreDeletedBackwardAndSkipped() {
        let (e, _) = edit([.insert("order two  big pizzas  "), .deleteWordBackward])
        #expect(e.text == "order two  big ")
        let (m, _) = edit([.insert("order two big pizzas"), .wordLeft, .deleteWordBackward])
        #expect(m.text == "order two pizzas" && m.cursor == 10)
        let (r, _) = edit([.insert("one two three"), .home, .wordRight, .wordRight, .insert("!")])
        #expect(r.text == "one two! three")
        let (k, _) = edit([.insert("one two three"), .wordLeft, .deleteToEnd])
        #expect(k.text == "one two ")
        let (u, _) = edit([.insert("one two three"), .wordLeft, .deleteToStart])
        #expect(u.text == "three" && u.cursor == 0)
    }

    @Test func multiByteCharactersEditAsOne() {
        let (e, _) = edit([.insert("ab東京cd"), .left, .left, .left, .backspace, .insert("X")])
        #expect(e.text == "abX京cd" && e.cursor == 3)
        let (g, _) = edit([.insert("Grüße"), .left, .backspace])
        #expect(g.text == "Grüe")
        // e typed, then a combining acute accent: one character, deleted by one backspace.
        let (c, _) = edit([.insert("caf"), .insert("e"), .insert("\u{301}")])
        #expect(c.characters.count == 4 && c.text == "caf\u{65}\u{301}")
        let (c2, _) = edit([.backspace], from: c)
        #expect(c2.text == "caf")
        let (emoji, _) = edit([.insert("hi 👋🏽!"), .left, .backspace])
        #expect(emoji.text == "hi !")
    }

    @Test func controlCharactersAreNotInserted() {
        let (e, _) = edit([.insert("a\u{7}b\u{1B}c\u{7F}")])
        #expect(e.text == "abc")
    }

    @Test func enterSubmitsAndKeepsHistoryWithoutRepeats() {
        var (e, outcome) = edit([.insert("hello"), .enter])
        #expect(outcome == .submitted("hello") && e.text.isEmpty && e.cursor == 0)
        (e, _) = edit([.insert("hello"), .enter, .insert("  "), .enter, .insert("bye"), .enter], from: e)
        #expect(e.history == ["hello", "bye"], "blank lines and a repeat of the last line are not kept")
    }

    @Test func upAndDownBrowseHistoryAndKeepTheDraft() {
        let editor = LineEditor(history: ["first", "second"])
        var (e, _) = edit([.insert("draft"), .historyPrevious], from: editor)
        #expect(e.text == "second" && e.cursor == 6)
        (e, _) = edit([.historyPrevious, .historyPrevious], from: e)
        #expect(e.text == "first", "up at the oldest line stays there")
        (e, _) = edit([.historyNext, .historyNext], from: e)
        #expect(e.text == "draft", "down past the newest line brings back what was being typed")
        (e, _) = edit([.historyNext], from: e)
        #expect(e.text == "draft")
        // A recalled line can be edited and sent; the history keeps the original too.
        let (sent, outcome) = edit([.historyPrevious, .historyPrevious, .insert(" again"), .enter], from: editor)
        #expect(outcome == .submitted("first again"))
        #expect(sent.history == ["first", "second", "first again"])
    }

    @Test func historyIsBounded() {
        var e = LineEditor(history: (0..<10).map(String.init), historyLimit: 5)
        #expect(e.history == ["5", "6", "7", "8", "9"])
        _ = e.apply(.insert("new"))
        _ = e.apply(.enter)
        #expect(e.history == ["6", "7", "8", "9", "new"])
    }

    @Test func ctrlCClearsAndCtrlDEndsOnlyAnEmptyLine() {
        var (e, outcome) = edit([.insert("abc"), .interrupt])
        #expect(outcome == .cleared && e.text.isEmpty)
        (e, outcome) = edit([.insert("abc"), .home, .endOfInput], from: e)
        #expect(outcome == .editing && e.text == "bc", "Ctrl-D on a line deletes at the cursor")
        (e, outcome) = edit([.deleteToEnd, .endOfInput], from: e)
        #expect(outcome == .endOfInput)
        // Ctrl-C while browsing the history leaves it.
        (e, outcome) = edit([.historyPrevious, .interrupt, .historyNext], from: LineEditor(history: ["old"]))
        #expect(e.text.isEmpty)
    }

    @Test func renderingPutsTheCursorBackByColumns() {
        let (e, _) = edit([.insert("ab東京cd"), .left, .left, .left])
        // "京cd" takes four columns: 京 is wide.
        #expect(e.rendering(prompt: "> ") == "\r> ab東京cd\u{1B}[K\u{1B}[4D")
        let (end, _) = edit([.insert("ok")])
        #expect(end.rendering(prompt: "> ") == "\r> ok\u{1B}[K")
        #expect(DisplayWidth.columns(of: Array("e\u{301}")) == 1)
        #expect(DisplayWidth.columns(of: Array("ｶﾀｶﾅ東")) == 6, "half-width katakana is narrow")
    }
}

/// Bytes from a terminal in raw mode, as keys.
@Suite struct TerminalKeyDecoderTests {
    func keys(_ chunks: [[UInt8]]) -> [LineEditor.Key] {
        var decoder = TerminalKeyDecoder()
        return chunks.flatMap { decoder.keys(from: $0) }
    }

    func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    @Test func textControlKeysAndEscapeSequences() {
        #expect(keys([bytes("hi\u{1}\u{5}\u{2}\u{6}\u{17}\u{15}\u{b}\u{3}\u{4}\u{7f}\u{8}\r")])
            == [.insert("hi"), .home, .end, .left, .right, .deleteWordBackward, .deleteToStart, .deleteToEnd,
                .interrupt, .endOfInput, .backspace, .backspace, .enter])
        #expect(keys([bytes("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}[3~")])
            == [.historyPrevious, .historyNext, .right, .left, .home, .end, .home, .end, .home, .end, .home, .end, .delete])
        #expect(keys([bytes("\u{1B}\u{7f}\u{1B}b\u{1B}f\u{1B}[1;5D\u{1B}[1;5C\u{10}\u{e}")])
            == [.deleteWordBackward, .wordLeft, .wordRight, .wordLeft, .wordRight, .historyPrevious, .historyNext])
    }

    @Test func unknownSequencesAndTheEscapeKeyAreDropped() {
        #expect(keys([bytes("a\u{1B}[15~b\u{1B}[200~c\u{1B}xd")]) == [.insert("a"), .insert("b"), .insert("c"), .insert("d")])
        #expect(keys([[0x1B], bytes("x")]) == [.insert("x")], "Escape alone does not swallow the next key")
    }

    @Test func sequencesAndCharactersSplitAcrossReadsAreJoined() {
        let word = bytes("東ü")
        #expect(keys([Array(word[0..<2]), Array(word[2..<4]), Array(word[4...])]) == [.insert("東"), .insert("ü")])
        // (An ESC read alone is the Escape key; a sequence arrives at least as ESC and its next byte.)
        #expect(keys([bytes("\u{1B}["), bytes("3"), bytes("~x")]) == [.delete, .insert("x")])
        #expect(keys([bytes("a\u{1B}"), bytes("[D")]) == [.insert("a"), .left])
    }

    @Test func pastedLinesEndOnceEach() {
        #expect(keys([bytes("one\r\ntwo\nthree\r")]) == [.insert("one"), .enter, .insert("two"), .enter, .insert("three"), .enter])
    }
}

/// Where the chat keeps its history, and that keeping it never fails the chat.
@Suite struct ChatHistoryTests {
    @Test func fileIsPerSkillAndLocaleUnderTheCacheFolder() {
        let xdg = ChatHistory(skillName: "pizza", locale: "de-DE", environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"])
        #expect(xdg.file?.path == "/c/skillnlu/history/pizza.de-DE")
        let home = ChatHistory(skillName: "a/b", locale: "en-US", environment: ["HOME": "/h", "XDG_CACHE_HOME": "relative"])
        #if canImport(Darwin)
        #expect(home.file?.path == "/h/Library/Caches/skillnlu/history/a_b.en-US")
        #else
        #expect(home.file?.path == "/h/.cache/skillnlu/history/a_b.en-US")
        #endif
        #expect(ChatHistory(skillName: "x", locale: "en-US", environment: [:]).file == nil)
    }

    @Test func savesBoundedAndLoadsBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chat-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = ChatHistory(skillName: "s", locale: "ja-JP", environment: ["XDG_CACHE_HOME": folder.path])
        #expect(history.load().isEmpty)
        let lines = (0..<(ChatHistory.limit + 20)).map { "東京 \($0)" }
        history.save(lines)
        #expect(history.load() == Array(lines.suffix(ChatHistory.limit)))
    }

    @Test func anUnwritableFolderIsIgnored() {
        // A file where the cache folder should be: nothing can be created under it.
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("chat-history-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: blocker.path, contents: Data("x".utf8))
        defer { try? FileManager.default.removeItem(at: blocker) }
        let history = ChatHistory(skillName: "s", locale: "en-US", environment: ["XDG_CACHE_HOME": blocker.path])
        history.save(["hello"])
        #expect(history.load().isEmpty)
        ChatHistory(file: nil).save(["hello"])
    }
}
