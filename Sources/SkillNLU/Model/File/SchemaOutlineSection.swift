import BuiltInValues
import InteractionModel

/// What classification reads of the schema and of the interaction model, so that loading a
/// file need not decode the interaction model (``DeferredInteractionModel``): the intents and
/// their slots, the types with their counts of values and forms, the fallback's sensitivity,
/// and the few facts loading would otherwise work out from the samples and values (closed
/// phrase lists and their forms, each intent's slot roles, the words around slot samples).
///
/// Optional: a reader that does not know it decodes the interaction model at load, as files
/// without it are still read. Deflated (``DeflatedPayload``); a few hundred bytes to a few
/// kilobytes.
struct SchemaOutlineSection: ModelSection {
    static let tag = SectionTag("OUTL")
    static let unitVersion: UInt16 = 1
    static let isRequired = false
    static let what = "the schema outline"

    struct IntentEntry {
        var name: String
        var isBuiltIn: Bool
        var sampleCount: Int
        var ownSampleCount: Int
        var slots: [SkillSchema.SlotInfo]
    }

    struct TypeEntry {
        var name: String
        var isBuiltIn: Bool
        /// Whether the type is one the built-in parsers read (its kind follows from its name).
        var isParsed: Bool
        var valueCount: Int
        var surfaceFormCount: Int
        var formValueBound: Int
    }

    var locale: String
    var intents: [IntentEntry]
    var types: [TypeEntry]
    /// How many of ``types`` the interaction model declares (the first ones).
    var declaredTypeCount: Int
    /// ``FallbackPolicy/level(of:)`` of the interaction model.
    var fallbackLevel: Int
    /// ``PhraseListType/closedTypes(schema:)``, by type.
    var closedPhraseLists: [Bool]
    /// ``NLUModel/phraseListForms``, by type index, each type's forms in sorted order.
    var phraseListForms: [Int: [[UInt64]]]
    /// Per intent, its ``SlotRoles``' phrases per slot and groups.
    var slotRoles: [(texts: [[String]], groups: [[Int]])]
    /// The texts around the slots of the interaction model's slot samples (``AnswerCarriers``).
    var answerEdges: AnswerCarriers.SampleEdges

    /// The outline of `model`.
    init(model: NLUModel) {
        let schema = model.schema
        locale = schema.tokenizer.localeIdentifier
        intents = schema.intents.map {
            IntentEntry(name: $0.name, isBuiltIn: $0.isBuiltIn, sampleCount: $0.sampleCount,
                        ownSampleCount: $0.ownSampleCount, slots: $0.slots)
        }
        types = schema.types.map {
            TypeEntry(name: $0.name, isBuiltIn: $0.isBuiltIn, isParsed: $0.builtInKind != nil, valueCount: $0.valueCount,
                      surfaceFormCount: $0.surfaceFormCount, formValueBound: $0.formValueBound)
        }
        declaredTypeCount = model.declaredTypeCount
        fallbackLevel = model.fallbackLevel
        closedPhraseLists = PhraseListType.closedTypes(schema: schema)
        phraseListForms = model.phraseListForms
        slotRoles = model.slotRoles.map { ($0.texts, $0.groups) }
        answerEdges = model.elicitation.carriers.edges
    }

    func encode(to w: inout BinaryWriter) {
        DeflatedPayload.write(to: &w) { out in
            out.write(locale)
            out.write(intents.count)
            for intent in intents {
                out.write(intent.name)
                out.write(intent.isBuiltIn)
                out.write(intent.sampleCount)
                out.write(intent.ownSampleCount)
                out.write(intent.slots.count)
                for slot in intent.slots {
                    out.write(slot.name)
                    out.write(slot.type)
                    out.write(slot.multipleValues)
                }
            }
            out.write(types.count)
            for type in types {
                out.write(type.name)
                out.write(type.isBuiltIn)
                out.write(type.isParsed)
                out.write([type.valueCount, type.surfaceFormCount, type.formValueBound])
            }
            out.write(declaredTypeCount)
            out.write(fallbackLevel)
            out.write(closedPhraseLists.map { $0 ? 1 : 0 })
            out.write(phraseListForms.count)
            for (type, forms) in phraseListForms.sorted(by: { $0.key < $1.key }) {
                out.write(type)
                out.write(forms.count)
                for form in forms.sorted(by: { $0.lexicographicallyPrecedes($1) }) { out.write(form.map { Int(bitPattern: UInt($0)) }) }
            }
            for roles in slotRoles {
                out.write(roles.texts.count)
                for texts in roles.texts { out.write(texts) }
                out.write(roles.groups.count)
                for group in roles.groups { out.write(group) }
            }
            out.write(answerEdges.prefixes)
            out.write(answerEdges.suffixes)
        }
    }

    static func decode(from r: inout BinaryReader, version: UInt16, context: Void) throws -> Self {
        try DeflatedPayload.read(from: &r) { try Self(reading: &$0) }
    }

