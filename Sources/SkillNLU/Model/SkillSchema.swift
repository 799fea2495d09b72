import BuiltInValues
import Foundation
import InteractionModel

/// The parts of an interaction model the engine works with, indexed for speed.
///
/// Built from an ``InteractionModel`` at training time and again when a model file is loaded
/// (it is derived data, so the file stores only the interaction model it comes from).
public struct SkillSchema: Sendable {
    /// A slot of an intent, with its type resolved to an index into ``types``.
    public struct SlotInfo: Sendable, Hashable {
        public var name: String
        public var type: Int
        public var multipleValues: Bool
    }

    public struct IntentInfo: Sendable {
        public var name: String
        public var slots: [SlotInfo]
        public var isBuiltIn: Bool
        /// The samples, as written; parsed on first use.
        var sampleList: SampleList

        /// How many of ``samples`` the interaction model gives the intent; the rest (of an
        /// AMAZON.* intent) are the catalog's default samples.
        public var ownSampleCount: Int

        init(name: String, slots: [SlotInfo], sampleTexts: [String], isBuiltIn: Bool, ownSampleCount: Int? = nil) {
            self.name = name
            self.slots = slots
            self.isBuiltIn = isBuiltIn
            self.sampleList = SampleList(texts: sampleTexts)
            self.ownSampleCount = min(ownSampleCount ?? sampleTexts.count, sampleTexts.count)
        }

        /// An intent whose `sampleCount` samples are those of intent `index` of `source`'s schema.
        init(name: String, slots: [SlotInfo], isBuiltIn: Bool, sampleCount: Int, ownSampleCount: Int,
             source: DeferredInteractionModel, index: Int) {
            self.name = name
            self.slots = slots
            self.isBuiltIn = isBuiltIn
            self.sampleList = SampleList(deferred: source, intent: index, count: sampleCount)
            self.ownSampleCount = min(ownSampleCount, sampleCount)
        }

        /// The samples the engine learns from: the model's own, plus the built-in intent's
        /// default samples for AMAZON.* intents. They are parsed the first time they are asked
        /// for, so that loading a model file with thousands of samples does not wait for it.
        public var samples: [SampleTemplate] {
            get { sampleList.templates }
            set { sampleList = SampleList(templates: newValue) }
        }

        /// The sample texts, as written (what a model file stores).
        public var sampleTexts: [String] { sampleList.texts }
        public var sampleCount: Int { sampleList.count }

        /// Sample `index` (one parse, when the whole list has not been parsed yet).
        public func sample(at index: Int) -> SampleTemplate { sampleList.template(at: index) }

        /// Sample `index` in today's syntax: `sample(at: index).canonicalText`, without parsing
        /// the sample when its text is surely written so already.
        func canonicalText(ofSample index: Int) -> String { sampleList.canonicalText(at: index) }

        public func slot(named name: String) -> SlotInfo? { slots.first { $0.name == name } }
    }

    public struct TypeInfo: Sendable {
        public var name: String
        /// `AMAZON.*`.
        public var isBuiltIn: Bool
        /// Values of a custom type, or the values a model adds to a built-in list type (empty
        /// for other built-ins). In a schema loaded from a file, decoded on first use.
        public var values: [SlotTypeValue] {
            get {
                switch texts {
                case .inline(let values, _): return values
                case .deferred(let source, let index): return source.typeTexts(index).values
                }
            }
            set {
                texts = .inline(values: newValue, forms: surfaceForms)
                valueCount = newValue.count
            }
        }
        /// Every way to say each value: `(text, value index)`, the value first, then synonyms.
        /// For built-in list types (AMAZON.City …): our example values; for one the model
        /// extends, its own forms and then ours, numbered after its values. In a schema loaded
        /// from a file, decoded on first use.
        ///
        /// Placeholders (``PlaceholderValue``) are not forms: no one says them. A type whose
        /// list is mostly placeholders (``isPlaceholderList``) has no forms of its own, so the
        /// gazetteer, the tagger and ``UnlistedValuePrior`` treat it as the open list it is, as
        /// they treat a type with no values; entity resolution still knows its real values.
        public var surfaceForms: [(text: String, value: Int)] {
            get {
                switch texts {
                case .inline(_, let forms): return forms
                case .deferred(let source, let index): return source.typeTexts(index).forms
                }
            }
            set {
                texts = .inline(values: values, forms: newValue)
                surfaceFormCount = newValue.count
                formValueBound = Self.valueBound(newValue)
            }
        }
        /// Whether the type lists mostly placeholders that a deploy script or dynamic entities
        /// replace (``PlaceholderValue/isPlaceholderList(_:)``): an open list whose values the
        /// model does not know. Read from ``values`` (in a loaded schema, decoding them).
        package var isPlaceholderList: Bool { !isBuiltIn && PlaceholderValue.isPlaceholderList(values) }
        /// For built-in types the parsers read (numbers, dates, times, durations …).
        public var builtInKind: BuiltInKind?
        /// How many ``values`` the type has (read without decoding them).
        public private(set) var valueCount: Int
        /// How many ``surfaceForms`` the type has (read without decoding them).
        public private(set) var surfaceFormCount: Int
        /// One more than the largest value index a surface form names (0 without forms).
        private(set) var formValueBound: Int
        private var texts: Texts

