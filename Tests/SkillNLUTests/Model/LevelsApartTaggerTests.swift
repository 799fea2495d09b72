import Testing
@testable import SkillNLU

/// The slot tagger's section (version 4) keeps its weights' bytes and labels apart from the deflated
/// tables and stores its transitions sparse: the same tagger comes back, files of version 3
/// still load and answer alike, and damage in the new parts is refused.
@Suite struct LevelsApartTaggerTests {
    static let model = KeysApartSectionTests.model
    static let bytes = KeysApartSectionTests.bytes
    static let probes = KeysApartSectionTests.probes

    static func taggerSection(_ bytes: [UInt8]) throws -> ChunkedFileParts.Section {
        try #require(ChunkedFileParts(bytes).sections.first { $0.tag == "TAGR" })
    }

    @Test func theWeightBytesAndLabelsFollowTheKeysAsTheyAre() throws {
        let section = try Self.taggerSection(Self.bytes)
        #expect(section.version == 4)
        var r = BinaryReader(section.payload)
        #expect(try r.readInt() == Self.model.tagger.labelCount)
        _ = try r.readCount()
        _ = try r.readBytes()
        let rows = Self.model.tagger.rows
        let coded = RowQuantization.coded(rows.weights, rowStarts: rows.rowStart.map(Int.init))
        #expect(try r.readBytes() == coded.levels)
        #expect(coded.levels.count == Self.model.tagger.weightCount)
        // Then the labels, a byte each for a tagger of at most 256 labels.
        #expect(try r.readBytes().map(Int32.init) == rows.labels)
    }

    @Test func aTaggerComesBackAsItWasWritten() throws {
        let original = Self.model.tagger
        var w = BinaryWriter()
        original.writeLevelsApart(to: &w)
        var r = BinaryReader(w.bytes)
        let copy = try SlotTagger(readingLevelsApart: &r)
        #expect(r.remaining == 0)
        #expect(copy.rows == original.rows)
        #expect(copy.transitions.map(\.bitPattern) == original.transitions.map(\.bitPattern))
        #expect(copy.startScores == original.startScores && copy.agreementWeights == original.agreementWeights)
        #expect(copy.permitted == original.permitted)
    }

    @Test func sparseValuesComeBackBitForBit() throws {
        let cases: [[Float]] = [[], [0], [1], [0, 0, 0], [-0.0, 0, 2.5], [0, 0, -1], [3, 0, 0, 0, 0, 4],
                                (0..<1000).map { $0 % 97 == 0 ? Float($0) / 7 : 0 }]
        for values in cases {
            var w = BinaryWriter()
            SlotTagger.writeSparse(values, to: &w)
            var r = BinaryReader(w.bytes)
            let back = try SlotTagger.readSparse(count: values.count, from: &r)
            #expect(back.map(\.bitPattern) == values.map(\.bitPattern), "\(values.prefix(8))")
            #expect(r.remaining == 0)
        }
    }

    @Test func sparseValuesOfAnotherLengthOrPastTheEndAreRefused() throws {
        var w = BinaryWriter()
        SlotTagger.writeSparse([0, 0, 5], to: &w)
        var r = BinaryReader(w.bytes)
        #expect(throws: ModelFileError.self) { try SlotTagger.readSparse(count: 4, from: &r) }
        // One value, at a gap that runs past the end of three.
        var past = BinaryWriter()
        past.write(3)
        past.write(1)
        past.writeVarint(3)
        past.write(Float(1).bitPattern)
        r = BinaryReader(past.bytes)
        #expect(throws: ModelFileError.self) { try SlotTagger.readSparse(count: 3, from: &r) }
        // Two values, the second's gap taking it to the very end: fine; one further: refused.
        for (gap, refused) in [(1, false), (2, true)] {
            var two = BinaryWriter()
            two.write(4)
            two.write(2)
            two.writeVarint(1)
            two.write(Float(1).bitPattern)
            two.writeVarint(gap)
            two.write(Float(2).bitPattern)
            r = BinaryReader(two.bytes)
            if refused {
                #expect(throws: ModelFileError.self) { try SlotTagger.readSparse(count: 4, from: &r) }
            } else {
                #expect(try SlotTagger.readSparse(count: 4, from: &r) == [0, 1, 0, 2])
            }
        }
    }

    @Test func aSectionOfVersionThreeStillLoadsAndAnswersAlike() throws {
        var parts = ChunkedFileParts(Self.bytes)
        let index = try #require(parts.sections.firstIndex { $0.tag == "TAGR" })
        var w = BinaryWriter()
        Self.model.tagger.writeKeysApart(to: &w)
        parts.sections[index].version = 3
        parts.sections[index].payload = w.bytes
        let loaded = try NLUModel(fileBytes: parts.sealed)
        for text in Self.probes { #expect(loaded.classify(text) == Self.model.classify(text), "\(text)") }
        #expect(loaded.fileBytes() == Self.bytes, "written again in the newest layout")
    }

    /// A weight byte of -128 (no writer produces one) or a weight count that disagrees with
    /// the rows is refused, though the bytes lie outside the deflated part.
    @Test func damagedWeightBytesAreRefused() throws {
        var parts = ChunkedFileParts(Self.bytes)
        let index = try #require(parts.sections.firstIndex { $0.tag == "TAGR" })
        var r = BinaryReader(parts.sections[index].payload)
        _ = try r.readInt()
        _ = try r.readCount()
        _ = try r.readBytes()
        let countAt = r.offset
        let levels = try r.readByteRange()
        var damaged = parts
        damaged.sections[index].payload[levels.lowerBound + 3] = 0x80
        #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: damaged.sealed) }
        // One weight fewer: the count and the bytes shortened together.
        damaged = parts
        damaged.sections[index].payload.remove(at: levels.upperBound - 1)
        damaged.sections[index].payload[countAt] &-= 1
        #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: damaged.sealed) }
    }
}
