import Foundation
import InteractionModel

/// The interaction model of a model, and the schema built from all of it, decoded the first
/// time something asks for them.
///
/// Classification reads the schema's outline (names, slots, counts; ``SchemaOutlineSection``)
/// and the compiled units; the samples, slot values and synonyms, the dialog model and the
/// prompts are read by entity resolution, elicited answers, an exact match's sample text, the
/// dialog manager and the tools. A loaded file keeps the stored interaction model's bytes
/// (checked by the section's checksum at load) and decodes them here once, under a lock, so
/// that threads sharing the model decode it once and all see the same values.
final class DeferredInteractionModel: @unchecked Sendable {
    /// The interaction model and the schema built from it, with every text in place.
    typealias Decoded = (model: InteractionModel, schema: SkillSchema)

    private let lock = NSLock()
    private var decoded: Decoded?
    private var decode: (@Sendable () -> Decoded)?

    /// An interaction model already in memory (a model trained here, or a file loaded whole).
    init(_ model: InteractionModel, schema: SkillSchema) {
        decoded = (model, schema)
    }

    /// One that `decode` produces on first use. `decode` must not fail: the bytes it reads were
    /// checked at load (a failure is a bug or a file damaged behind its checksums).
    init(decode: @escaping @Sendable () -> Decoded) {
        self.decode = decode
    }

    /// The model and its full schema, decoded now when they were not yet.
    var value: Decoded {
        lock.withLock {
            if let decoded { return decoded }
            let made = decode!()
            decoded = made
            decode = nil
            return made
        }
    }

    var model: InteractionModel { value.model }
    var schema: SkillSchema { value.schema }

    /// Whether the interaction model has been decoded (always, for one given whole).
    var isDecoded: Bool { lock.withLock { decoded != nil } }
}
