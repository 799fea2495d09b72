import Foundation
import Testing

/// `nlu-bench speed` on a data set folder of its own (a two-intent skill, which trains in a
/// fraction of a second): latency is timed with BLAS held to one thread.
@Suite struct BenchSpeedCommandTests {
    @Test func latencyIsTimedWithBLASOnOneThread() throws {
        let root = try ReportCommandTests.folder("speed")
        try Data(Tools.twoIntentSkill.utf8).write(to: root.appendingPathComponent("interaction-model.json"))
        try Data(BenchAccuracyTiersCommandTests.testLines.map { $0 + "\n" }.joined().utf8)
            .write(to: root.appendingPathComponent("test.jsonl"))
        let json = root.appendingPathComponent("speed.json").path
        let run = try Tools.run("nlu-bench", ["speed", "--dataset", root.path, "--contextual-head", "none", "--repeats", "1",
                                              "--json", json])
        try #require(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("for training, 1 for latency"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let threads = try #require(object["blas_threads"] as? [String: Int])
        #expect(threads["latency"] == 1)
        #expect((threads["training"] ?? 0) >= 1)
    }
}
