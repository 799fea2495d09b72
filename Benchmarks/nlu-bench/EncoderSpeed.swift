import ArgumentParser
import Foundation
import SkillNLU

/// `nlu-bench encoder`: the sentence encoder alone, one thread: how long reading its file takes,
/// the latency of one utterance's embedding by length, the same utterances in batches (as
/// training embeds them), and how much of it the matrix products of the dense layers are.
struct EncoderSpeed: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "encoder",
        abstract: "Time the contextual tier's sentence encoder: load, latency per utterance, batches.",
        discussion: """
        Run with OPENBLAS_NUM_THREADS=1 for one-thread figures.

        Example:
          OPENBLAS_NUM_THREADS=1 nlu-bench encoder --dataset ../shared/datasets/snips
        """)

    @Option(help: "Data set folder whose test split is embedded.") var dataset: String
    @Option(help: "The shipped encoder's name.") var encoder = "en"
    @Option(help: "Utterances timed.") var count = 300

    func run() throws {
        let started = Date(), startedCPU = Speed.threadCPUNanoseconds()
        guard let encoder = SentenceEncoder.bundled(named: encoder) else { throw ValidationError("no encoder \(self.encoder)") }
        let loadMs = Date().timeIntervalSince(started) * 1000
        let loadCPUMs = Double(Speed.threadCPUNanoseconds() - startedCPU) / 1e6
        let phases = try Self.loadPhases(encoder.name)
        let texts = try Dataset(directory: URL(fileURLWithPath: dataset)).split("test").prefix(count).map(\.text)
        for t in texts.prefix(20) { _ = encoder.embedding(t) }
        var times: [Double] = []
        var cpu: [Double] = []
        for t in texts {
            let s = Date(), c = Speed.threadCPUNanoseconds()
            _ = encoder.embedding(t)
            times.append(Date().timeIntervalSince(s))
            cpu.append(Double(Speed.threadCPUNanoseconds() - c) / 1e9)
        }
        times.sort()
        cpu.sort()
        let batchStart = Date(), batchCPU = Speed.threadCPUNanoseconds()
        _ = encoder.embeddings(texts, batch: 32)
        let batchMs = Date().timeIntervalSince(batchStart) * 1000 / Double(texts.count)
        let batchCPUMs = Double(Speed.threadCPUNanoseconds() - batchCPU) / 1e6 / Double(texts.count)
        let gemmMs = Self.denseProductsMilliseconds(tokens: 14, hidden: encoder.dimension, layers: 6)
        BenchOutput.line(String(format: "sentence encoder %@: read %.1f ms (thread CPU %.1f ms); again: file %.1f ms, parse %.1f ms",
                                encoder.name, loadMs, loadCPUMs, phases.file, phases.parse))
        BenchOutput.line(String(format: "  one utterance: p50 %.2f ms  p99 %.2f ms, thread CPU time p50 %.2f ms  (%d utterances of the test split)",
                                times[times.count / 2] * 1000, times[min(times.count - 1, times.count * 99 / 100)] * 1000,
                                cpu[cpu.count / 2] * 1000, times.count))
        BenchOutput.line(String(format: "  in batches of 32: %.2f ms per utterance (thread CPU %.2f ms)", batchMs, batchCPUMs))
        BenchOutput.line(String(format: "  the dense layers' products alone for 14 pieces: %.2f ms", gemmMs))
    }

    /// The two parts of reading the encoder again, in milliseconds of thread CPU time: the file's
    /// bytes, and making the encoder of them (vocabulary, weights, checksum).
    static func loadPhases(_ name: String) throws -> (file: Double, parse: Double) {
        guard let url = LanguagePack.resourceCandidates("\(name)-encoder.bin").first(where: {
            FileManager.default.fileExists(atPath: $0.path)
        }) else { throw ValidationError("no file for encoder \(name)") }
        let start = Speed.threadCPUNanoseconds()
        let data = try Data(contentsOf: url, options: .alwaysMapped)
        let read = Speed.threadCPUNanoseconds()
        _ = try data.withUnsafeBytes { try SentenceEncoder(name: name, bytes: $0) }
        let done = Speed.threadCPUNanoseconds()
        return (Double(read - start) / 1e6, Double(done - read) / 1e6)
    }

    /// The matrix products of a 6-layer, 384-wide BERT for one sequence of `tokens` pieces.
    static func denseProductsMilliseconds(tokens: Int, hidden: Int, layers: Int) -> Double {
        let inner = 4 * hidden
        let shapes = [(3 * hidden, hidden), (hidden, hidden), (inner, hidden), (hidden, inner)]
        let weights = shapes.map { [Float](repeating: 0.01, count: $0.0 * $0.1) }
        let input = [Float](repeating: 0.5, count: tokens * inner)
        var output = [Float](repeating: 0, count: tokens * inner)
        func once() {
            for _ in 0..<layers {
                for (w, shape) in zip(weights, shapes) {
                    w.withUnsafeBufferPointer { b in
                        input.withUnsafeBufferPointer { a in
                            output.withUnsafeMutableBufferPointer { c in
                                BLAS.gemm(transB: true, m: tokens, n: shape.0, k: shape.1, a: a.baseAddress!, lda: shape.1,
                                          b: b.baseAddress!, ldb: shape.1, c: c.baseAddress!, ldc: shape.0)
                            }
                        }
                    }
                }
            }
        }
        for _ in 0..<5 { once() }
        var best = Double.infinity
        for _ in 0..<50 {
            let s = Date()
            once()
            best = min(best, Date().timeIntervalSince(s))
        }
        return best * 1000
    }
}
