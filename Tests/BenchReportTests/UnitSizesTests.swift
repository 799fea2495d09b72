import Foundation
import Testing
@testable import BenchReport

/// The report's table of what each unit of a model file weighs, from the speed JSON.
@Suite struct UnitSizesTests {
    @Test func theSpeedJSONsSectionsBecomeAColumnEach() throws {
        let json = """
        {"dataset": "snips", "model": "interaction-model.json", "model_bytes": 1400000,
         "model_section_bytes": [{"part": "the interaction model", "bytes": 150000}, {"part": "the intent classifier", "bytes": 930000},
                                 {"part": "header and section headers", "bytes": 264}],
         "shared_file_bytes": [{"part": "sentence encoder en", "bytes": 9100000}]}
        """
        let snips = try JSONDecoder().decode(SpeedResult.self, from: Data(json.utf8))
        #expect(snips.sectionBytes?.map(\.part) == ["the interaction model", "the intent classifier", "header and section headers"])
        var clinc = Fixtures.speed("clinc150")
        clinc.sectionBytes = [.init(part: "the intent classifier", bytes: 4_500_000), .init(part: "the compiled samples", bytes: 200_000)]
        let table = try #require(UnitSizes.table([clinc, snips]))
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines[0] == "| data set | intent classifier | compiled samples | interaction model | header and section headers | shared: sentence encoder en |")
        #expect(lines[2] == "| clinc150 | 4.500 | 0.200 | – | – | – |")
        #expect(lines[3] == "| snips | 0.930 | – | 0.150 | 0.000 | 9.100 |")
        let report = ReportDocument.speedSection([snips])
        #expect(report.contains("The model file by unit, MB") && report.contains("| snips | 0.150 | 0.930 | 0.000 | 9.100 |"))
        // Results from before the sections were recorded: no table.
        #expect(UnitSizes.table([Fixtures.speed()]) == nil && !ReportDocument.speedSection([Fixtures.speed()]).contains("by unit"))
    }
}
