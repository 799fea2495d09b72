/// Repairs the untidiness the ``Validator`` warns about, so that what the NLU trains on is
/// clean: samples trimmed, repeated once, legacy `{example|Slot}` references rewritten,
/// built-in type names in the right case, empty and repeated synonyms dropped.
///
/// It runs after validation (the findings describe the file as written) and never changes
/// meaning: nothing it removes could be told apart from what it keeps.
public enum ModelTidier {
    public static func tidy(_ model: InteractionModel) -> InteractionModel {
        var model = model
        for i in model.languageModel.intents.indices {
            var intent = model.languageModel.intents[i]
            intent.samples = tidySamples(intent.samples)
            for s in intent.slots.indices {
                intent.slots[s].samples = tidySamples(intent.slots[s].samples)
                intent.slots[s].type = tidyTypeName(intent.slots[s].type)
            }
            model.languageModel.intents[i] = intent
        }
        for t in model.languageModel.types.indices {
            model.languageModel.types[t].values = tidyValues(model.languageModel.types[t].values)
        }
        if var dialog = model.dialog {
            for d in dialog.intents.indices {
                for s in dialog.intents[d].slots.indices {
                    if let type = dialog.intents[d].slots[s].type {
                        dialog.intents[d].slots[s].type = tidyTypeName(type)
                    }
                }
            }
            model.dialog = dialog
        }
        return model
    }

    static func tidySamples(_ samples: [String]) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        result.reserveCapacity(samples.count)
        for sample in samples {
            var text = sample.collapsingSpaces
            if text.isEmpty { continue }
            if let template = try? SampleTemplate(parsing: text), template.hasLegacyLiterals || template.hasPaddedSlotName {
                text = template.canonicalText
            }
            if seen.insert(BuiltInIntents.normalize(text)).inserted { result.append(text) }
        }
        return result
    }

    static func tidyTypeName(_ type: String) -> String {
        guard BuiltInSlotTypes.isBuiltInName(type) else { return type }
        return BuiltInSlotTypes.canonicalName(for: type) ?? type
    }

    static func tidyValues(_ values: [SlotTypeValue]) -> [SlotTypeValue] {
        var result: [SlotTypeValue] = []
        result.reserveCapacity(values.count)
        for value in values {
            let text = value.name.value.collapsingSpaces
            if text.isEmpty { continue }
            var seen: Set<String> = [Validator.valueKey(text)]
            var synonyms: [String] = []
            for synonym in value.name.synonyms {
                let tidy = synonym.collapsingSpaces
                if tidy.isEmpty { continue }
                if seen.insert(Validator.valueKey(tidy)).inserted { synonyms.append(tidy) }
            }
            result.append(SlotTypeValue(id: value.id, value: text, synonyms: synonyms))
        }
        return result
    }
}
