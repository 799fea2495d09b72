import Foundation
import InteractionModel

/// The interaction model inside a model file. The language model (intents, samples, slot
/// types with tens of thousands of values) is written in the binary coding, which reads back
/// several times faster than JSON; the small parts with open-ended structure (model
/// configuration, dialog model, prompts) stay JSON.
enum InteractionModelCoding {
    static func write(_ model: InteractionModel, to w: inout BinaryWriter) {
        let lm = model.languageModel
        w.write(model.locale)
        w.write(lm.invocationName)
        w.write(lm.intents.count)
        for intent in lm.intents {
            w.write(intent.name)
            w.write(intent.samples)
            w.write(intent.slots.count)
            for slot in intent.slots {
                w.write(slot.name)
                w.write(slot.type)
                w.write(slot.samples)
                w.write(slot.multipleValues != nil)
                w.write(slot.multipleValues?.enabled ?? false)
            }
        }
        w.write(lm.types.count)
        for type in lm.types {
            w.write(type.name)
            w.write(type.values.count)
            for v in type.values {
                w.write(v.id)
                w.write(v.name.value)
                w.write(v.name.synonyms)
            }
            w.write(type.valueSupplier != nil)
            w.write(type.valueSupplier?.type)
            w.write(type.valueSupplier?.valueSourceId)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        w.write(bytes: Array((try? encoder.encode(lm.modelConfiguration)) ?? Data("null".utf8)))
        w.write(bytes: Array((try? encoder.encode(model.dialog)) ?? Data("null".utf8)))
        w.write(bytes: Array((try? encoder.encode(model.prompts)) ?? Data("[]".utf8)))
    }

    static func read(from r: inout BinaryReader) throws -> InteractionModel {
        r.part = "the interaction model"
        let locale = try r.readString()
        let invocation = try r.readString()
        var intents: [Intent] = []
        let intentCount = try r.readCount(minimumBytesEach: 24)
        intents.reserveCapacity(intentCount)
        for _ in 0..<intentCount {
            let name = try r.readString()
            let samples = try r.readStrings()
            var slots: [Slot] = []
            for _ in 0..<(try r.readCount(minimumBytesEach: 26)) {
                let slotName = try r.readString()
                let type = try r.readString()
                let slotSamples = try r.readStrings()
                let hasMultiple = try r.readBool()
                let enabled = try r.readBool()
                slots.append(Slot(name: slotName, type: type, samples: slotSamples,
                                  multipleValues: hasMultiple ? MultipleValues(enabled: enabled) : nil))
            }
            intents.append(Intent(name: name, slots: slots, samples: samples))
        }
        var types: [SlotType] = []
        for _ in 0..<(try r.readCount(minimumBytesEach: 19)) {
            let name = try r.readString()
            let valueCount = try r.readCount(minimumBytesEach: 17)
            var values: [SlotTypeValue] = []
            values.reserveCapacity(valueCount)
            for _ in 0..<valueCount {
                let id = try r.readOptionalString()
                let value = try r.readString()
                let synonyms = try r.readStrings()
                values.append(SlotTypeValue(id: id, value: value, synonyms: synonyms))
            }
            let hasSupplier = try r.readBool()
            let supplierType = try r.readOptionalString()
            let sourceId = try r.readOptionalString()
            types.append(SlotType(name: name, values: values,
                                  valueSupplier: hasSupplier ? ValueSupplier(type: supplierType, valueSourceId: sourceId) : nil))
        }
        let decoder = JSONDecoder()
        do {
            let configuration = try decoder.decode(ModelConfiguration?.self, from: Data(try r.readBytes()))
            let dialog = try decoder.decode(DialogModel?.self, from: Data(try r.readBytes()))
            let prompts = try decoder.decode([Prompt].self, from: Data(try r.readBytes()))
            let lm = LanguageModel(invocationName: invocation, intents: intents, types: types, modelConfiguration: configuration)
            return InteractionModel(languageModel: lm, dialog: dialog, prompts: prompts, locale: locale)
        } catch let e as ModelFileError {
            throw e
        } catch {
            throw ModelFileError.corrupt("the stored dialog model or prompts")
        }
    }
}
