import InteractionModel

/// The interaction model as a model file stores it from ``InteractionModelSection`` version 3:
/// in parts, each deflated on its own (``DeflatedPayload``), so that one part is read without
/// the others.
///
/// Classifying needs a piece of the interaction model long before anything needs all of it:
/// the values of one slot type, to resolve a value said for a slot, or the samples of one
/// intent, to name the sample an utterance matched. Read from one deflated stream, either
/// meant inflating and decoding the whole model — milliseconds for a large skill, paid by the
/// first utterance after every load. From parts, it is one small stream.
///
/// The layout, after the counts of intents and types (varints): the outline (locale,
/// invocation name, each intent's name and slots, each type's name and value supplier), each
/// intent's samples, each type's values, then the parts with open-ended structure (model
/// configuration, dialog model, prompts, as JSON); each part a varint length, the checksum of
/// its bytes (``FileChecksum``, 8 bytes) and a deflated payload. The parts are written in
/// ``InteractionModelCoding``'s compact coding, and read back together they give the very model
/// ``InteractionModelCoding`` gives.
///
/// A part is inflated the first time it is needed, long after loading, where a damaged part
/// could no longer be refused. So loading checks each part against its own checksum (hashing
/// the stored bytes costs a fraction of inflating them): bytes damaged after the part was
/// written — also behind a section checksum made again over them — are refused at load.
struct InteractionModelParts: Sendable {
    /// The section's payload, which the ranges index.
    private let bytes: [UInt8]
    private let outlinePart: Range<Int>
    /// Each intent's samples, in the model's order.
    private let samplesParts: [Range<Int>]
    /// Each type's values, in the model's order.
    private let valuesParts: [Range<Int>]
    private let jsonPart: Range<Int>

    /// How many intents and types the model has (as many as it has parts of samples and values).
    var intentCount: Int { samplesParts.count }
    var typeCount: Int { valuesParts.count }

    /// Writes `model` in parts.
    static func write(_ model: InteractionModel, to w: inout BinaryWriter) {
        let lm = model.languageModel
        w.writeVarint(lm.intents.count)
        w.writeVarint(lm.types.count)
        func part(_ body: (inout InteractionModelCoding.Output) -> Void) {
            var deflated = BinaryWriter()
            DeflatedPayload.write(to: &deflated) { inner in
                var out = InteractionModelCoding.Output(writer: inner, compact: true)
                body(&out)
                inner = out.writer
            }
            w.writeVarint(deflated.bytes.count)
            w.write(FileChecksum.hash(deflated.bytes))
            w.append(raw: deflated.bytes)
        }
        part { out in
            out.text(model.locale)
            out.text(lm.invocationName)
            for intent in lm.intents {
                out.text(intent.name)
                InteractionModelCoding.writeSlots(intent.slots, to: &out)
            }
            for type in lm.types {
                out.text(type.name)
                InteractionModelCoding.writeSupplier(type.valueSupplier, to: &out)
            }
        }
        for intent in lm.intents { part { $0.texts(intent.samples) } }
        for type in lm.types { part { InteractionModelCoding.writeValues(type.values, to: &$0) } }
        part { InteractionModelCoding.writeJSONParts(model, to: &$0) }
    }

    /// Finds the parts of `r`'s rest, checking each as far as it can be checked without
    /// inflating it (``DeflatedPayload/checkEnvelope(_:)``).
    init(reading r: inout BinaryReader) throws {
        let intents = try Self.count(&r)
        let types = try Self.count(&r)
        // Each part takes at least a byte of length, its checksum and the envelope's eight bytes.
        guard intents + types + 2 <= r.remaining / 17 else { throw ModelFileError.truncated(part: r.part) }
        var parts: [Range<Int>] = []
        parts.reserveCapacity(intents + types + 2)
        for _ in 0..<(intents + types + 2) {
            let length = try Self.count(&r)
            let checksum = try r.readUInt64()
            let range = try r.readRange(length: length)
            var part = r.reader(of: range)
            try DeflatedPayload.checkEnvelope(&part)
            guard r.withBytes(in: range, { FileChecksum.hash(UnsafeRawBufferPointer($0)) }) == checksum else {
                throw ModelFileError.corrupt("a part of \(r.part) does not match its checksum")
            }
            parts.append(range)
        }
        bytes = r.storage
        outlinePart = parts[0]
        samplesParts = Array(parts[1..<(1 + intents)])
        valuesParts = Array(parts[(1 + intents)..<(1 + intents + types)])
        jsonPart = parts[1 + intents + types]
    }

    /// The whole interaction model.
    func model() throws -> InteractionModel {
        let outline = try self.outline()
        var intents = outline.intents
        for i in intents.indices { intents[i].samples = try samples(ofIntent: i) }
        var types = outline.types
        for t in types.indices { types[t].values = try values(ofType: t) }
        let (configuration, dialog, prompts) = try read(jsonPart) { try InteractionModelCoding.readJSONParts(from: &$0) }
        let lm = LanguageModel(invocationName: outline.invocationName, intents: intents, types: types,
                               modelConfiguration: configuration)
        return InteractionModel(languageModel: lm, dialog: dialog, prompts: prompts, locale: outline.locale)
    }

    /// The model's locale, invocation name, intents (without samples) and types (without values).
    func outline() throws -> (locale: String, invocationName: String, intents: [Intent], types: [SlotType]) {
        try read(outlinePart) { input in
            let locale = try input.text()
            let invocation = try input.text()
            var intents: [Intent] = []
            for _ in 0..<intentCount {
                let name = try input.text()
                intents.append(Intent(name: name, slots: try InteractionModelCoding.readSlots(from: &input)))
            }
            var types: [SlotType] = []
            for _ in 0..<typeCount {
                let name = try input.text()
                types.append(SlotType(name: name, valueSupplier: try InteractionModelCoding.readSupplier(from: &input)))
            }
            return (locale, invocation, intents, types)
        }
    }

    /// The samples of the model's intent `index`, read from their part alone.
    func samples(ofIntent index: Int) throws -> [String] {
        try read(samplesParts[index]) { try $0.texts() }
    }

    /// The values of the model's type `index`, read from their part alone.
    func values(ofType index: Int) throws -> [SlotTypeValue] {
        try read(valuesParts[index]) { try InteractionModelCoding.readValues(from: &$0) }
    }

    /// Inflates one part and reads all of it with `body`.
    private func read<T>(_ part: Range<Int>, _ body: (inout InteractionModelCoding.Input) throws -> T) throws -> T {
        var r = BinaryReader(bytes, range: part)
        r.part = InteractionModelSection.what
        return try DeflatedPayload.read(from: &r) { inner in
            var input = InteractionModelCoding.Input(reader: inner, compact: true)
            let value = try body(&input)
            inner = input.reader
            return value
        }
    }

    private static func count(_ r: inout BinaryReader) throws -> Int {
        let n = try r.readVarint()
        guard n <= UInt64(r.remaining) else { throw ModelFileError.truncated(part: r.part) }
        return Int(n)
    }
}
