import Foundation
import InteractionModel
import SkillNLU

/// Models trained once per test process and handed to every suite that asks for the same
/// skill with the same options.
///
/// Training is the slowest thing the tests do (a default-options model of a small skill takes
/// seconds in a debug build), and many suites only need *a* trained model of a fixture skill to
/// check behaviour on. The suites run in parallel, so the first to ask trains while the others
/// asking for the same model wait for it; different models train side by side.
public enum TrainedModels {
    /// The model of the skill `name` trained with `options`, trained by the first call in this
    /// process; `skill` is read only then. `name` must identify the skill's content: two
    /// different skills given the same name would share one model.
    public static func model(_ name: String, options: TrainingOptions = TrainingOptions(),
                             skill: () throws -> InteractionModel) throws -> NLUModel {
        try cache.value(for: name + " " + key(of: options)) {
            try NLUModel.train(from: skill(), options: options)
        }
    }

    /// The options as sorted JSON: equal options give equal keys.
    static func key(of options: TrainingOptions) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(options)).map { String(decoding: $0, as: UTF8.self) } ?? "\(options)"
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
