import Foundation
import Testing
@testable import BenchReport

/// The first answer of a model just loaded is a column beside the load time when a run
/// measured it, and absent for runs from before it was measured.
@Suite struct FirstAnswerTests {
    @Test func theFirstAnswerStandsBesideTheLoad() throws {
        let json = #"{"dataset": "snips", "model": "interaction-model.json", "model_bytes": 1400000, "load_ms": 3.9, "first_answer_ms": 1.234}"#
        let snips = try JSONDecoder().decode(SpeedResult.self, from: Data(json.utf8))
        #expect(snips.firstAnswerMs == 1.234)
        let report = ReportDocument.speedSection([snips])
        #expect(report.contains("| model MB | load ms | first answer ms |"))
        #expect(report.contains("| 1.40 | 3.9 | 1.23 |"))
        #expect(!ReportDocument.speedSection([Fixtures.speed()]).contains("first answer ms |"))
    }
}
