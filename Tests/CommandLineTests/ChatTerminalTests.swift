import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `nlu-chat` at a terminal: the test types keys into a pseudo-terminal, waiting for each
/// prompt before typing (as a person would), and reads what the chat draws.
@Suite struct ChatTerminalTests {
    @Test func editingHistoryCtrlCAndCtrlD() throws {
        let pty = try PseudoTerminal()
        let cache = Tools.workDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = try #require(Tools.binary("nlu-chat"))
        process.arguments = [ChatCommandTests.hello, "--model", try Tools.hello.get(), "--seed", "1"]
        process.environment = ["XDG_CACHE_HOME": cache.path, "HOME": cache.path, "TERM": "xterm"]
        process.standardInput = pty.handle()
        process.standardOutput = pty.handle()
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let flagsBefore = pty.localFlags()

        try #require(pty.waitFor("Welcome to hello world. What would you like to do?"), "\(pty.text)")
        try #require(pty.waitFor("> "), "\(pty.text)")
        // Ctrl-W deletes "bob", Ctrl-A goes home, where "say " goes in front.
        pty.type("hi to bob\u{17}ada\u{1}say \r")
        #expect(pty.waitFor("GreetByNameIntent with name ada."), "\(pty.text)")
        #expect(pty.waitFor("> "))
        // One backspace deletes "é" (two bytes); left, right and Delete edit in the middle.
        pty.type("hé\u{7F}elxlo\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[3~\u{1B}[C\r")
        #expect(pty.waitFor("HelloWorldIntent."), "\(pty.text)")
        #expect(pty.waitFor("> "))
        // Up twice brings back the first line.
        pty.type("\u{1B}[A\u{1B}[A\r")
        #expect(pty.waitFor("GreetByNameIntent with name ada."), "\(pty.text)")
        #expect(pty.waitFor("> "))
        // Ctrl-C drops the line and prompts again.
        pty.type("never mind\u{3}")
        #expect(pty.waitFor("never mind"))
        #expect(pty.waitFor("^C\r\n\r> "), "\(pty.text)")
        // Ctrl-D says stop: the goodbye, and the chat ends.
        pty.type("\u{4}")
        #expect(pty.waitFor("Goodbye."), "\(pty.text)")
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
        #expect(!pty.text.contains("never mind\r\n"), "the cleared line was not sent")

        // The terminal is as it was: echo and line editing back on.
        let flagsAfter = pty.localFlags()
        #expect(flagsAfter & tcflag_t(ECHO | ICANON | ISIG) == flagsBefore & tcflag_t(ECHO | ICANON | ISIG))
        #expect(flagsAfter & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON))

        // The history was kept for the skill and locale.
        let history = try String(contentsOf: cache.appendingPathComponent("skillnlu/history/HelloWorld.en-US"), encoding: .utf8)
        #expect(history == "say hi to ada\nhello\nsay hi to ada\n")
    }

    @Test func aSignalWhileTypingPutsTheTerminalBack() throws {
        let pty = try PseudoTerminal()
        let process = Process()
        process.executableURL = try #require(Tools.binary("nlu-chat"))
        process.arguments = [ChatCommandTests.hello, "--model", try Tools.hello.get()]
        process.environment = ["XDG_CACHE_HOME": Tools.workDirectory.appendingPathComponent("cache-\(UUID().uuidString)").path]
        process.standardInput = pty.handle()
        process.standardOutput = pty.handle()
        process.standardError = FileHandle.nullDevice
        try process.run()
        try #require(pty.waitFor("> "), "\(pty.text)")
        pty.type("hal")
        #expect(pty.waitFor("hal"))
        #expect(pty.localFlags() & tcflag_t(ICANON) == 0, "raw mode while a line is typed")
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGTERM)
        #expect(pty.localFlags() & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON))
    }
}
