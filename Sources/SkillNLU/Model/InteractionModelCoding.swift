import Foundation
import InteractionModel

/// The interaction model inside a model file. The language model (intents, samples, slot
/// types with tens of thousands of values) is written in the binary coding, which reads back
/// several times faster than JSON; the small parts with open-ended structure (model
/// configuration, dialog model, prompts) stay JSON.
///
/// From format 5 every count and text length is a LEB128 varint rather than eight bytes: a
/// large model lists thousands of values and samples, and eight bytes for each of their
/// lengths were a noticeable share of the file.
enum InteractionModelCoding {
    static func write(_ model: InteractionModel, to w: inout BinaryWriter, compact: Bool = true) {
        var out = Output(writer: w, compact: compact)
        defer { w = out.writer }
        let lm = model.languageModel
        out.text(model.locale)
        out.text(lm.invocationName)
        out.count(lm.intents.count)
        for intent in lm.intents {
            out.text(intent.name)
            out.texts(intent.samples)
            writeSlots(intent.slots, to: &out)
        }
        out.count(lm.types.count)
        for type in lm.types {
            out.text(type.name)
            writeValues(type.values, to: &out)
            writeSupplier(type.valueSupplier, to: &out)
        }
        writeJSONParts(model, to: &out)
    }

    static func writeSlots(_ slots: [Slot], to out: inout Output) {
        out.count(slots.count)
        for slot in slots {
            out.text(slot.name)
            out.text(slot.type)
            out.texts(slot.samples)
            out.writer.write(slot.multipleValues != nil)
            out.writer.write(slot.multipleValues?.enabled ?? false)
        }
    }

    static func writeValues(_ values: [SlotTypeValue], to out: inout Output) {
        out.count(values.count)
        for v in values {
            out.text(v.id)
            out.text(v.name.value)
            out.texts(v.name.synonyms)
        }
    }

    static func writeSupplier(_ supplier: ValueSupplier?, to out: inout Output) {
        out.writer.write(supplier != nil)
        out.text(supplier?.type)
        out.text(supplier?.valueSourceId)
    }

