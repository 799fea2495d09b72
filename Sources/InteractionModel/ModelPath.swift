/// An element of an ``InteractionModel``, by index, independent of the file it came from.
///
/// The ``Validator`` says *which* element a finding is about with a `ModelPath`; a ``SourceMap``
/// turns it into the file, JSON path, line and column of that element in the source. Indices
/// are those of the model's arrays (`languageModel.intents[i].samples[j]`).
public indirect enum ModelPath: Hashable, Sendable {
    case model
    case languageModel
    case intent(Int)
    case sample(intent: Int, sample: Int)
    case slot(intent: Int, slot: Int)
    case slotSample(intent: Int, slot: Int, sample: Int)
    case type(Int)
    case value(type: Int, value: Int)
    case synonym(type: Int, value: Int, synonym: Int)
    case dialog
    case dialogIntent(Int)
    case dialogSlot(intent: Int, slot: Int)
    case validation(intent: Int, slot: Int, validation: Int)
    case prompt(Int)
    case variation(prompt: Int, variation: Int)
    case modelConfiguration
    /// A named field of an element, such as `.field(.slot(intent: 0, slot: 1), "type")`.
    case field(ModelPath, String)

    /// The path below the language model / dialog / prompts roots, e.g. `intents[3].samples[7]`.
    func suffix(languageModel lm: String, dialog: String, prompts: String) -> String {
        func join(_ a: String, _ b: String) -> String { a.isEmpty ? b : (b.isEmpty ? a : a + "." + b) }
        switch self {
        case .model: return ""
        case .languageModel: return lm
        case .intent(let i): return join(lm, "intents[\(i)]")
        case .sample(let i, let s): return join(lm, "intents[\(i)].samples[\(s)]")
        case .slot(let i, let s): return join(lm, "intents[\(i)].slots[\(s)]")
        case .slotSample(let i, let s, let k): return join(lm, "intents[\(i)].slots[\(s)].samples[\(k)]")
        case .type(let t): return join(lm, "types[\(t)]")
        case .value(let t, let v): return join(lm, "types[\(t)].values[\(v)]")
        case .synonym(let t, let v, let s): return join(lm, "types[\(t)].values[\(v)].name.synonyms[\(s)]")
        case .modelConfiguration: return join(lm, "modelConfiguration")
        case .dialog: return dialog
        case .dialogIntent(let d): return "\(dialog).intents[\(d)]"
        case .dialogSlot(let d, let s): return "\(dialog).intents[\(d)].slots[\(s)]"
        case .validation(let d, let s, let v): return "\(dialog).intents[\(d)].slots[\(s)].validations[\(v)]"
        case .prompt(let p): return "\(prompts)[\(p)]"
        case .variation(let p, let v): return "\(prompts)[\(p)].variations[\(v)]"
        case .field(let parent, let name):
            let base = parent.suffix(languageModel: lm, dialog: dialog, prompts: prompts)
            return name.hasPrefix("[") ? base + name : join(base, name)
        }
    }
}
