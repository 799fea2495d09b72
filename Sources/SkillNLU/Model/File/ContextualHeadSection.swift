/// The contextual tier's head (``EncoderIntentHead``) in files of models trained with one: the
/// sentence encoder's name and digest (the encoder itself ships with SkillNLU) and the
/// regression over its embedding. Required: a reader that skipped it would answer differently.
struct ContextualHeadSection: ModelSection {
    static let tag = SectionTag("CTXH")
    static let unitVersion: UInt16 = 1
    static let isRequired = true
    static let what = "the contextual intent head"
    var head: EncoderIntentHead

    func encode(to w: inout BinaryWriter) {
        w.write(head.identity.name)
        w.write(head.identity.digest)
        head.scorer.write(to: &w)
    }

    /// Reads the encoder's name and digest, finds the shipped encoder of that name and version
    /// (or refuses the model), and reads the head, which must fit the encoder. Only the
    /// encoder's identity is checked here (``SentenceEncoder/bundledIdentity(named:)``): its
    /// weights are read when a tier first runs it.
    static func decode(from r: inout BinaryReader, version: UInt16, context: Void) throws -> Self {
        let name = try r.readString(), digest = try r.readUInt64()
        guard let shipped = SentenceEncoder.bundledIdentity(named: name) else { throw ModelFileError.missingEncoder(name) }
        guard shipped.digest == digest else { throw ModelFileError.differentEncoder(name) }
        let scorer = try PackIntentScorer.read(from: &r)
        guard scorer.dimension == shipped.dimension else {
            throw ModelFileError.corrupt("the contextual head does not fit the sentence encoder")
        }
        return Self(head: EncoderIntentHead(bundled: shipped, scorer: scorer))
    }
}
