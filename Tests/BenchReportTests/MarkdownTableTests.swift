import BenchReport
import Testing

@Suite struct MarkdownTableTests {
    @Test func optionalColumnsWithoutFiguresAreLeftOut() {
        var table = MarkdownTable(columns: [.init("name", numeric: false), .init("a", optional: true), .init("b", optional: true), .init("c")])
        table.append(["x", Format.missing, "1", Format.missing])
        table.append(["y", Format.missing, Format.missing])
        #expect(table.keptColumns == [0, 2, 3])
        let lines = table.render().split(separator: "\n")
        #expect(lines[0] == "| name | b | c |")
        #expect(lines[1] == "| --- | ---: | ---: |")
        #expect(lines[2] == "| x | 1 | – |")
        #expect(lines[3] == "| y | – | – |")
    }

    @Test func pipesInCellsAreEscaped() {
        var table = MarkdownTable(columns: [.init("name", numeric: false)])
        table.append(["a|b"])
        #expect(table.render().contains("| a\\|b |"))
    }
}
