import Foundation
import FuzzHarness
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `nlu-classify` reading standard input: memory stays flat however many lines or however long
/// a line, and bad lines are answered with an error while the rest go on.
///
/// By default the runs are small enough for `make test`: a few thousand lines, each padded with
/// blanks the classifier skips at little cost but that a kept line or answer would hold, so that
/// growth shows in megabytes. `SKILLNLU_STRESS=1` (`make stress`) streams 100,000 and 1,000,000
/// plain lines and prints the peak memory of each run.
@Suite(.serialized) struct StreamingMemoryTests {
    static let stress = ProcessInfo.processInfo.environment["SKILLNLU_STRESS"] == "1"

    /// A scratch folder with the fixture model written as a model file.
    final class Workspace: @unchecked Sendable {
        let directory: URL
        let model: URL
        init() throws {
            directory = try ReliabilitySupport.scratchDirectory("streaming")
            model = directory.appendingPathComponent("library.nlu")
            try Data(FuzzFixture.model.fileBytes()).write(to: model)
        }
        deinit { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
    }

    let workspace = try! Workspace()

    static let words = ["borrow", "the hobbit", "book", "quiet room", "tomorrow", "i like", "poetry", "and", "crime",
                        "find", "books about", "rome", "what are", "your hours", "please", "emma", "at seven"]

    /// Writes `count` lines of utterances made of the fixture's words, with `padding` blanks
    /// before each line's last word.
    func writeLines(_ count: Int, padding: Int, to path: String) throws {
        guard let file = fopen(path, "w") else { throw POSIXError(.EIO) }
        defer { fclose(file) }
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for i in 0..<count {
            var line = ""
            for _ in 0..<(3 + i % 6) {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                line += Self.words[Int(state % UInt64(Self.words.count))] + " "
            }
            line += String(repeating: " ", count: padding) + "\(i)\n"
            fputs(line, file)
        }
    }

    /// Runs nlu-classify over a file; returns its exit and the lines of its output.
    func classify(input: String, output: String, arguments: [String] = []) throws -> (ChildProcess.Exit, Int) {
        let binary = try #require(ReliabilitySupport.executable("nlu-classify"), "nlu-classify is not built")
        let exit = try ChildProcess(binary, ["--model", workspace.model.path, "--format", "jsonl", "--top", "1"] + arguments,
                                    stdin: input, stdout: output, stderr: workspace.path("stderr"))
            .wait(watchingMemory: true)
        return (exit, try Self.countLines(output))
    }

    static func countLines(_ path: String) throws -> Int {
        guard let file = fopen(path, "r") else { return 0 }
        defer { fclose(file) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var lines = 0
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            for b in buffer[0..<n] where b == 10 { lines += 1 }
        }
        return lines
    }

    @Test func memoryStaysFlatAsLinesGrowTenfold() throws {
        // 300 and 3,000 lines of 1.5 kB: a kept line adds its 1.5 kB, a kept answer (which
        // repeats the text) more, so keeping either grows the second run by 4.5 MB or more.
        let counts = Self.stress ? [100_000, 1_000_000] : [300, 3_000]
        let padding = Self.stress ? 0 : 1_500
        var peaks: [Int] = []
        for count in counts {
            let input = workspace.path("lines-\(count).txt"), output = workspace.path("out-\(count).jsonl")
            try writeLines(count, padding: padding, to: input)
            let (exit, lines) = try classify(input: input, output: output)
            #expect(exit.status == 0)
            #expect(lines == count)
            peaks.append(exit.peakMemoryKB)
            try? FileManager.default.removeItem(atPath: output)
            try? FileManager.default.removeItem(atPath: input)
        }
        print("nlu-classify peak memory: \(counts[0]) lines \(peaks[0] / 1024) MB, \(counts[1]) lines \(peaks[1] / 1024) MB")
        // Ten times the lines: had answers or lines been kept, memory would grow about tenfold
        // in what they take; flat means within allocator noise (under a megabyte for the
        // padded runs, a few for the stress runs' short lines).
        let noise = Self.stress ? peaks[0] / 4 + 8 * 1024 : 2 * 1024
        #expect(peaks[1] <= peaks[0] + noise, "\(peaks)")
    }

    /// One line of 16 MB with no line feed (a sparse file: no disk, read as NUL bytes): read in
    /// one linear pass, with at most `LineReader.maximumLineBytes` of it kept, so memory stays
    /// that of a one-line run (holding the line would add at least its 16 MB).
    @Test func anEndlessLineIsReadInBoundedMemory() throws {
        let small = workspace.path("small.txt")
        try Data("borrow dune\n".utf8).write(to: URL(fileURLWithPath: small))
        let (baseline, _) = try classify(input: small, output: workspace.path("small.jsonl"))
        let input = workspace.path("endless.txt")
        let fd = open(input, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(ftruncate(fd, 16 << 20) == 0)
        close(fd)
        let output = workspace.path("endless.jsonl")
        let (exit, lines) = try classify(input: input, output: output)
        #expect(exit.status == 0)
        #expect(lines == 1)
        let answer = try String(contentsOfFile: output, encoding: .utf8)
        #expect(answer.contains(#""truncated":true"#), "\(answer.prefix(300))")
        print("nlu-classify peak memory: one short line \(baseline.peakMemoryKB / 1024) MB, one 16 MB line \(exit.peakMemoryKB / 1024) MB")
        #expect(exit.peakMemoryKB < baseline.peakMemoryKB + 8 * 1024)
    }

    @Test func aOneMegabyteLineIsAnsweredAndFlaggedTruncated() throws {
        let input = workspace.path("long.txt")
        let line = String(repeating: "borrow the hobbit ", count: 1_048_576 / 18 + 1)
        try Data((line + "\nwhat are your hours\n").utf8).write(to: URL(fileURLWithPath: input))
        let output = workspace.path("long.jsonl")
        let (exit, lines) = try classify(input: input, output: output)
        #expect(exit.status == 0 && lines == 2)
        let answers = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(answers.first?.contains(#""truncated":true"#) == true)
        #expect(answers.last?.contains(#""truncated""#) == false)
        #expect(answers.last?.contains("OpeningHours") == true)
    }

    @Test func invalidUTF8OnStandardInputIsAnErrorForThatLineOnly() throws {
        let input = workspace.path("bad.txt")
        var bytes = Array("borrow the hobbit\n".utf8)
        bytes += [0x62, 0x6F, 0xFF, 0x6B, 0x0A]              // a stray 0xFF
        bytes += [0xE2, 0x82, 0x0A]                          // a cut three-byte sequence
        bytes += [0xED, 0xA0, 0x80, 0x0A]                    // an encoded surrogate
        bytes += [0xC0, 0xAF, 0x0A]                          // an overlong slash
        bytes += Array("what are your hours\r\n".utf8)
        bytes += [0xF4, 0x90, 0x80, 0x80]                    // beyond U+10FFFF, last line without a line feed
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let output = workspace.path("bad.jsonl")
        let (exit, lines) = try classify(input: input, output: output)
        #expect(exit.status == 0)
        #expect(lines == 7)
        let answers = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").map(String.init)
        let errors = answers.enumerated().filter { $0.element.contains(#""error":"invalid UTF-8"#) }.map(\.offset)
        #expect(errors == [1, 2, 3, 4, 6], "\(answers)")
        #expect(answers[0].contains("BorrowBook") && answers[5].contains("OpeningHours"))
        #expect(answers[1].contains(#""line":2"#) && answers[1].contains("byte 3"))   // bytes count from 1
    }
}