        /// Where the values and forms are: here, or in the interaction model decoded on first use.
        private enum Texts: Sendable {
            case inline(values: [SlotTypeValue], forms: [(text: String, value: Int)])
            case deferred(DeferredInteractionModel, index: Int)
        }

        init(name: String, isBuiltIn: Bool, values: [SlotTypeValue], surfaceForms: [(text: String, value: Int)],
             builtInKind: BuiltInKind?) {
            self.name = name
            self.isBuiltIn = isBuiltIn
            self.builtInKind = builtInKind
            valueCount = values.count
            surfaceFormCount = surfaceForms.count
            formValueBound = Self.valueBound(surfaceForms)
            texts = .inline(values: values, forms: surfaceForms)
        }

        /// A type whose values and forms are those of type `index` of `source`'s schema, with
        /// the counts the file's outline stores for them.
        init(name: String, isBuiltIn: Bool, builtInKind: BuiltInKind?, valueCount: Int, surfaceFormCount: Int,
             formValueBound: Int, source: DeferredInteractionModel, index: Int) {
            self.name = name
            self.isBuiltIn = isBuiltIn
            self.builtInKind = builtInKind
            self.valueCount = valueCount
            self.surfaceFormCount = surfaceFormCount
            self.formValueBound = formValueBound
            texts = .deferred(source, index: index)
        }

        private static func valueBound(_ forms: [(text: String, value: Int)]) -> Int {
            (forms.lazy.map(\.value).max() ?? -1) + 1
        }
    }

    public var intents: [IntentInfo]
    public var types: [TypeInfo]
    /// Every slot name used by any intent, in first-seen order: the tagger's label space.
    public var slotNames: [String]
    /// Surface forms of all custom types (and of built-in list types given values).
    package var gazetteer: PhraseTrie
    public let tokenizer: Tokenizer
    /// The parsed built-in kinds some slot uses, and the schema types of each.
    public var builtInKinds: BuiltInKinds
    public var typesOfKind: [BuiltInKind: [Int32]]

    /// Per type, the forms people say that joined its values as synonyms — its ordinals listed
    /// in figures said aloud (``SpokenOrdinals``) and its forms with a contraction made or
    /// undone (``SpokenContractions``): what a model file stores so that loading need not
    /// read every listed value again, and a newer table does not change a trained model.
    package var spokenForms: [[(text: String, value: Int)]]
    /// How many samples name a slot of each type, as the model file stored them
    /// (``UnlistedValuePrior/sampleUses(schema:)``); nil when they are to be counted.
    package var storedSampleUses: [Int]?

    /// Per type, whether it is a closed phrase list (``PhraseListType/closedTypes(schema:)``), as
    /// the model file's outline stored it; nil when it is to be worked out from the forms.
    package var storedClosedPhraseLists: [Bool]?

    var intentIndex: [String: Int]
    var typeIndex: [String: Int]

    /// Compiles `model`. AMAZON.* intents learn from their own samples plus the importer's
    /// catalog of default samples for the model's locale (minus defaults that collide with
    /// another intent's sample).
    public init(model: InteractionModel, tokenizer: Tokenizer) {
        self.init(model: model, tokenizer: tokenizer, builtInSamples: BuiltInIntents.effectiveSamples(in: model).samples,
                  gazetteer: nil)
    }