    /// Reads what ``encode(to:)`` wrote, refusing indices out of range and counts that do not fit.
    private init(reading r: inout BinaryReader) throws {
        func corrupt() -> ModelFileError { .corrupt("the schema outline") }
        let locale = try r.readString()
        var intents: [IntentEntry] = []
        for _ in 0..<(try r.readCount(minimumBytesEach: 33)) {
            let name = try r.readString(), isBuiltIn = try r.readBool()
            let samples = try r.readInt(), own = try r.readInt()
            guard samples >= 0, (0...samples).contains(own) else { throw corrupt() }
            var slots: [SkillSchema.SlotInfo] = []
            for _ in 0..<(try r.readCount(minimumBytesEach: 17)) {
                slots.append(SkillSchema.SlotInfo(name: try r.readString(), type: try r.readInt(), multipleValues: try r.readBool()))
            }
            intents.append(IntentEntry(name: name, isBuiltIn: isBuiltIn, sampleCount: samples, ownSampleCount: own, slots: slots))
        }
        var types: [TypeEntry] = []
        for _ in 0..<(try r.readCount(minimumBytesEach: 10)) {
            let name = try r.readString(), isBuiltIn = try r.readBool(), isParsed = try r.readBool()
            let counts = try r.readInts()
            guard counts.count == 3, counts.allSatisfy({ $0 >= 0 }) else { throw corrupt() }
            types.append(TypeEntry(name: name, isBuiltIn: isBuiltIn, isParsed: isParsed, valueCount: counts[0],
                                   surfaceFormCount: counts[1], formValueBound: counts[2]))
        }
        let declaredTypeCount = try r.readInt()
        let fallbackLevel = try r.readInt()
        let closedPhraseLists = try r.readInts().map { $0 != 0 }
        guard intents.allSatisfy({ $0.slots.allSatisfy { types.indices.contains($0.type) } }),
              (0...types.count).contains(declaredTypeCount), (0..<3).contains(fallbackLevel),
              closedPhraseLists.count == types.count else { throw corrupt() }
        var phraseListForms: [Int: [[UInt64]]] = [:]
        for _ in 0..<(try r.readCount(minimumBytesEach: 16)) {
            let type = try r.readInt()
            guard types.indices.contains(type), phraseListForms[type] == nil else { throw corrupt() }
            var forms: [[UInt64]] = []
            for _ in 0..<(try r.readCount(minimumBytesEach: 8)) { forms.append(try r.readInts().map { UInt64(UInt(bitPattern: $0)) }) }
            phraseListForms[type] = forms
        }
        var slotRoles: [(texts: [[String]], groups: [[Int]])] = []
        for intent in intents {
            var texts: [[String]] = []
            for _ in 0..<(try r.readCount(minimumBytesEach: 8)) { texts.append(try r.readStrings()) }
            var groups: [[Int]] = []
            for _ in 0..<(try r.readCount(minimumBytesEach: 8)) { groups.append(try r.readInts()) }
            guard texts.count == intent.slots.count,
                  groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy { intent.slots.indices.contains($0) } }) else { throw corrupt() }
            slotRoles.append((texts, groups))
        }
        answerEdges = AnswerCarriers.SampleEdges(prefixes: try r.readStrings(), suffixes: try r.readStrings())
        self.locale = locale
        self.intents = intents
        self.types = types
        self.declaredTypeCount = declaredTypeCount
        self.fallbackLevel = fallbackLevel
        self.closedPhraseLists = closedPhraseLists
        self.phraseListForms = phraseListForms
        self.slotRoles = slotRoles
    }
}

extension SchemaOutlineSection {
    /// Whether `schema`, built from the interaction model, has the intents, slots and types of
    /// the outline, with as many samples and values. Forms are not compared: a built-in list
    /// type's forms include our example values, which a newer SkillNLU may list differently
    /// (the file's gazetteer and the outline's counts keep the trained ones).
    func fits(_ schema: SkillSchema) -> Bool {
        schema.intents.count == intents.count && schema.types.count == types.count
            && zip(schema.intents, intents).allSatisfy {
                $0.name == $1.name && $0.slots == $1.slots && $0.sampleCount == $1.sampleCount && $0.ownSampleCount == $1.ownSampleCount
            }
            && zip(schema.types, types).allSatisfy { $0.name == $1.name && $0.valueCount == $1.valueCount }
    }
}

