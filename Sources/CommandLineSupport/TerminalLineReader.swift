#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads lines from a person at a terminal with a prompt, line editing and history (the keys
/// of ``LineEditor`` and ``TerminalKeyDecoder``). The terminal is in raw mode only while a
/// line is being typed, so answers print as usual and Ctrl-C while the skill answers still
/// interrupts; it is put back on every way out — the line ends, the process exits, or a
/// signal (SIGTERM, SIGHUP, SIGINT, SIGQUIT) ends it.
///
/// Only for standard input and output that are both terminals (``isAvailable``): piped input
/// is read as it always was, with no prompt and no escape sequences.
public final class TerminalLineReader {
    /// What reading a line gave.
    public enum Input: Equatable {
        case line(String)
        /// Ctrl-D on an empty line.
        case endOfInput
        /// The terminal went away (end of file or a read error).
        case closed
    }

    public let prompt: String
    private var editor: LineEditor
    private var decoder = TerminalKeyDecoder()
    /// Keys read after an Enter (pasted lines), for the next lines.
    private var queued: [LineEditor.Key] = []
    private let history: ChatHistory?

    /// Whether standard input and standard output are both terminals.
    public static var isAvailable: Bool { isatty(0) != 0 && isatty(1) != 0 }

    public init(prompt: String = "> ", history: ChatHistory?) {
        self.prompt = prompt
        self.history = history
        editor = LineEditor(history: history?.load() ?? [], historyLimit: ChatHistory.limit)
        TerminalMode.installRestoringHandlers()
    }

    /// Shows the prompt and returns the line typed.
    public func readLine() -> Input {
        guard TerminalMode.enterRaw() else { return .closed }
        defer { TerminalMode.restore() }
        draw()
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            while !queued.isEmpty {
                let key = queued.removeFirst()
                if let input = handle(key) { return input }
            }
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                show("\n")
                return .closed
            }
            queued = decoder.keys(from: buffer[0..<n])
        }
    }

    /// Applies a key; the input when it ended the line.
    private func handle(_ key: LineEditor.Key) -> Input? {
        switch editor.apply(key) {
        case .editing:
            draw()
            return nil
        case .submitted(let line):
            // The line as sent, cursor at its end, and on to a new row for the answer.
            show("\r" + prompt + line + "\u{1B}[K\n")
            history?.save(editor.history)
            return .line(line)
        case .cleared:
            show("^C\n")
            draw()
            return nil
        case .endOfInput:
            show("\n")
            return .endOfInput
        }
    }

    private func draw() { show(editor.rendering(prompt: prompt)) }

    /// Terminal drawing is best effort: a failed write shows up in the chat's own output.
    private func show(_ text: String) { try? StandardOutput.write(text) }
}

/// The terminal's settings before raw mode, kept where a signal handler can reach them.
private nonisolated(unsafe) var savedSettings = termios()
private nonisolated(unsafe) var rawModeActive: sig_atomic_t = 0
private nonisolated(unsafe) var handlersInstalled = false

/// Raw mode for standard input, and putting the terminal back.
enum TerminalMode {
    /// Turns off echo, line buffering, signal keys and flow control on standard input;
    /// output processing stays on, so "\n" still starts a new row.
    static func enterRaw() -> Bool {
        var settings = termios()
        guard tcgetattr(0, &settings) == 0 else { return false }
        savedSettings = settings
        settings.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
        settings.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR | BRKINT | ISTRIP)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        rawModeActive = 1
        guard tcsetattr(0, TCSADRAIN, &settings) == 0 else { rawModeActive = 0; return false }
        return true
    }

    /// Puts back the settings from before ``enterRaw()`` (safe to call from a signal handler).
    static func restore() {
        guard rawModeActive != 0 else { return }
        _ = tcsetattr(0, TCSADRAIN, &savedSettings)
        rawModeActive = 0
    }

    /// Restores the terminal at exit and on the signals that end a process, then lets the
    /// signal do what it would have done.
    static func installRestoringHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        atexit { TerminalMode.restore() }
        for sig in [SIGTERM, SIGHUP, SIGINT, SIGQUIT] {
            signal(sig) { sig in
                TerminalMode.restore()
                signal(sig, SIG_DFL)
                raise(sig)
            }
        }
    }
}
