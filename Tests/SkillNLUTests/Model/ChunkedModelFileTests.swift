import Foundation
import Testing
@testable import SkillNLU

/// The chunked model file (format 8): one section per unit, each with its tag, unit version,
/// length and checksum; what a reader refuses and what it skips.
@Suite struct ChunkedModelFileTests {
    static let model = Fixtures.coffeeModel
    static let bytes = model.fileBytes()
    static let probes = ["a latte please", "i want a large flat white", "where's my order", "venti caffe latte", "stop", "", "zzz"]
    /// The sections every model has, in file order.
    static let required = ["MODL", "OPTS", "BUIL", "GAZE", "EXCT", "FALL", "INTC", "TAGR"]
    /// Sections whose layout changed once: the weight tables stored as bytes with a scale per
    /// row, the text-like sections deflated.
    static let secondLayout: Set<String> = ["MODL", "GAZE", "EXCT", "INTC", "CARR", "TAGR"]

    /// Sections whose layout changed twice: the classifiers' tables in fewer than 8 bits a weight;
    /// the hashed keys of the gazetteer, the compiled samples and the tagger kept apart from
    /// their deflated tables; the interaction model in parts deflated one by one.
    static let thirdLayout: Set<String> = ["INTC", "CARR", "GAZE", "EXCT", "TAGR", "MODL"]

    /// Sections whose layout changed three times: the compiled samples laid out breadth first;
    /// the tagger's weight bytes kept apart too and its transitions stored sparse; the
    /// gazetteer's nodes kept apart.
    static let fourthLayout: Set<String> = ["GAZE", "EXCT", "TAGR"]

    /// The layout version this SkillNLU writes for `tag`.
    static func version(_ tag: String) -> UInt16 {
        fourthLayout.contains(tag) ? 4 : thirdLayout.contains(tag) ? 3 : secondLayout.contains(tag) ? 2 : 1
    }

