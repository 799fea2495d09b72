import Testing
@testable import SkillDialog

@Suite struct SkillDialogInfoTests {
    @Test func hasVersion() { #expect(!SkillDialogInfo.version.isEmpty) }
}
