import InteractionModel

extension NLUModel {
    /// A digest of the interaction model this model was trained from: its locale, intents,
    /// samples, slot types, dialog model and prompts, as the model file stores them (the file
    /// checks the stored copy against the same digest). A skill whose import gives the same
    /// digest is the one the model was trained from; any change to what it says, or another
    /// locale, gives another. Formatting and key order of the JSON make no difference.
    public var sourceDigest: UInt64 { Self.sourceDigest(of: interactionModel) }

    /// The digest a model trained from `model` has as its ``sourceDigest``.
    public static func sourceDigest(of model: InteractionModel) -> UInt64 {
        var writer = BinaryWriter()
        InteractionModelCoding.write(model, to: &writer)
        return FileChecksum.hash(writer.bytes)
    }

    /// Whether this model was trained from `model` (as imported now): a tool given both a
    /// skill and a model file uses this to refuse a model trained from another skill, or from
    /// an older version of this one.
    public func isTrained(from model: InteractionModel) -> Bool {
        sourceDigest == Self.sourceDigest(of: model)
    }
}