    func expectRefused(_ bytes: [UInt8], _ expected: ModelFileError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) { try NLUModel(fileBytes: bytes) }
    }

    @Test func aModelIsWrittenAsOneSectionPerUnitAndReadsBackAlike() throws {
        var header = BinaryReader(Self.bytes, offset: 8)
        #expect(try header.readUInt32() == 8 && NLUModel.fileFormatVersion == 8)
        let parts = ChunkedFileParts(Self.bytes)
        // The compiled schema and the schema outline are optional: a reader without them works
        // their facts out again from the interaction model.
        #expect(parts.tags == Array(Self.required.prefix(3)) + ["SCHM", "OUTL"] + Self.required.dropFirst(3) + ["CARR"])
        #expect(parts.sections.allSatisfy { $0.version == Self.version($0.tag) && $0.flags == (["SCHM", "OUTL"].contains($0.tag) ? 0 : 1) })
        let loaded = try NLUModel(fileBytes: Self.bytes)
        #expect(loaded.fileBytes() == Self.bytes)
        for text in Self.probes { #expect(loaded.classify(text) == Self.model.classify(text), "\(text)") }
        #expect(try ChunkedModelFileReader(Self.bytes, known: NLUModel.knownSections).writerVersion == SkillNLUVersion.string)
    }

    @Test func theFileIsAtMostAFewHundredBytesLargerThanFormatSix() {
        for model in [Self.model, Fixtures.pizzaShopModel] {
            let growth = model.fileBytes().count - LegacyFormatWriter.bytes(model).count
            #expect(growth <= 300, "\(growth) bytes more")
        }
        let breakdown = Self.model.fileSizeBreakdown
        #expect(breakdown.reduce(0) { $0 + $1.bytes } == Self.bytes.count)
        #expect(breakdown.contains { $0.part == "the slot tagger" && $0.bytes > 0 })
    }

    /// The classifier's tables take about a byte a weight (a quarter of single precision, well
    /// under half precision's two), and the interaction model is stored deflated: in parts, each
    /// with a few bytes of its own, which a model this small feels.
    @Test func weightTablesTakeAByteAWeightAndTheInteractionModelIsDeflated() {
        let parts = ChunkedFileParts(Self.bytes)
        let c = Self.model.classifier
        let weights = c.embedding.count + c.linear.count
        let intc = parts.sections.first { $0.tag == "INTC" }!.payload.count
        #expect(intc < weights * 3 / 2, "\(intc) bytes for \(weights) weights")
        var plain = BinaryWriter()
        InteractionModelCoding.write(Self.model.interactionModel, to: &plain)
        let modl = parts.sections.first { $0.tag == "MODL" }!.payload.count
        #expect(modl < plain.bytes.count * 7 / 8, "\(modl) bytes for \(plain.bytes.count)")
    }

    @Test(arguments: required + ["CARR"])
    func aMissingRequiredSectionIsRefused(tag: String) {
        var parts = ChunkedFileParts(Self.bytes)
        parts.sections.removeAll { $0.tag == tag }
        let error = #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: parts.sealed) }
        guard case .missingSection(let what) = error else {
            Issue.record("\(tag): \(String(describing: error))")
            return
        }
        #expect(what.contains(tag) && error!.description.contains("train it again with nlu-train"))
    }

    @Test(arguments: required + ["CARR"])
    func aNewerUnitVersionIsRefusedWithAnUpdateHint(tag: String) {
        var parts = ChunkedFileParts(Self.bytes)
        let i = parts.sections.firstIndex { $0.tag == tag }!
        let written = Self.version(tag)
        parts.sections[i].version = written + 1
        let error = #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: parts.sealed) }
        guard case .newerSection(let what, let found, let supported) = error else {
            Issue.record("\(tag): \(String(describing: error))")
            return
        }
        #expect(what.contains(tag) && found == written + 1 && supported == written)
        #expect(error!.description.contains("update SkillNLU"))
        // Version 0 was never written.
        parts.sections[i].version = 0
        #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: parts.sealed) }
    }

    @Test func aDamagedSectionIsNamed() {
        for section in ChunkedFileParts(Self.bytes).sections {
            var damaged = Self.bytes
            damaged[section.offset + 24 + section.payload.count / 2] ^= 0x10
            let error = #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: damaged) }
            guard case .sectionChecksumMismatch(let what) = error else {
                Issue.record("\(section.tag): \(String(describing: error))")
                continue
            }
            #expect(what.contains(section.tag) && error!.description.contains("nlu-train"))
            // The section's header is covered by its checksum too: a changed version or flag.
            for byte in [4, 6] {
                var header = Self.bytes
                header[section.offset + byte] ^= 0x02
                expectRefused(header, .sectionChecksumMismatch(what))
            }
        }
    }

    @Test func aTruncationAtEverySectionBoundaryIsRefused() {
        var cuts = [0, 8, 12, NLUModel.headerSize - 1, NLUModel.headerSize]
        for section in ChunkedFileParts(Self.bytes).sections {
            cuts += [section.offset, section.offset + 1, section.offset + 23, section.offset + 24,
                     section.offset + 24 + section.payload.count - 1]
        }
        for cut in cuts where cut < Self.bytes.count {
            #expect(throws: ModelFileError.self, "cut at \(cut)") { try NLUModel(fileBytes: Array(Self.bytes[0..<cut])) }
        }
        // Cut inside a section: the error names it.
        let tagger = ChunkedFileParts(Self.bytes).sections.first { $0.tag == "TAGR" }!
        expectRefused(Array(Self.bytes[0..<(tagger.offset + 30)]), .truncated(part: "the slot tagger (section TAGR)"))
        // Cut after a whole section, or sections dropped with the header's counts made to fit:
        // the file is refused, never loaded without what follows.
        var parts = ChunkedFileParts(Self.bytes)
        while parts.sections.count > 1 {
            parts.sections.removeLast()
            #expect(throws: ModelFileError.self, "\(parts.tags)") { try NLUModel(fileBytes: parts.sealed) }
        }
    }

    @Test func anUnknownOptionalSectionIsSkipped() throws {
        var parts = ChunkedFileParts(Self.bytes)
        let extra = ChunkedFileParts.Section(tag: "NOTE", version: 7, flags: 0, payload: Array("made by a newer SkillNLU".utf8), offset: 0)
        parts.sections.insert(extra, at: 3)
        parts.sections.append(extra.with(tag: "ZZZZ"))
        let loaded = try NLUModel(fileBytes: parts.sealed)
        #expect(loaded.fileBytes() == Self.bytes)
        for text in Self.probes { #expect(loaded.classify(text) == Self.model.classify(text), "\(text)") }
    }

    @Test func anUnknownRequiredSectionIsRefusedWithAnUpdateHint() {
        var parts = ChunkedFileParts(Self.bytes)
        parts.sections.append(.init(tag: "NEWU", version: 1, flags: 1, payload: [1, 2, 3], offset: 0))
        expectRefused(parts.sealed, .unknownRequiredSection("NEWU"))
        #expect(ModelFileError.unknownRequiredSection("NEWU").description.contains("update SkillNLU"))
        // Flags this SkillNLU does not know are not ignored.
        parts = ChunkedFileParts(Self.bytes)
        parts.sections[0].flags = 3
        #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: parts.sealed) }
    }

    @Test func aSectionTwiceOrDataAfterTheLastSectionIsCorrupt() {
        var parts = ChunkedFileParts(Self.bytes)
        parts.sections.append(parts.sections[5])
        #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: parts.sealed) }
        let trailing = NLUModel.sealedFile(sections: Array(Self.bytes[NLUModel.headerSize...]) + [0, 0, 0])
        #expect(throws: ModelFileError.corrupt("data after the last section")) { try NLUModel(fileBytes: trailing) }
    }

    /// Sections in another order load alike: each is found by its tag.
    @Test func sectionsAreFoundByTag() throws {
        var parts = ChunkedFileParts(Self.bytes)
        parts.sections.reverse()
        let loaded = try NLUModel(fileBytes: parts.sealed)
        #expect(loaded.fileBytes() == Self.bytes)
    }

    @Test func theHeaderIsChecked() {
        // Every bit of the header after the magic: refused (the header checksum, or the format).
        for i in 8..<NLUModel.headerSize {
            var damaged = Self.bytes
            damaged[i] ^= 0x04
            #expect(throws: ModelFileError.self, "byte \(i)") { try NLUModel(fileBytes: damaged) }
        }
        // A valid header whose digest is not that of its sections.
        var other = Self.bytes
        other.replaceSubrange(24..<32, with: [UInt8](repeating: 0, count: 8))
        withUnsafeBytes(of: FileChecksum.hash(other[8..<40]).littleEndian) { other.replaceSubrange(40..<48, with: $0) }
        expectRefused(other, .checksumMismatch)
    }

    /// A file with two damaged units is refused for the first of them in file order, whatever
    /// order or thread the units are decoded in.
    @Test(arguments: [("MODL", "TAGR"), ("EXCT", "INTC"), ("GAZE", "FALL"), ("INTC", "TAGR"), ("TAGR", "CARR")])
    func twoDamagedUnitsAreRefusedForTheFirstInFileOrder(first: String, second: String) throws {
        func damaged(_ tags: [String]) -> [UInt8] {
            var parts = ChunkedFileParts(Self.bytes)
            for tag in tags {
                let i = parts.sections.firstIndex { $0.tag == tag }!
                parts.sections[i].payload = [UInt8](parts.sections[i].payload.prefix(9))
            }
            return parts.sealed
        }
        let alone = #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: damaged([first])) }
        let other = #expect(throws: ModelFileError.self) { try NLUModel(fileBytes: damaged([second])) }
        #expect(alone != other)
        expectRefused(damaged([first, second]), try #require(alone))
    }

    /// A unit whose payload does not fit the interaction model, behind valid checksums.
    @Test func unitsThatDoNotFitTheModelAreRefused() throws {
        var parts = ChunkedFileParts(Self.bytes)
        let pizza = ChunkedFileParts(Fixtures.pizzaShopModel.fileBytes())
        let i = parts.sections.firstIndex { $0.tag == "INTC" }!
        parts.sections[i].payload = pizza.sections.first { $0.tag == "INTC" }!.payload
        expectRefused(parts.sealed, .corrupt("the units do not fit the interaction model"))
    }
}

extension ChunkedFileParts.Section {
    func with(tag: String) -> Self {
        var copy = self
        copy.tag = tag
        return copy
    }
}