    /// The parts with open-ended structure, as JSON with sorted keys: the model configuration,
    /// the dialog model and the prompts.
    static func writeJSONParts(_ model: InteractionModel, to out: inout Output) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        out.bytes(Array((try? encoder.encode(model.languageModel.modelConfiguration)) ?? Data("null".utf8)))
        out.bytes(Array((try? encoder.encode(model.dialog)) ?? Data("null".utf8)))
        out.bytes(Array((try? encoder.encode(model.prompts)) ?? Data("[]".utf8)))
    }

    /// Reads what ``write(_:to:compact:)`` wrote; `compact` as it was written (format 5 and later).
    static func read(from r: inout BinaryReader, compact: Bool = true) throws -> InteractionModel {
        r.part = "the interaction model"
        var input = Input(reader: r, compact: compact)
        defer { r = input.reader }
        let locale = try input.text()
        let invocation = try input.text()
        var intents: [Intent] = []
        let intentCount = try input.count(minimumBytesEach: 24)
        intents.reserveCapacity(intentCount)
        for _ in 0..<intentCount {
            let name = try input.text()
            let samples = try input.texts()
            intents.append(Intent(name: name, slots: try readSlots(from: &input), samples: samples))
        }
        var types: [SlotType] = []
        for _ in 0..<(try input.count(minimumBytesEach: 19)) {
            let name = try input.text()
            let values = try readValues(from: &input)
            types.append(SlotType(name: name, values: values, valueSupplier: try readSupplier(from: &input)))
        }
        let (configuration, dialog, prompts) = try readJSONParts(from: &input)
        let lm = LanguageModel(invocationName: invocation, intents: intents, types: types, modelConfiguration: configuration)
        return InteractionModel(languageModel: lm, dialog: dialog, prompts: prompts, locale: locale)
    }

    static func readSlots(from input: inout Input) throws -> [Slot] {
        var slots: [Slot] = []
        for _ in 0..<(try input.count(minimumBytesEach: 26)) {
            let slotName = try input.text()
            let type = try input.text()
            let slotSamples = try input.texts()
            let hasMultiple = try input.reader.readBool()
            let enabled = try input.reader.readBool()
            slots.append(Slot(name: slotName, type: type, samples: slotSamples,
                              multipleValues: hasMultiple ? MultipleValues(enabled: enabled) : nil))
        }
        return slots
    }

    static func readValues(from input: inout Input) throws -> [SlotTypeValue] {
        let valueCount = try input.count(minimumBytesEach: 17)
        var values: [SlotTypeValue] = []
        values.reserveCapacity(valueCount)
        for _ in 0..<valueCount {
            let id = try input.optionalText()
            let value = try input.text()
            let synonyms = try input.texts()
            values.append(SlotTypeValue(id: id, value: value, synonyms: synonyms))
        }
        return values
    }

    static func readSupplier(from input: inout Input) throws -> ValueSupplier? {
        let hasSupplier = try input.reader.readBool()
        let supplierType = try input.optionalText()
        let sourceId = try input.optionalText()
        return hasSupplier ? ValueSupplier(type: supplierType, valueSourceId: sourceId) : nil
    }

    static func readJSONParts(from input: inout Input) throws -> (ModelConfiguration?, DialogModel?, [Prompt]) {
        let decoder = JSONDecoder()
        do {
            let configuration = try decoder.decode(ModelConfiguration?.self, from: Data(try input.bytes()))
            let dialog = try decoder.decode(DialogModel?.self, from: Data(try input.bytes()))
            let prompts = try decoder.decode([Prompt].self, from: Data(try input.bytes()))
            return (configuration, dialog, prompts)
        } catch let e as ModelFileError {
            throw e
        } catch {
            throw ModelFileError.corrupt("the stored dialog model or prompts")
        }
    }

    /// Counts and lengths as varints (`compact`) or eight bytes each (format 4 and older).
    struct Output {
        var writer: BinaryWriter
        let compact: Bool

        mutating func count(_ n: Int) {
            compact ? writer.writeVarint(n) : writer.write(n)
        }
        mutating func bytes(_ b: [UInt8]) {
            guard compact else { return writer.write(bytes: b) }
            count(b.count)
            writer.append(raw: b)
        }
        mutating func text(_ s: String) {
            guard compact else { return writer.write(s) }
            count(s.utf8.count)
            writer.append(raw: s.utf8)
        }
        mutating func text(_ s: String?) {
            writer.write(s != nil)
            if let s { text(s) }
        }
        mutating func texts(_ list: [String]) {
            guard compact else { return writer.write(list) }
            count(list.count)
            for s in list { text(s) }
        }
    }

    struct Input {
        var reader: BinaryReader
        let compact: Bool

        /// A count of items of at least `minimumBytesEach` bytes in the fixed coding (one byte
        /// each in the compact one), refused when the rest of the part cannot hold them.
        mutating func count(minimumBytesEach: Int = 1) throws -> Int {
            guard compact else { return try reader.readCount(minimumBytesEach: minimumBytesEach) }
            let v = try reader.readVarint()
            guard v <= UInt64(reader.remaining) else { throw ModelFileError.truncated(part: reader.part) }
            return Int(v)
        }
        mutating func bytes() throws -> [UInt8] {
            compact ? try reader.readBytes(length: try count()) : try reader.readBytes()
        }
        mutating func text() throws -> String {
            compact ? try reader.readString(length: try count()) : try reader.readString()
        }
        mutating func optionalText() throws -> String? {
            try reader.readBool() ? try text() : nil
        }
        mutating func texts() throws -> [String] {
            guard compact else { return try reader.readStrings() }
            let n = try count()
            var out: [String] = []
            out.reserveCapacity(n)
            for _ in 0..<n { out.append(try text()) }
            return out
        }
    }
}
