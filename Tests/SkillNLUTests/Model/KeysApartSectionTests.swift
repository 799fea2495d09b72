import Testing
@testable import SkillNLU

/// The gazetteer, the compiled samples and the slot tagger keep their hashed keys apart from
/// their deflated tables (section version 3): the keys are read with one copy instead of
/// being inflated. Sections of the layout before (version 2, all of it deflated) still load
/// and answer alike, and a version 3 section whose parts disagree is refused.
@Suite struct KeysApartSectionTests {
    static let model = Fixtures.pizzaShopModel
    static let bytes = model.fileBytes()
    static let probes = ["a large pepperoni pizza", "i want a small margherita with extra cheese", "where is my order",
                         "two medium hawaiian pizzas", "stop", "zzz"]

    /// The sections' payloads in the layout of version 2: what ``ModelSection/encode(to:)`` wrote then.
    static let secondLayout: [String: [UInt8]] = {
        var gazetteer = BinaryWriter(), samples = BinaryWriter(), tagger = BinaryWriter()
        DeflatedPayload.write(to: &gazetteer) { model.schema.gazetteer.write(to: &$0) }
        DeflatedPayload.write(to: &samples) { model.matcher.write(to: &$0) }
        DeflatedPayload.write(to: &tagger) { model.tagger.write(to: &$0) }
        return ["GAZE": gazetteer.bytes, "EXCT": samples.bytes, "TAGR": tagger.bytes]
    }()

    @Test(arguments: ["GAZE", "EXCT", "TAGR"])
    func theKeysAreStoredApartFromTheDeflatedTables(_ tag: String) throws {
        let section = try #require(ChunkedFileParts(Self.bytes).sections.first { $0.tag == tag })
        #expect(section.version == 4, "each has a newer layout since")
        // The sizes (the gazetteer's node count and longest phrase, the samples' node count, the
        // tagger's label count), the key count, the keys' byte string, then the deflated rest.
        var r = BinaryReader(section.payload)
        for _ in 0..<(tag == "GAZE" ? 2 : 1) { _ = try r.readInt() }
        let keys = try r.readCount()
        let width = tag == "TAGR" ? 4 : 8
        #expect(try r.readBytes().count == keys * width)
        #expect(keys > 0)
        // The tagger's weight bytes and labels, the compiled samples' key indexes and ends, and
        // the gazetteer's nodes are kept out of the deflated part too (``LevelsApartTaggerTests``,
        // ``ExactMatcherLayoutTests``, ``aGazetteerOfVersionThreeStillLoadsAndAnswersAlike()``).
        for _ in 0..<(tag == "GAZE" ? 1 : 2) { _ = try r.readBytes() }
        let inflated = try DeflatedPayload.read(from: &r) { inner in
            let n = inner.remaining
            _ = try inner.readBytes(length: n)
            return n
        }
        #expect(inflated > 0)
    }

    /// The tagger's rows are stored in the order that fills its lookup table from the first
    /// slot to the last (``AttributeTable/fillOrder(keys:)``), whatever order training made them in.
    @Test func theTaggersRowsAreStoredInTheOrderThatFillsItsTable() throws {
        let section = try #require(ChunkedFileParts(Self.bytes).sections.first { $0.tag == "TAGR" })
        var r = BinaryReader(section.payload)
        _ = try r.readInt()
        let count = try r.readCount()
        let raw = try r.readBytes()
        let keys = (0..<count).map { a in (0..<4).reduce(UInt32(0)) { $0 | UInt32(raw[4 * a + $1]) << (8 * UInt32($1)) } }
        #expect(keys.count > 100)
        #expect(AttributeTable.fillOrder(keys: keys) == Array(keys.indices))
        #expect(keys != keys.sorted(), "not the ascending order of the keys")
    }

    /// A tagger keeps its weights once, in its lookup table: the rows worked out from it are the
    /// trained ones, in fill order, and a loaded tagger gives back the same rows.
    @Test func theTaggersRowsComeBackFromItsTable() throws {
        let rows = Self.model.tagger.rows
        #expect(rows.keys.count > 100 && rows.weights.count == Self.model.tagger.weightCount)
        #expect(AttributeTable.fillOrder(keys: rows.keys) == Array(rows.keys.indices))
        let rebuilt = AttributeTable(keys: rows.keys, rowStart: rows.rowStart, labels: rows.labels, weights: rows.weights)
        #expect(rebuilt.rows() == rows)
        #expect(try NLUModel(fileBytes: Self.bytes).tagger.rows == rows)
    }

    @Test(arguments: ["GAZE", "EXCT", "TAGR"])
    func aSectionOfTheLayoutBeforeStillLoadsAndAnswersAlike(_ tag: String) throws {
        var parts = ChunkedFileParts(Self.bytes)
        let index = try #require(parts.sections.firstIndex { $0.tag == tag })
        parts.sections[index].version = 2
        parts.sections[index].payload = try #require(Self.secondLayout[tag])
        let loaded = try NLUModel(fileBytes: parts.sealed)
        for text in Self.probes { #expect(loaded.classify(text) == Self.model.classify(text), "\(tag): \(text)") }
        #expect(loaded.fileBytes() == Self.bytes, "written again in the newest layout")
    }

    @Test(arguments: ["GAZE", "EXCT", "TAGR"])
    func aKeyCountThatDisagreesWithTheKeysIsRefused(_ tag: String) throws {
        var parts = ChunkedFileParts(Self.bytes)
        let index = try #require(parts.sections.firstIndex { $0.tag == tag })
        let countAt = tag == "TAGR" ? 8 : (tag == "GAZE" ? 16 : 8)
        parts.sections[index].payload[countAt] &+= 1
        #expect(throws: ModelFileError.self, "\(tag)") { try NLUModel(fileBytes: parts.sealed) }
    }

    @Test(arguments: ["GAZE", "EXCT", "TAGR"])
    func aDeflatedPartThatDoesNotInflateIsRefused(_ tag: String) throws {
        var parts = ChunkedFileParts(Self.bytes)
        let index = try #require(parts.sections.firstIndex { $0.tag == tag })
        let payload = parts.sections[index].payload
        parts.sections[index].payload = Array(payload.dropLast(3))
        #expect(throws: ModelFileError.self, "\(tag)") { try NLUModel(fileBytes: parts.sealed) }
    }

    /// A gazetteer of the layout before its nodes were kept apart (version 3) still loads,
    /// answers alike and is written again in the newest layout.
    @Test func aGazetteerOfVersionThreeStillLoadsAndAnswersAlike() throws {
        var parts = ChunkedFileParts(Self.bytes)
        let index = try #require(parts.sections.firstIndex { $0.tag == "GAZE" })
        var w = BinaryWriter()
        Self.model.schema.gazetteer.writeKeysApart(to: &w)
        parts.sections[index].version = 3
        parts.sections[index].payload = w.bytes
        let loaded = try NLUModel(fileBytes: parts.sealed)
        for text in Self.probes { #expect(loaded.classify(text) == Self.model.classify(text), "\(text)") }
        #expect(loaded.fileBytes() == Self.bytes, "written again in the newest layout")
    }
}
