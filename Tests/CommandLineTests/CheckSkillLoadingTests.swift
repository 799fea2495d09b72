import ArgumentParser
import Foundation
import InteractionModel
import Testing
@testable import CommandLineSupport

@Suite struct CheckSkillLoadingTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func mapsImportErrorsToSysexits() {
        let syntax = JSONSyntaxError(kind: .trailingComma, offset: 0, location: SourceLocation(line: 1, column: 1), message: "x")
        let cases: [(ImportError, ExitCode)] = [
            (.fileNotFound(path: "a"), .noInput),
            (.unreadable(path: "a", reason: "permission denied"), .noInput),
            (.noModelInDirectory(path: "a", searched: []), .noInput),
            (.localeNotFound(path: "a", locale: "fr-FR", available: ["en-US"]), .noInput),
            (.ambiguousLocale(path: "a", available: ["de-DE", "en-US"]), .usage),
            (.malformedJSON(file: "a", syntax), .dataError),
            (.notAnInteractionModel(file: "a", reason: "r"), .dataError),
            (.invalidModel([]), .dataError),
        ]
        for (error, code) in cases {
            #expect(SkillLoading.exitCode(for: error) == code, "\(error)")
        }
    }

    @Test func loadReportsFailureWithItsExitCode() {
        guard case .failure(let failure) = SkillLoading.load("/no/such/model.json", options: ImportOptions()) else {
            Issue.record("a missing file loaded")
            return
        }
        #expect(failure.exitCode == .noInput)
        #expect(failure.description.contains("/no/such/model.json"))
    }

    @Test func summaryCountsWhatTheModelHolds() throws {
        let path = Self.packageRoot.appendingPathComponent("InteractionModels/PizzaShop").path
        let result = try SkillLoading.load(path, options: ImportOptions()).get()
        let stats = SkillLoading.Statistics(result.model)
        let language = result.model.languageModel
        #expect(stats.intents == language.intents.count)
        #expect(stats.samples == language.intents.map(\.samples.count).reduce(0, +))
        #expect(stats.values == language.types.map(\.values.count).reduce(0, +))
        #expect(stats.dialogIntents == result.model.dialog?.intents.count)
        let summary = SkillLoading.summary(of: result)
        #expect(summary.contains("samples     \(stats.samples), \(stats.slotSamples) slot samples"))
        #expect(summary.contains("dialog      \(stats.dialogIntents) intents, delegation ALWAYS"))
        #expect(SkillLoading.verdict(of: result, strict: true) == "valid: 0 errors, 0 warnings, 0 notes")
    }

    @Test func longRunsOfOneRuleAreCollapsedButErrorsNever() {
        let warnings = (0..<15).map { Finding(.warning, .digitsInSample, "w\($0)", file: "f.json") }
        let errors = (0..<15).map { Finding(.error, .undeclaredSlotInSample, "e\($0)", file: "f.json") }
        let shown = SkillLoading.collapsed(warnings + errors, perRule: 10)
        #expect(shown.filter { $0.severity == .error }.count == 15)
        let shownWarnings = shown.filter { $0.severity == .warning }
        #expect(shownWarnings.count == 11)
        #expect(shownWarnings.last?.message.hasPrefix("5 more like the 10 above (digitsInSample)") == true)
    }
}
