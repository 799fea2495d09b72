import Foundation
import InteractionModel

/// Derives small fuzz seeds from interaction models at run time, so that the real skills in
/// `../shared/interaction-models` seed the fuzzers without a copy of them in the repository.
///
/// Small seeds fuzz better than whole skills: each mutation is cheap to run and more likely to
/// change a part the importer reads, and the inputs the fuzzer keeps stay small enough to check
/// in.
public enum SeedCorpus {
    /// Seeds for the importer target: one model per intent, with the slot types it uses (a
    /// few values each) and its dialog settings, in the `interactionModel` wrapper.
    public static func importerSeeds(fromModelJSON bytes: [UInt8], maximumValues: Int = 6) -> [[UInt8]] {
        guard let imported = try? Importer.importModel(json: bytes) else { return [] }
        let model = imported.model
        var seeds: [[UInt8]] = []
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for intent in model.languageModel.intents {
            let typeNames = Set(intent.slots.map(\.type))
            var types = model.languageModel.types.filter { typeNames.contains($0.name) }
            for t in types.indices { types[t].values = Array(types[t].values.prefix(maximumValues)) }
            var part = InteractionModel(
                languageModel: LanguageModel(invocationName: model.languageModel.invocationName, intents: [intent],
                                             types: types, modelConfiguration: model.languageModel.modelConfiguration),
                locale: model.locale)
            if let dialogIntent = model.dialog?.intents.first(where: { $0.name == intent.name }) {
                var dialog = model.dialog!
                dialog.intents = [dialogIntent]
                part.dialog = dialog
                let ids = Set(Self.promptIds(dialogIntent))
                part.prompts = model.prompts.filter { ids.contains($0.id) }
            }
            if let json = try? encoder.encode(Wrapper(interactionModel: part)) { seeds.append(Array(json)) }
        }
        return seeds
    }

    /// Seeds for the classifier target: each sample with its slots filled by a listed value
    /// (or the slot's name), behind a context byte of 0.
    public static func classifierSeeds(fromModelJSON bytes: [UInt8], maximum: Int = 200) -> [[UInt8]] {
        guard let imported = try? Importer.importModel(json: bytes) else { return [] }
        let model = imported.model
        var seeds: [[UInt8]] = []
        for intent in model.languageModel.intents {
            for sample in intent.samples {
                guard seeds.count < maximum, let template = try? SampleTemplate(parsing: sample) else { continue }
                var text = ""
                for part in template.parts {
                    switch part {
                    case .text(let t): text += t
                    case .slot(let name, _):
                        let type = intent.slot(named: name)?.type ?? ""
                        text += model.slotType(named: type)?.values.first?.name.value ?? name
                    }
                }
                seeds.append([0] + Array(text.utf8))
            }
        }
        return seeds
    }

    static func promptIds(_ intent: DialogIntent) -> [String] {
        var ids = [intent.prompts.confirmation].compactMap { $0 }
        for slot in intent.slots {
            ids += [slot.prompts.elicitation, slot.prompts.confirmation].compactMap { $0 }
            ids += slot.validations.compactMap(\.prompt)
        }
        return ids
    }

    struct Wrapper: Encodable {
        var interactionModel: InteractionModel
    }
}
