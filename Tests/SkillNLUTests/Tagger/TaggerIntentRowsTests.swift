import BuiltInValues
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct TaggerIntentRowsTests {
    /// Labels: O, B-/I-city (both intents), B-/I-date (intent 0 only), B-/I-seat (intent 1 only).
    static let allowed: [[Int32]] = [[0, 1, 2, 3, 4], [0, 1, 2, 5, 6]]
    static let labelCount = 7

    /// Utterances of both intents around the same words, so that common attributes (the bias,
    /// "to") have cells for labels of both.
    static func examples() -> [TrainingExample] {
        let tokenizer = Tokenizer(locale: "en-US")
        let lines: [(String, Int, [Int32])] = [
            ("fly to paris on monday", 0, [0, 0, 1, 0, 3]),
            ("to new york tomorrow", 0, [0, 1, 2, 3]),
            ("a window seat to oslo", 1, [0, 5, 6, 0, 1]),
            ("to rome aisle", 1, [0, 1, 5]),
        ]
        return lines.map { text, intent, labels in
            TrainingExample(tokens: tokenizer.tokenize(text), intent: intent, labels: labels, weight: 1, text: text)
        }
    }

    /// Parts: city labels share part 0, date labels part 1, seat labels part 2.
    static let labelParts: [[Int32]] = [[], [0], [0], [1], [1], [2], [2]]

    struct Fixture {
        var examples: [TrainingExample]
        var data: TaggerTrainingData
        var layout: TaggerLayout
        var cells: [TrainingCell]
        var partCells: [TrainingCell]
        var rows: TaggerIntentRows
    }

    static func fixture(parts: Bool) -> Fixture {
        let examples = Self.examples()
        let labelParts = parts ? Self.labelParts : []
        let partCount = parts ? 3 : 0
        let data = TaggerTrainingData(examples: examples, spans: examples.map { _ in [] }, intentKeys: [11, 12],
                                      labelCount: labelCount, labelParts: labelParts, partCount: partCount, slotTypes: [])
        let labelLayout = SlotTagger.sparseLayout(data.pairSet, attributes: data.hashOfId.count, width: labelCount)
        let partLayout = SlotTagger.sparseLayout(data.partPairSet, attributes: data.hashOfId.count, width: partCount)
        let layout = TaggerLayout(rowStart: labelLayout.rowStart, partRowStart: partLayout.rowStart, partCount: partCount,
                                  partMembers: parts ? SlotTagger.partMembers(allowedLabels: allowed, labelParts: labelParts,
                                                                              partCount: partCount) : [],
                                  graphs: [])
        let rows = TaggerIntentRows(examples: examples, data: data, layout: layout, allowedLabels: allowed,
                                    labelCells: labelLayout.cells, partCells: partLayout.cells, labelCount: labelCount)
        return Fixture(examples: examples, data: data, layout: layout, cells: labelLayout.cells,
                       partCells: partLayout.cells, rows: rows)
    }

    @Test func eachOccurrenceReadsTheCellsOfItsIntentsLabelsInCellOrder() {
        let f = Self.fixture(parts: false)
        var sawFiltered = false
        for (e, ex) in f.examples.enumerated() {
            let allowed = Self.allowed[ex.intent]
            for (j, a) in f.data.exAttrs[e].enumerated() {
                let all = Array(Int(f.layout.rowStart[Int(a)])..<Int(f.layout.rowStart[Int(a) + 1]))
                let expected = all.filter { allowed.contains(f.cells[$0].label) }
                let s = Int(f.rows.exRows[e][j])
                let row = f.rows.labelCells(ofRow: s)
                #expect(row.map { Int($0.cell) } == expected)
                #expect(row.map { Int($0.local) } == expected.map { allowed.firstIndex(of: f.cells[$0].label)! })
                if expected.count < all.count { sawFiltered = true }
            }
        }
        // The shared words have cells of the other intent's labels, which the rows leave out.
        #expect(sawFiltered)
    }

    @Test func occurrencesOfOneAttributeInOneIntentShareARow() {
        let f = Self.fixture(parts: false)
        var rowOf: [String: Int32] = [:]
        for (e, ex) in f.examples.enumerated() {
            for (j, a) in f.data.exAttrs[e].enumerated() {
                let key = "\(a)/\(ex.intent)"
                if let known = rowOf[key] { #expect(known == f.rows.exRows[e][j]) } else { rowOf[key] = f.rows.exRows[e][j] }
            }
        }
        #expect(f.rows.rowCount == rowOf.count)
        #expect(Set(rowOf.values).count == rowOf.count)
    }

    @Test func partCellsAreThoseWhosePartReachesTheIntent() {
        let f = Self.fixture(parts: true)
        #expect(f.rows.intentParts == [[0, 1], [0, 2]])
        var sawFiltered = false
        for (e, ex) in f.examples.enumerated() {
            for (j, a) in f.data.exAttrs[e].enumerated() {
                let all = Array(Int(f.layout.partRowStart[Int(a)])..<Int(f.layout.partRowStart[Int(a) + 1]))
                let expected = all.filter { f.rows.intentParts[ex.intent].contains(f.partCells[$0].label) }
                let s = Int(f.rows.exRows[e][j])
                let row = f.rows.partCells(ofRow: s)
                #expect(row.map { Int($0.cell) } == expected)
                #expect(row.map { $0.part } == expected.map { f.partCells[$0].label })
                if expected.count < all.count { sawFiltered = true }
            }
        }
        #expect(sawFiltered)
    }
}
