import BuiltInValues
import Testing
@testable import SkillNLU

/// The parser in the model file (its coding lives with the model file, in SkillNLU).
@Suite struct BuiltInParserCodingTests {
    @Test func persistsItsLocale() throws {
        var writer = BinaryWriter()
        BuiltInParser(locale: "de-DE").write(to: &writer)
        var reader = BinaryReader(writer.bytes)
        let read = try BuiltInParser(reading: &reader)
        #expect(read.locale == "de-DE")
        #expect(read.parse(type: "AMAZON.NUMBER", text: "dreiundzwanzig") == "23")
    }
}
