import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

/// Models trained once per test process and handed to every suite that asks for the same
/// skill with the same options.
///
/// Training is the slowest thing the tests do (a default-options model of a small skill takes
/// seconds in a debug build), and many suites only need *a* trained model of a fixture skill to
/// check behaviour on. The suites run in parallel, so the first to ask trains while the others
/// asking for the same model wait for it; different models train side by side.
public enum TrainedModels {
    /// `skill` trained with `options`, by the first call in this process that asks for this
    /// skill (the same content, whatever its name) with these options.
    public static func model(_ skill: InteractionModel, options: TrainingOptions = TrainingOptions()) throws -> NLUModel {
        try cache.value(for: key(of: skill) + "\n" + key(of: options)) {
            try NLUModel.train(from: skill, options: options)
        }
    }

    /// A value as sorted JSON: equal values give equal keys.
    static func key<T: Encodable>(of value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }

    static let cache = OnceCache<NLUModel>()
}

/// Values computed at most once per key, however many threads ask at the same time.
///
/// One lock guards the table of entries and each entry has its own, held while its value is
/// computed: a second caller of the same key waits for the first, callers of other keys do not.
/// A failure is kept like a value, so a skill that does not train fails every test that uses it
/// without being trained again.
public final class OnceCache<Value: Sendable>: @unchecked Sendable {
    private final class Entry: @unchecked Sendable {
        let lock = NSLock()
        var result: Result<Value, any Error>?
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]

    public init() {}

    public func value(for key: String, compute: () throws -> Value) throws -> Value {
        let entry = lock.withLock {
            if let entry = entries[key] { return entry }
            let entry = Entry()
            entries[key] = entry
            return entry
        }
        return try entry.lock.withLock {
            if let result = entry.result { return try result.get() }
            let result = Result { try compute() }
            entry.result = result
            return try result.get()
        }
    }
}
