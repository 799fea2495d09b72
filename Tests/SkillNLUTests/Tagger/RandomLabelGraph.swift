@testable import SkillNLU

/// A random label graph for the CRF reference tests: up to `maxSlots` slots, `maxSequences`
/// permitted label sequences; every third trial says slot 1 between two others (a connector,
/// whose incoming list is long beside short ones), and every fourth keeps only every other
/// slot's labels.
struct RandomLabelGraph {
    var graph: TransitionGraph
    var labels: [Int32]
    var permitted: PermittedTransitions
    /// Labels of the whole tagger (`SlotLabels.count(slots:)`), the graph's being a subset.
    var labelCount: Int

    init(_ g: inout SeededGenerator, trial: Int, maxSlots: Int, maxSequences: Int) {
        let slots = 1 + g.index(maxSlots)
        let L = SlotLabels.count(slots: slots)
        var sequences: [[Int32]] = (0..<g.index(maxSequences)).map { _ in
            (0..<(2 + g.index(5))).map { _ in Int32(g.index(L)) }
        }
        if trial % 3 == 0, slots >= 3 {
            sequences += [[SlotLabels.begin(0), SlotLabels.begin(1), SlotLabels.begin(2)],
                          [SlotLabels.begin(2), SlotLabels.begin(1), SlotLabels.begin(0)]]
        }
        permitted = PermittedTransitions(labelCount: L, sequences: sequences)
        let everyOther = trial % 4 == 1
        labels = [0] + (0..<slots).filter { !everyOther || $0 % 2 == 0 }
            .flatMap { [SlotLabels.begin($0), SlotLabels.inside($0)] }
        graph = TransitionGraph(labels: labels, labelCount: L, permitted: permitted)
        labelCount = L
    }
}

extension CRFScratch {
    /// Loads `transitions` and `start` as a trained tagger's graph keeps them: stored scores,
    /// already in incoming order (with the forward lanes a trained graph has).
    mutating func loadStored(_ graph: TransitionGraph, transitions: [Float], start: [Float]) {
        var source = CRFScratch()
        source.loadTransitions(graph, transitions: transitions, start: start)
        load(source.storedScores(for: graph))
    }
}
