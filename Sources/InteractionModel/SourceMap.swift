/// Where each element of an imported model came from: which file, which JSON path, which line.
///
/// The importer fills it while it reads; the ``Validator`` resolves a ``ModelPath`` through it
/// so that every finding points into the user's own file. A model built in code has an empty
/// map, and findings then carry the canonical JSON path only.
public struct SourceMap: Sendable {
    /// Where an element starts.
    public enum Anchor: Sendable, Equatable {
        case none
        /// A byte offset in document 0 (the model JSON).
        case json(Int)
        /// A line of a text document (a legacy sample-utterances or slot-type list file).
        case line(document: Int, line: Int)
    }

    /// A file the model was read from.
    public struct Document: Sendable {
        /// The name to show in messages (the path as the user gave it).
        public var name: String?
        /// The text, for turning byte offsets into lines and columns.
        public var text: SourceText?

        public init(name: String?, text: SourceText?) {
            self.name = name
            self.text = text
        }
    }

    struct SlotAnchors: Sendable {
        var anchor: Anchor = .none
        var samples: [Anchor] = []
    }

    struct IntentAnchors: Sendable {
        var anchor: Anchor = .none
        var samples: [Anchor] = []
        var slots: [SlotAnchors] = []
    }

    struct ValueAnchors: Sendable {
        var anchor: Anchor = .none
        var synonyms: [Anchor] = []
    }

    struct TypeAnchors: Sendable {
        var anchor: Anchor = .none
        var values: [ValueAnchors] = []
    }

    struct DialogSlotAnchors: Sendable {
        var anchor: Anchor = .none
        var validations: [Anchor] = []
    }

    struct DialogIntentAnchors: Sendable {
        var anchor: Anchor = .none
        var slots: [DialogSlotAnchors] = []
    }

    struct PromptAnchors: Sendable {
        var anchor: Anchor = .none
        var variations: [Anchor] = []
    }

    /// Document 0 is the model file; legacy text files follow.
    public var documents: [Document]
    /// JSON path of the language model in the file (`interactionModel.languageModel`,
    /// `languageModel`, or empty when intents are at the top level).
    public var languageModelPath: String
    /// JSON path of the dialog model.
    public var dialogPath: String
    /// JSON path of the prompts array.
    public var promptsPath: String

    var languageModelAnchor: Anchor = .none
    var dialogAnchor: Anchor = .none
    var modelConfigurationAnchor: Anchor = .none
    var intents: [IntentAnchors] = []
    var types: [TypeAnchors] = []
    var dialogIntents: [DialogIntentAnchors] = []
    var prompts: [PromptAnchors] = []

    /// A map for a model without a file: canonical paths under `interactionModel`.
    public init(file: String? = nil) {
        documents = [Document(name: file, text: nil)]
        languageModelPath = "interactionModel.languageModel"
        dialogPath = "interactionModel.dialog"
        promptsPath = "interactionModel.prompts"
    }

    /// The file, JSON path and location of an element.
    public func resolve(_ path: ModelPath) -> (file: String?, path: String?, location: SourceLocation?) {
        let anchor = self.anchor(for: path)
        // An element read from a text file (legacy sample utterances, slot-type lists) has a
        // line but no JSON path.
        var jsonPath: String? = nil
        if case .line = anchor {} else {
            jsonPath = path.suffix(languageModel: languageModelPath, dialog: dialogPath, prompts: promptsPath)
            if jsonPath?.isEmpty == true { jsonPath = nil }
        }
        switch anchor {
        case .none:
            return (documents.first?.name, jsonPath, nil)
        case .json(let offset):
            let doc = documents[0]
            return (doc.name, jsonPath, doc.text?.location(ofByte: offset))
        case .line(let d, let line):
            let doc = d < documents.count ? documents[d] : documents[0]
            return (doc.name, jsonPath, SourceLocation(line: line, column: 1))
        }
    }

    /// The anchor of an element, falling back to its parent's when it has none of its own.
    func anchor(for path: ModelPath) -> Anchor {
        func pick(_ a: Anchor, _ fallback: @autoclosure () -> Anchor) -> Anchor { a == .none ? fallback() : a }
        switch path {
        case .model: return .none
        case .languageModel: return languageModelAnchor
        case .modelConfiguration: return pick(modelConfigurationAnchor, languageModelAnchor)
        case .intent(let i):
            return i < intents.count ? pick(intents[i].anchor, languageModelAnchor) : languageModelAnchor
        case .sample(let i, let s):
            guard i < intents.count else { return languageModelAnchor }
            let samples = intents[i].samples
            return s < samples.count ? pick(samples[s], intents[i].anchor) : intents[i].anchor
        case .slot(let i, let s):
            guard i < intents.count else { return languageModelAnchor }
            let slots = intents[i].slots
            return s < slots.count ? pick(slots[s].anchor, intents[i].anchor) : intents[i].anchor
        case .slotSample(let i, let s, let k):
            let slotAnchor = anchor(for: .slot(intent: i, slot: s))
            guard i < intents.count, s < intents[i].slots.count else { return slotAnchor }
            let samples = intents[i].slots[s].samples
            return k < samples.count ? pick(samples[k], slotAnchor) : slotAnchor
        case .type(let t):
            return t < types.count ? pick(types[t].anchor, languageModelAnchor) : languageModelAnchor
        case .value(let t, let v):
            let typeAnchor = anchor(for: .type(t))
            guard t < types.count, v < types[t].values.count else { return typeAnchor }
            return pick(types[t].values[v].anchor, typeAnchor)
        case .synonym(let t, let v, let s):
            let valueAnchor = anchor(for: .value(type: t, value: v))
            guard t < types.count, v < types[t].values.count, s < types[t].values[v].synonyms.count else {
                return valueAnchor
            }
            return pick(types[t].values[v].synonyms[s], valueAnchor)
        case .dialog: return dialogAnchor
        case .dialogIntent(let d):
            return d < dialogIntents.count ? pick(dialogIntents[d].anchor, dialogAnchor) : dialogAnchor
        case .dialogSlot(let d, let s):
            let intentAnchor = anchor(for: .dialogIntent(d))
            guard d < dialogIntents.count, s < dialogIntents[d].slots.count else { return intentAnchor }
            return pick(dialogIntents[d].slots[s].anchor, intentAnchor)
        case .validation(let d, let s, let v):
            let slotAnchor = anchor(for: .dialogSlot(intent: d, slot: s))
            guard d < dialogIntents.count, s < dialogIntents[d].slots.count,
                  v < dialogIntents[d].slots[s].validations.count else { return slotAnchor }
            return pick(dialogIntents[d].slots[s].validations[v], slotAnchor)
        case .prompt(let p):
            return p < prompts.count ? prompts[p].anchor : .none
        case .variation(let p, let v):
            let promptAnchor = anchor(for: .prompt(p))
            guard p < prompts.count, v < prompts[p].variations.count else { return promptAnchor }
            return pick(prompts[p].variations[v], promptAnchor)
        case .field(let parent, _):
            return anchor(for: parent)
        }
    }
}
