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
/// that threads sharing the model decode it once and all see the same values. A file that
/// stores the model in parts (``InteractionModelParts``) gives a type's values or an intent's
/// samples from their part alone until then (``typeTexts(_:)``, ``sampleTexts(_:)``): the first
/// utterances after a load read the piece they need, not the whole model.
///
/// Decoding cannot fail the caller: loading checked every checksum, and only a file damaged
/// behind them (or written by a faulty writer) holds a model that does not decode, or whose
/// schema does not fit the outline the units answer by. Such a model reads as the outline's
/// names, and its texts as the damage leaves them: a part that does not decode reads as empty,
/// and every list keeps the outline's count, so that the indexes the units hold stay in range.
final class DeferredInteractionModel: @unchecked Sendable {
    /// The interaction model and the schema built from it, with every text in place; the
    /// schema is nil when it does not fit the outline, and the pieces answer instead.
    typealias Decoded = (model: InteractionModel, schema: SkillSchema?)
    /// One type's values and surface forms (``SkillSchema/TypeInfo``).
    typealias TypeTexts = (values: [SlotTypeValue], forms: [(text: String, value: Int)])

    /// How to make one type's texts or one intent's samples (by schema index) from their parts
    /// of the file alone (``InteractionModelParts``), for the pieces classification asks for.
    struct Pieces: Sendable {
        let type: @Sendable (Int) -> TypeTexts
        let samples: @Sendable (Int) -> [String]
    }

    private let lock = NSLock()
    private var decoded: Decoded?
    private var decode: (@Sendable () -> Decoded)?
    private let pieces: Pieces?
    /// What answers for the types and intents when the decoded schema does not fit: the parts,
    /// or empty texts when the file has none.
    private let unfitting: Pieces?
    private var types: [Int: TypeTexts] = [:]
    private var samples: [Int: [String]] = [:]

    /// An interaction model already in memory (a model trained here, or a file loaded whole).
    init(_ model: InteractionModel, schema: SkillSchema) {
        decoded = (model, schema)
        pieces = nil
        unfitting = nil
    }

    /// One that `decode` produces on first use, and whose types and intents `pieces` gives one
    /// by one until then, and that `unfitting` answers for when the decoded schema does not fit
    /// (``Decoded``).
    init(pieces: Pieces? = nil, unfitting: Pieces? = nil, decode: @escaping @Sendable () -> Decoded) {
        self.decode = decode
        self.pieces = pieces
        self.unfitting = unfitting
    }

    /// The model and its full schema, decoded now when they were not yet.
    var value: Decoded { lock.withLock { decodedNow() } }

    var model: InteractionModel { value.model }

    /// Schema type `index`'s values and forms: from the decoded schema when there is one, else
    /// from the type's part alone when the file has parts, else from the whole model decoded now.
    func typeTexts(_ index: Int) -> TypeTexts {
        lock.withLock {
            if decoded == nil, let pieces { return Self.cached(index, in: &types, pieces.type) }
            guard let schema = decodedNow().schema else { return Self.cached(index, in: &types, piecesOfUnfitting.type) }
            let type = schema.types[index]
            return (type.values, type.surfaceForms)
        }
    }

    /// Schema intent `index`'s samples, found as ``typeTexts(_:)`` finds a type's.
    func sampleTexts(_ index: Int) -> [String] {
        lock.withLock {
            if decoded == nil, let pieces { return Self.cached(index, in: &samples, pieces.samples) }
            guard let schema = decodedNow().schema else { return Self.cached(index, in: &samples, piecesOfUnfitting.samples) }
            return schema.intents[index].sampleTexts
        }
    }

    /// Whether the interaction model has been decoded (always, for one given whole).
    var isDecoded: Bool { lock.withLock { decoded != nil } }

    /// `cache[index]`, made by `make` the first time (called with the lock held).
    private static func cached<T>(_ index: Int, in cache: inout [Int: T], _ make: (Int) -> T) -> T {
        if let known = cache[index] { return known }
        let made = make(index)
        cache[index] = made
        return made
    }

    /// What answers once the decoded schema is found not to fit.
    private var piecesOfUnfitting: Pieces {
        guard let unfitting else { preconditionFailure("an unfitting schema needs pieces to answer for it") }
        return unfitting
    }

    /// Called with the lock held.
    private func decodedNow() -> Decoded {
        if let decoded { return decoded }
        let made = decode!()
        decoded = made
        decode = nil
        // The pieces read so far answer on when the schema does not fit, as they did before.
        if made.schema != nil {
            types = [:]
            samples = [:]
        }
        return made
    }
}
