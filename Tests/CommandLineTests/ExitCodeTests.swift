import ArgumentParser
import Testing
@testable import CommandLineSupport

@Suite struct ExitCodeTests {
    @Test func sysexitsValues() {
        #expect(ExitCode.usage.rawValue == 64)
        #expect(ExitCode.dataError.rawValue == 65)
        #expect(ExitCode.noInput.rawValue == 66)
    }
}