extension SkillSchema {
    /// The schema of a file's outline: names, slots and counts from `outline`, the samples, values
    /// and forms from `source` when first asked for.
    init(outline: SchemaOutlineSection, source: DeferredInteractionModel, gazetteer: PhraseTrie,
         spokenForms: [[(text: String, value: Int)]]) {
        tokenizer = Tokenizer(locale: outline.locale)
        types = outline.types.enumerated().map { index, t in
            TypeInfo(name: t.name, isBuiltIn: t.isBuiltIn, builtInKind: t.isParsed ? BuiltInKind(typeName: t.name) : nil,
                     valueCount: t.valueCount, surfaceFormCount: t.surfaceFormCount, formValueBound: t.formValueBound,
                     source: source, index: index)
        }
        intents = outline.intents.enumerated().map { index, i in
            IntentInfo(name: i.name, slots: i.slots, isBuiltIn: i.isBuiltIn, sampleCount: i.sampleCount,
                       ownSampleCount: i.ownSampleCount, source: source, index: index)
        }
        var slotNames: [String] = [], seen: Set<String> = []
        for intent in intents { for s in intent.slots where seen.insert(s.name).inserted { slotNames.append(s.name) } }
        self.slotNames = slotNames
        self.gazetteer = gazetteer
        self.spokenForms = spokenForms + Array(repeating: [], count: max(0, types.count - spokenForms.count))
        storedSampleUses = nil
        storedClosedPhraseLists = outline.closedPhraseLists
        (builtInKinds, typesOfKind) = Self.kindIndex(types)
        intentIndex = Dictionary(intents.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        typeIndex = Dictionary(types.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
    }
}

extension SkillSchema {
    /// The types and intents of a file's outline made one by one from the interaction model's
    /// parts, as ``init(model:tokenizer:builtInSamples:gazetteer:spokenForms:)`` makes them from
    /// the whole model; nil when the model declares an intent or a type name twice (which the
    /// schema keeps once, so that its indexes are not the model's).
    static func pieces(of parts: InteractionModelParts, outline: SchemaOutlineSection, builtInSamples: [String: [String]],
                       spokenForms: [[(text: String, value: Int)]]) -> DeferredInteractionModel.Pieces? {
        let declared = outline.declaredTypeCount
        guard parts.intentCount == outline.intents.count, parts.typeCount == declared, spokenForms.count >= declared else {
            return nil
        }
        let locale = outline.locale
        return DeferredInteractionModel.Pieces(
            type: { index in
                let stored = outline.types[index]
                let type: TypeInfo
                if index < declared {
                    // A part that does not decode (damaged behind its checksum) reads as empty.
                    let values = (try? parts.values(ofType: index)) ?? []
                    type = declaredType(SlotType(name: stored.name, values: values), locale: locale,
                                        storedSpoken: values.count == stored.valueCount ? spokenForms[index] : []).type
                } else {
                    type = undeclaredType(named: stored.name, locale: locale)
                }
                return fitted((type.values, type.surfaceForms), valueCount: stored.valueCount)
            },
            samples: { index in
                let stored = outline.intents[index]
                let samples = (stored.isBuiltIn ? builtInSamples[stored.name] : nil) ?? ((try? parts.samples(ofIntent: index)) ?? [])
                return fitted(samples, count: stored.sampleCount, filler: "")
            })
    }

    /// What answers for a file's types and intents when its interaction model, decoded whole,
    /// does not fit the outline and has no parts to read them from: empty texts, as many as the
    /// outline counts (``DeferredInteractionModel``).
    static func emptyPieces(_ outline: SchemaOutlineSection) -> DeferredInteractionModel.Pieces {
        DeferredInteractionModel.Pieces(
            type: { index in fitted(([], []), valueCount: outline.types[index].valueCount) },
            samples: { index in fitted([], count: outline.intents[index].sampleCount, filler: "") })
    }

    /// `items` cut or padded with `filler` to `count`: a piece of a damaged file keeps the
    /// outline's count, so that the indexes the compiled units hold stay in range.
    static func fitted<T>(_ items: [T], count: Int, filler: T) -> [T] {
        items.count == count ? items : Array(items.prefix(count)) + Array(repeating: filler, count: max(0, count - items.count))
    }

    /// A type's values and forms fitted to `valueCount` values, forms of values cut off dropped.
    static func fitted(_ texts: DeferredInteractionModel.TypeTexts, valueCount: Int) -> DeferredInteractionModel.TypeTexts {
        guard texts.values.count != valueCount else { return texts }
        return (fitted(texts.values, count: valueCount, filler: SlotTypeValue(value: "")),
                texts.forms.filter { $0.value < valueCount })
    }
}

extension SchemaOutlineSection {
    /// An interaction model of the outline's names alone (no samples, values, dialog or
    /// prompts): what a damaged file's model reads as when it does not decode or does not fit
    /// the outline.
    var namesOnlyModel: InteractionModel {
        let typeName = { (index: Int) in self.types.indices.contains(index) ? self.types[index].name : "" }
        let intents = self.intents.map { entry in
            Intent(name: entry.name, slots: entry.slots.map { Slot(name: $0.name, type: typeName($0.type)) })
        }
        let declared = self.types.prefix(declaredTypeCount).map { SlotType(name: $0.name) }
        return InteractionModel(languageModel: LanguageModel(intents: intents, types: Array(declared)), locale: locale)
    }
}
