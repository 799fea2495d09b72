import Foundation

/// The slot tagger's transition graph of each intent (``SlotTagger/graph(for:slotTypes:)``),
/// built the first time an utterance is read as that intent and kept for every later one,
/// whichever thread asks first.
///
/// Joint decoding reads an utterance as one to three intents, so a model of many intents
/// would otherwise spend its load on graphs most utterances never reach: each carries the
/// tagger's transition scores laid out for its labels, a few thousand numbers an intent, and
/// its view of the weight table (``AttributeTable/LocalColumns``: the dense rows cut to its
/// labels, two bytes a label a dense row).
final class IntentGraphs: @unchecked Sendable {
    private let tagger: SlotTagger
    private let labels: [[Int32]]
    private let slotTypes: [[SlotTypeKey]]
    private let lock = NSLock()
    /// By intent; nil until first asked for. Each graph is held in a ``Built`` reference, so
    /// that fetching one retains a single object rather than copying the graph's arrays.
    private var built: [Built?]

    private final class Built: Sendable {
        let graph: TransitionGraph
        init(_ graph: TransitionGraph) { self.graph = graph }
    }

    /// The graphs of intents whose labels (`O` first) are `labels` and whose slots' types are
    /// `slotTypes`, one list of each per intent, for `tagger`.
    init(tagger: SlotTagger, labels: [[Int32]], slotTypes: [[SlotTypeKey]]) {
        precondition(labels.count == slotTypes.count, "labels and slot types for every intent")
        self.tagger = tagger
        self.labels = labels
        self.slotTypes = slotTypes
        built = Array(repeating: nil, count: labels.count)
    }

    /// Calls `body` with intent `intent`'s graph, read in place.
    func withGraph<R>(_ intent: Int, _ body: (TransitionGraph) -> R) -> R {
        let box = graph(intent)
        return body(box.graph)
    }

    /// Intent `intent`'s graph (a copy, which retains each of its arrays: decoding reads it
    /// through ``withGraph(_:_:)``).
    subscript(_ intent: Int) -> TransitionGraph { graph(intent).graph }

    /// The slot types intent `intent`'s graph holds (``TransitionGraph/slotTypes``).
    func slotTypes(of intent: Int) -> [SlotTypeKey] { graph(intent).graph.slotTypes }

    /// How many of the graphs have been built (for tests of what classifying builds).
    var builtCount: Int { lock.withLock { built.reduce(0) { $0 + ($1 == nil ? 0 : 1) } } }

    private func graph(_ intent: Int) -> Built {
        lock.withLock {
            if let g = built[intent] { return g }
            let g = Built(tagger.graph(for: labels[intent], slotTypes: slotTypes[intent]))
            built[intent] = g
            return g
        }
    }
}
