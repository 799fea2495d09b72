import Testing
import Understanding
@testable import SkillNLU

/// Viterbi over the graph's incoming lists, with its transitions taken from a trained graph's
/// stored scores or gathered, against the plain recursion over every permitted pair in turn.
/// Scores are small whole numbers, so equal sums are common: the best score of every cell,
/// the previous label it keeps (the lowest of equal ones) and the path must be the plain
/// recursion's, bit for bit — also where a label's long incoming list (the outside label's,
/// from every label) is read eight pairs at a time, and where a trained graph's pruning margins
/// let a row skip predecessors.
@Suite struct ViterbiReferenceTests {
    /// The plain recursion: previous labels in ascending order, a later one only when larger.
    static func reference(labels: [Int32], permitted: PermittedTransitions, graph: TransitionGraph,
                          transitions: [Float], start: [Float], emission: [Float], T: Int)
        -> (score: [Float], back: [Int32], path: [Int32]) {
        let K = labels.count, L = permitted.labelCount
        var score = [Float](repeating: 0, count: T * K), back = [Int32](repeating: 0, count: T * K)
        for k in 0..<K { score[k] = (graph.canStart[k] ? start[Int(labels[k])] : -.infinity) + emission[k] }
        for t in 1..<max(T, 1) {
            for k in 0..<K {
                var best: Float = -.infinity, arg: Int32 = 0
                for kp in 0..<K where permitted.contains(labels[kp], labels[k]) {
                    let s = score[(t - 1) * K + kp] + transitions[Int(labels[kp]) * L + Int(labels[k])]
                    if s > best { best = s; arg = Int32(kp) }
                }
                score[t * K + k] = best + emission[t * K + k]
                back[t * K + k] = arg
            }
        }
        var path = [Int32](repeating: 0, count: T)
        var k = 0
        for j in 1..<K where score[(T - 1) * K + j] > score[(T - 1) * K + k] { k = j }
        for t in stride(from: T - 1, through: 0, by: -1) {
            path[t] = Int32(k)
            k = Int(back[t * K + k])
        }
        return (score, back, path)
    }

    /// Random label structures of up to 40 slots, some with a connector slot that any slot may
    /// precede, over all labels or every other slot's.
    @Test func viterbiGivesThePlainRecursionsScoresBackPointersAndPath() {
        var g = SeededGenerator(seed: 7)
        for trial in 0..<600 {
            let slots = 1 + g.index(40)
            let L = SlotLabels.count(slots: slots)
            var sequences: [[Int32]] = (0..<g.index(30)).map { _ in (0..<(2 + g.index(5))).map { _ in Int32(g.index(L)) } }
            if trial % 3 == 0, slots >= 3 {
                // Slot 1 said between two others: a connector.
                sequences += [[SlotLabels.begin(0), SlotLabels.begin(1), SlotLabels.begin(2)],
                              [SlotLabels.begin(2), SlotLabels.begin(1), SlotLabels.begin(0)]]
            }
            let permitted = PermittedTransitions(labelCount: L, sequences: sequences)
            let everyOther = trial % 4 == 1
            let labels: [Int32] = [0] + (0..<slots).filter { !everyOther || $0 % 2 == 0 }
                .flatMap { [SlotLabels.begin($0), SlotLabels.inside($0)] }
            let graph = TransitionGraph(labels: labels, labelCount: L, permitted: permitted)
            let small = { (g: inout SeededGenerator) in Float(g.index(5)) - 2 }
            let transitions = (0..<(L * L)).map { _ in small(&g) }
            let start = (0..<L).map { _ in small(&g) }
            let T = 1 + g.index(9), K = labels.count
            // Emissions far apart, as a trained tagger's are, let the pruned rows skip most
            // predecessors; close ones make equal sums common.
            let wide = trial % 4 == 3
            let emission = (0..<(T * K)).map { _ in wide ? Float(g.index(41)) - 20 : small(&g) }

            var scratch = CRFScratch()
            scratch.prepare(T: T, K: K)
            scratch.emission = emission
            if trial % 2 == 0 {
                scratch.loadTransitions(graph, transitions: transitions, start: start)
            } else {
                // As a trained tagger's graph keeps them: already in incoming order.
                var source = CRFScratch()
                source.loadTransitions(graph, transitions: transitions, start: start)
                scratch.load(source.storedScores(for: graph))
            }
            var path: [Int32] = []
            var cellScores: [Float] = [], backPointers: [Int32] = []
            let best = scratch.viterbi(T: T, graph: graph, path: &path) { score, back in
                cellScores = Array(score)
                backPointers = Array(back)
            }

            let expected = Self.reference(labels: labels, permitted: permitted, graph: graph, transitions: transitions,
                                          start: start, emission: emission, T: T)
            #expect(path == expected.path, "path, trial \(trial)")
            #expect(best.bitPattern == expected.score[(T - 1) * K + Int(expected.path[T - 1])].bitPattern, "score, trial \(trial)")
            #expect(cellScores.map(\.bitPattern) == expected.score.map(\.bitPattern), "cell scores, trial \(trial)")
            #expect(Array(backPointers[K...]) == Array(expected.back[K...]), "back pointers, trial \(trial)")
        }
    }
}
