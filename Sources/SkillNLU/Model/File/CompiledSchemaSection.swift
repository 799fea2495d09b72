import InteractionModel

/// What loading a model would otherwise work out again from its interaction model, each time:
/// the spoken forms that join a type's listed values (``SkillSchema/spokenForms``: ordinals
/// listed in figures said aloud, which takes parsing every listed value that mixes figures and
/// letters, and contractions made or undone) and how many samples name a slot of each
/// type (``UnlistedValuePrior``, which reads every sample). Stored as training worked them out,
/// so that loading reads them instead and a newer parser does not change a trained model.
///
/// Optional: a reader that does not know the section works the same facts out again, as the
/// models before it were loaded. A file with the section also lets loading take each type's
/// listed tokens from the gazetteer, which training built from the same forms.
struct CompiledSchemaSection: ModelSection {
    static let tag = SectionTag("SCHM")
    static let unitVersion: UInt16 = 1
    static let isRequired = false
    static let what = "the compiled schema"
    /// Per type the interaction model declares (each name once, in order): its spoken forms
    /// and the index of the value each names.
    var spokenForms: [[(text: String, value: Int)]]
    /// Per type of the schema: how many samples name a slot of it.
    var sampleUses: [Int]

    init(spokenForms: [[(text: String, value: Int)]], sampleUses: [Int]) {
        self.spokenForms = spokenForms
        self.sampleUses = sampleUses
    }

    init(schema: SkillSchema, declaredTypes: Int) {
        spokenForms = Array(schema.spokenForms.prefix(declaredTypes))
        sampleUses = UnlistedValuePrior.sampleUses(schema: schema)
    }

    func encode(to w: inout BinaryWriter) {
        w.write(spokenForms.count)
        for forms in spokenForms {
            w.write(forms.count)
            for form in forms {
                w.write(form.text)
                w.write(form.value)
            }
        }
        w.write(sampleUses)
    }

    /// Reads the facts of `context`'s types: one list of ordinals per declared type, each naming
    /// one of its values, and a count of uses per type that is not negative (their number is
    /// checked against the schema once it is built).
    static func decode(from r: inout BinaryReader, version: UInt16, context model: InteractionModel) throws -> Self {
        var seen: Set<String> = []
        return try decode(from: &r, valueCounts: model.languageModel.types.filter { seen.insert($0.name).inserted }.map(\.values.count))
    }

    /// Reads the facts of types with `valueCounts` values each (the declared types, in order).
    static func decode(from r: inout BinaryReader, valueCounts: [Int]) throws -> Self {
        guard try r.readCount(minimumBytesEach: 8) == valueCounts.count else {
            throw ModelFileError.corrupt("the compiled schema's types")
        }
        var ordinals: [[(text: String, value: Int)]] = []
        for values in valueCounts {
            var forms: [(text: String, value: Int)] = []
            for _ in 0..<(try r.readCount(minimumBytesEach: 16)) {
                let text = try r.readString(), value = try r.readInt()
                guard (0..<values).contains(value) else { throw ModelFileError.corrupt("the compiled schema's ordinals") }
                forms.append((text, value))
            }
            ordinals.append(forms)
        }
        let uses = try r.readInts()
        guard uses.allSatisfy({ $0 >= 0 }) else { throw ModelFileError.corrupt("the compiled schema's sample counts") }
        return Self(spokenForms: ordinals, sampleUses: uses)
    }
}
