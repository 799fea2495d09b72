import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct WeightRowsTests {
    typealias Toy = ClassifierToyData

    static func readBack(_ c: IntentClassifier) throws -> IntentClassifier {
        var writer = BinaryWriter()
        c.write(to: &writer)
        var reader = BinaryReader(writer.bytes)
        return try IntentClassifier(reading: &reader)
    }

    /// A model file of 8 bits a weight or fewer loads its tables as stored — levels (a byte a
    /// weight instead of a float; 4-bit tables widened) or, at 3 bits, the packed codes — with row scales, and
    /// scores every utterance with the very same floats as the classifier that was written,
    /// one at a time and in a batch. At `compact` the linear table is kept as 2-bit codes
    /// around each row's base, with its exceptions.
    @Test(arguments: [IntentClassifierOptions.Precision.int8, .int4, .int3, .compact])
    func quantizedTablesLoadAsLevelsAndScoreAlike(_ precision: IntentClassifierOptions.Precision) throws {
        for linearFeatures in [IntentClassifierOptions.LinearFeatures.words, .allPerKind] {
            var options = Toy.options()
            options.precision = precision
            options.linearFeatures = linearFeatures
            let original = try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: options)
            let copy = try Self.readBack(original)
            #expect(copy.embeddingRows.quantized && copy.linearTable.quantized)
            #expect(copy.embeddingRows.floats.isEmpty && copy.linearTable.floats.isEmpty)
            // A byte a weight at 8 and 4 bits (4-bit tables are widened at load); at 3 the
            // codes as the file packs them, followed by at least a word of padding.
            let kept = precision == .int3 || precision == .compact ? 3 : 8
            #expect(copy.linearTable.bits == (precision == .compact ? 2 : kept))
            for table in [copy.embeddingRows] + (precision == .compact ? [] : [copy.linearTable]) {
                #expect(table.bits == kept)
                #expect(table.stored.count == (table.count * kept + 7) / 8)
                #expect(table.bytes.count >= table.start + table.stored.count + (kept < 8 ? PackedRows.padding : 0))
            }
            #expect(copy.embeddingRows.array.map(\.bitPattern) == original.embedding.map(\.bitPattern))
            #expect(copy.linearTable.array.map(\.bitPattern) == original.linear.map(\.bitPattern))
            // The last is longer than the classifier lists on the stack: summed as it is hashed.
            let long = Toy.tokenizer.tokenize(Array(repeating: "play some unheard-of jazz in tokyo", count: 30).joined(separator: " "))
            #expect(copy.hasher.featureCountBound(long) > IntentClassifier.stackFeatureLimit)
            let utterances = Toy.examples().map(\.tokens) + [Toy.tokenizer.tokenize("play some unheard-of words in tokyo"), long]
            for tokens in utterances {
                #expect(copy.logits(tokens).map(\.bitPattern) == original.logits(tokens).map(\.bitPattern))
            }
            #expect(copy.logits(batch: utterances).map(\.bitPattern) == original.logits(batch: utterances).map(\.bitPattern))
        }
    }

    /// Single and half precision keep float tables.
    @Test(arguments: [IntentClassifierOptions.Precision.float32, .float16])
    func floatTablesStayFloats(_ precision: IntentClassifierOptions.Precision) throws {
        var options = Toy.options()
        options.precision = precision
        let copy = try Self.readBack(try IntentClassifier.train(examples: Toy.examples(), labelCount: 3, options: options))
        #expect(!copy.embeddingRows.quantized && !copy.linearTable.quantized)
        #expect(copy.embeddingRows.bytes.isEmpty && copy.embeddingRows.floats.count == copy.embedding.count)
    }

    /// Adding a row of levels adds `Float(level) * scale`, and a table equals its float form.
    @Test func levelsAddAndCompareAsTheirFloats() {
        let levels: [Int8] = [1, -2, 127, -127, 0, 5]
        let scales: [Float] = [0x1p-3, 0.318]
        let rows = WeightRows(levels: levels, scales: scales, width: 3)
        let floats = (0..<6).map { Float(levels[$0]) * scales[$0 / 3] }
        #expect(rows.array == floats)
        #expect(rows == WeightRows(floats: floats, width: 3))
        #expect(rows != WeightRows(floats: floats.map { $0 + 1 }, width: 3))
        #expect(rows != WeightRows(floats: floats, width: 2))
        // Kept in a reader's bytes when it is a quarter of them or more, else copied.
        let file: [UInt8] = [9, 9] + levels.map { UInt8(bitPattern: $0) } + [7, 7, 7]
        let reader = BinaryReader(file)
        let inPlace = WeightRows(bytes: 2..<8, of: reader, bits: 8, scales: scales, width: 3)
        #expect(inPlace.bytes.count == file.count && inPlace.start == 2 && inPlace == rows)
        let copied = WeightRows(bytes: 2..<3, of: reader, bits: 8, scales: [1], width: 1)
        #expect(copied.bytes == [1] && copied.array == [1])
        var sum: [Float] = [0.25, 0.5, 0.75]
        sum.withUnsafeMutableBufferPointer { rows.add(row: 1, to: $0.baseAddress!) }
        #expect(sum == [0.25 + floats[3], 0.5 + floats[4], 0.75 + floats[5]])
    }
}