    /// Compiles `model` with what a model file stores: the built-in intents' effective samples
    /// (by intent name) and, when given, the gazetteer trie and the spoken forms of each type
    /// the model declares (``spokenForms``, in declaration order, each type once).
    init(model: InteractionModel, tokenizer: Tokenizer, builtInSamples: [String: [String]], gazetteer stored: PhraseTrie?,
         spokenForms storedForms: [[(text: String, value: Int)]]? = nil) {
        self.tokenizer = tokenizer
        var types: [TypeInfo] = []
        var typeIndex: [String: Int] = [:]
        var spokenForms: [[(text: String, value: Int)]] = []
        for t in model.languageModel.types where typeIndex[t.name] == nil {
            let (type, spoken) = Self.declaredType(t, locale: model.locale, storedSpoken: storedForms.map { $0[types.count] })
            spokenForms.append(spoken)
            typeIndex[t.name] = types.count
            types.append(type)
        }
        var intents: [IntentInfo] = []
        var intentIndex: [String: Int] = [:]
        var slotNames: [String] = []
        var seenSlots: Set<String> = []
        for intent in model.languageModel.intents where intentIndex[intent.name] == nil {
            var slots: [SlotInfo] = []
            for s in intent.slots {
                let ti: Int
                if let known = typeIndex[s.type] {
                    ti = known
                } else {
                    ti = types.count
                    typeIndex[s.type] = ti
                    types.append(Self.undeclaredType(named: s.type, locale: model.locale))
                    spokenForms.append([])
                }
                slots.append(SlotInfo(name: s.name, type: ti, multipleValues: s.acceptsMultipleValues))
                if seenSlots.insert(s.name).inserted { slotNames.append(s.name) }
            }
            let samples = intent.isBuiltIn ? (builtInSamples[intent.name] ?? intent.samples) : intent.samples
            intentIndex[intent.name] = intents.count
            intents.append(IntentInfo(name: intent.name, slots: slots, sampleTexts: samples, isBuiltIn: intent.isBuiltIn,
                                      ownSampleCount: intent.samples.count))
        }
        let trie = stored ?? Self.gazetteer(of: types, tokenizer: tokenizer)
        (self.builtInKinds, self.typesOfKind) = Self.kindIndex(types)
        self.intents = intents
        self.types = types
        self.slotNames = slotNames
        self.gazetteer = trie
        self.spokenForms = spokenForms
        self.storedSampleUses = nil
        self.storedClosedPhraseLists = nil
        self.intentIndex = intentIndex
        self.typeIndex = typeIndex
    }

    /// Type `t` as a model declares it, and the spoken forms that joined its values as synonyms
    /// (`storedSpoken` when a model file stored them, else worked out now).
    static func declaredType(_ t: SlotType, locale: String, storedSpoken: [(text: String, value: Int)]?)
        -> (type: TypeInfo, spoken: [(text: String, value: Int)]) {
        // Placeholders are not forms; a list of mostly placeholders has none (``TypeInfo/isPlaceholderList``).
        var forms: [(String, Int)] = []
        let placeholderList = PlaceholderValue.isPlaceholderList(t.values)
        for (vi, v) in t.values.enumerated() where !placeholderList {
            if !PlaceholderValue.isPlaceholder(v.name.value) { forms.append((v.name.value, vi)) }
            for s in v.name.synonyms where !s.isEmpty && !PlaceholderValue.isPlaceholder(s) { forms.append((s, vi)) }
        }
        let extended = isExtendedListType(t.name)
        if extended {
            forms += builtInForms(of: t.name, locale: locale, after: t.values.count, besides: forms.map(\.0))
        }
        // Spoken ordinals and the other form of a contraction join their values as
        // synonyms, for resolution too.
        var values = t.values
        let spoken: [(text: String, value: Int)] = storedSpoken
            ?? spokenForms(besides: forms, locale: locale).filter { $0.1 < values.count }.map { (text: $0.0, value: $0.1) }
        for (text, vi) in spoken {
            values[vi].name.synonyms.append(text)
            forms.append((text, vi))
        }
        return (TypeInfo(name: t.name, isBuiltIn: extended, values: values, surfaceForms: forms, builtInKind: nil), spoken)
    }

    /// A type that a slot names and the model does not declare: a built-in type (a list type
    /// with our example values as its forms) or a name SkillNLU does not know.
    static func undeclaredType(named name: String, locale: String) -> TypeInfo {
        let builtIn = name.hasPrefix("AMAZON.")
        let kind = builtIn ? BuiltInKind(typeName: name) : nil
        let examples = builtIn && kind == nil ? BuiltInValues.examples(for: name, locale: locale) : []
        return TypeInfo(name: name, isBuiltIn: builtIn, values: [], surfaceForms: examples.enumerated().map { ($1, $0) },
                        builtInKind: kind)
    }

    /// The built-in kinds the types parse, and the types of each kind in declaration order.
    static func kindIndex(_ types: [TypeInfo]) -> (BuiltInKinds, [BuiltInKind: [Int32]]) {
        var kinds = BuiltInKinds()
        var typesOfKind: [BuiltInKind: [Int32]] = [:]
        for (ti, t) in types.enumerated() {
            if let k = t.builtInKind {
                kinds.insert(BuiltInKinds(k))
                typesOfKind[k, default: []].append(Int32(ti))
            }
        }
        return (kinds, typesOfKind)
    }

    /// The trie of every surface form of `types`, tokenized as utterances are (what a model file
    /// stores, so loading does not build it again).
    private static func gazetteer(of types: [TypeInfo], tokenizer: Tokenizer) -> PhraseTrie {
        var trie = PhraseTrie()
        for (ti, t) in types.enumerated() {
            for form in t.surfaceForms {
                let keys = tokenizer.tokenize(form.text).map(PhraseTrie.key)
                trie.insert(keys, entry: .init(type: Int32(ti), value: Int32(form.value)))
            }
        }
        return trie
    }

    /// The forms people say beside `forms` (text, value index): spoken ordinals, then the other
    /// form of each contraction, of the listed forms and of the spoken ordinals alike.
    static func spokenForms(besides forms: [(String, Int)], locale: String) -> [(String, Int)] {
        let ordinals = SpokenOrdinals.forms(besides: forms, locale: locale)
        return ordinals + SpokenContractions.forms(besides: forms + ordinals, locale: locale)
    }

    public func intentIndex(named name: String) -> Int? { intentIndex[name] }

    /// How many types `model` declares, each name once (the types ``spokenForms`` stores).
    static func declaredTypeCount(_ model: InteractionModel) -> Int { Set(model.languageModel.types.map(\.name)).count }

    /// How many values an entry of the gazetteer may name for each type: its values, or for a
    /// built-in list type its example values, or for an extended one both.
    var gazetteerValueCounts: [Int] {
        types.map { t in max(t.valueCount, t.formValueBound) }
    }
    public func typeIndex(named name: String) -> Int? { typeIndex[name] }
}

extension SkillSchema {
    /// Whether a type the model declares with values is one of Alexa's built-in list types
    /// (AMAZON.Color, AMAZON.US_CITY, AMAZON.Genre …) that the model extends. On Alexa the
    /// added values join the type's own; they do not replace them.
    static func isExtendedListType(_ name: String) -> Bool {
        BuiltInSlotTypes.isBuiltInName(name) && BuiltInKind(typeName: name) == nil
            && BuiltInSlotTypes.info(for: name).map { $0.kind == .list } ?? true
    }

    /// The example values we ship for built-in list type `name`, as surface forms numbered
    /// from `first` on (after the model's own values), without those the model already says.
    /// They teach the tagger and the classifier what the built-in part of an extended type
    /// sounds like; entity resolution still knows only the model's values, as Alexa's does.
    static func builtInForms(of name: String, locale: String, after first: Int, besides own: [String]) -> [(String, Int)] {
        let said = Set(own.map { $0.lowercased() })
        return BuiltInValues.examples(for: name, locale: locale).enumerated()
            .filter { !said.contains($0.element.lowercased()) }
            .map { ($0.element, first + $0.offset) }
    }

    /// Per slot name (``slotNames`` order), the types the intents give it, in intent order: one
    /// as a rule, several when intents declare the same slot name with different types.
    var typesOfSlotName: [[Int]] {
        let index = Dictionary(uniqueKeysWithValues: slotNames.enumerated().map { ($1, $0) })
        var types = [[Int]](repeating: [], count: slotNames.count)
        for intent in intents {
            for slot in intent.slots { if let i = index[slot.name] { types[i].append(slot.type) } }
        }
        return types
    }
}
