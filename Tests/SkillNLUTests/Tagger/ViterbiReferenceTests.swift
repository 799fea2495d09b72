import Testing
import Understanding
@testable import SkillNLU

/// Viterbi over the graph's incoming lists, with its transitions taken from a trained graph's
/// stored scores or gathered, against the plain recursion over every permitted pair in turn.
/// Scores are small whole numbers, so equal sums are common: the path and its score must be
/// the plain recursion's, bit for bit, and so must every cell's best score and the previous
/// label it keeps (the lowest of equal ones) — also where a label's long incoming list (the
/// outside label's, from every label) is read eight pairs at a time. Only a cell no path
/// through which can reach the best score may instead be −∞: a trained graph's bounded rows
/// leave those out.
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

    /// For each cell, the most the tokens after it can add to a path through it (exactly, in
    /// double precision, over every permitted pair; −∞ where no path goes on).
    static func bestFuture(labels: [Int32], permitted: PermittedTransitions, transitions: [Float],
                           emission: [Float], T: Int) -> [Double] {
        let K = labels.count, L = permitted.labelCount
        var future = [Double](repeating: 0, count: T * K)
        for t in stride(from: T - 2, through: 0, by: -1) {
            for k in 0..<K {
                var best = -Double.infinity
                for j in 0..<K where permitted.contains(labels[k], labels[j]) {
                    let step = Double(transitions[Int(labels[k]) * L + Int(labels[j])]) + Double(emission[(t + 1) * K + j])
                    best = max(best, step + future[(t + 1) * K + j])
                }
                future[t * K + k] = best
            }
        }
        return future
    }

    /// How many cells differ from the plain recursion's in a way the path could feel: a cell
    /// whose score or (after the first token) back pointer is not the recursion's, unless it is
    /// −∞ and no path through it reaches the best score. Adds the cells left out to `omitted`.
    static func wrongCells(_ cells: (score: [Float], back: [Int32]), expected: (score: [Float], back: [Int32], path: [Int32]),
                           future: [Double], K: Int, T: Int, omitted: inout Int) -> Int {
        let best = Double(expected.score[(T - 1) * K + Int(expected.path[T - 1])])
        var wrong = 0
        for i in 0..<(T * K) {
            if cells.score[i].bitPattern == expected.score[i].bitPattern && (i < K || cells.back[i] == expected.back[i]) { continue }
            if cells.score[i] == -.infinity && Double(expected.score[i]) + future[i] < best {
                omitted += 1
            } else {
                wrong += 1
            }
        }
        return wrong
    }

    /// Random label structures of up to 40 slots, some with a connector slot that any slot may
    /// precede, over all labels or every other slot's.
    @Test func viterbiGivesThePlainRecursionsScoresBackPointersAndPath() {
        var g = SeededGenerator(seed: 7)
        var omitted = 0
        for trial in 0..<600 {
            let drawn = RandomLabelGraph(&g, trial: trial, maxSlots: 40, maxSequences: 30)
            let (graph, labels, permitted, L) = (drawn.graph, drawn.labels, drawn.permitted, drawn.labelCount)
            let small = { (g: inout SeededGenerator) in Float(g.index(5)) - 2 }
            let transitions = (0..<(L * L)).map { _ in small(&g) }
            let start = (0..<L).map { _ in small(&g) }
            let T = 1 + g.index(9), K = labels.count
            // Emissions far apart, as a trained tagger's are, let the bounded rows leave most
            // cells out; close ones make equal sums common.
            let wide = trial % 4 == 3
            let emission = (0..<(T * K)).map { _ in wide ? Float(g.index(41)) - 20 : small(&g) }

            var scratch = CRFScratch()
            scratch.prepare(T: T, K: K)
            scratch.emission = emission
            if trial % 2 == 0 {
                scratch.loadTransitions(graph, transitions: transitions, start: start)
            } else {
                scratch.loadStored(graph, transitions: transitions, start: start)
            }
            Self.expectPlainRecursion(&scratch, T: T, K: K, labels: labels, permitted: permitted, graph: graph,
                                      transitions: transitions, start: start, emission: emission, trial: trial,
                                      omitted: &omitted)
        }
        // The trained graphs' rows (odd trials of 12 labels or more) leave cells out.
        #expect(omitted > 0)
    }

    /// Decodes `scratch` and expects the plain recursion's path and best score, and each cell
    /// kept to be its cell (``wrongCells(_:expected:future:K:T:omitted:)``), counting in
    /// `omitted` the cells left out.
    static func expectPlainRecursion(_ scratch: inout CRFScratch, T: Int, K: Int, labels: [Int32],
                                     permitted: PermittedTransitions, graph: TransitionGraph, transitions: [Float],
                                     start: [Float], emission: [Float], trial: Int, omitted: inout Int) {
        var path: [Int32] = []
        var cellScores: [Float] = [], backPointers: [Int32] = []
        let best = scratch.viterbi(T: T, graph: graph, path: &path) { score, back in
            cellScores = Array(score)
            backPointers = Array(back)
        }
        let expected = reference(labels: labels, permitted: permitted, graph: graph, transitions: transitions,
                                 start: start, emission: emission, T: T)
        #expect(path == expected.path, "path, trial \(trial)")
        #expect(best.bitPattern == expected.score[(T - 1) * K + Int(expected.path[T - 1])].bitPattern, "score, trial \(trial)")
        let future = bestFuture(labels: labels, permitted: permitted, transitions: transitions, emission: emission, T: T)
        let wrong = wrongCells((cellScores, backPointers), expected: expected, future: future, K: K, T: T, omitted: &omitted)
        #expect(wrong == 0, "cells, trial \(trial)")
    }

    /// Trained graphs of 12 labels or more, whose rows keep only the cells that can still be on
    /// the best path, over utterances up to 30 tokens long: emissions in small whole numbers
    /// (many equal sums, and cells whose bound meets the greedy path's score exactly), far
    /// apart, in fractions (sums that round), and with one clear label a token beside close
    /// ones, as a trained tagger's are. Path, score and kept cells must be the plain
    /// recursion's, and over a quarter of the clear emissions' cells must be left out.
    @Test func boundedRowsKeepThePlainRecursionsPathAndCells() {
        var g = SeededGenerator(seed: 11)
        var omitted = [Int](repeating: 0, count: 4), cellCount = [Int](repeating: 0, count: 4)
        for trial in 0..<800 {
            let slots = 6 + g.index(45)
            let L = SlotLabels.count(slots: slots)
            var sequences: [[Int32]] = (0..<g.index(60)).map { _ in (0..<(2 + g.index(5))).map { _ in Int32(g.index(L)) } }
            if trial % 3 == 0 {
                sequences += [[SlotLabels.begin(0), SlotLabels.begin(1), SlotLabels.begin(2)],
                              [SlotLabels.begin(2), SlotLabels.begin(1), SlotLabels.begin(0)]]
            }
            let permitted = PermittedTransitions(labelCount: L, sequences: sequences)
            let labels: [Int32] = [0] + (0..<slots).flatMap { [SlotLabels.begin($0), SlotLabels.inside($0)] }
            let graph = TransitionGraph(labels: labels, labelCount: L, permitted: permitted)
            // The bounded rows read a label's outgoing pairs as one range of pair indices.
            #expect(graph.outgoing == (0..<Int32(graph.pairCount)).map { $0 })
            let small = { (g: inout SeededGenerator) in Float(g.index(5)) - 2 }
            let fraction = { (g: inout SeededGenerator) in Float(g.index(200_001)) / 7_919 - 12.5 }
            let kind = trial % 4
            let transitions = (0..<(L * L)).map { _ in kind == 2 ? fraction(&g) / 4 : small(&g) }
            let start = (0..<L).map { _ in kind == 2 ? fraction(&g) / 4 : small(&g) }
            let T = 1 + g.index(30), K = labels.count
            var emission: [Float] = []
            for _ in 0..<T {
                // The outside label or a begin label: every label may lead to those.
                let clear = g.index(2) == 0 ? 0 : 1 + 2 * g.index(slots)
                for k in 0..<K {
                    switch kind {
                    case 0: emission.append(small(&g))
                    case 1: emission.append(Float(g.index(41)) - 20)
                    case 2: emission.append(fraction(&g))
                    default: emission.append(k == clear ? 8 + small(&g) : small(&g) - 6)
                    }
                }
            }

            var scratch = CRFScratch()
            scratch.prepare(T: T, K: K)
            scratch.emission = emission
            scratch.loadStored(graph, transitions: transitions, start: start)
            Self.expectPlainRecursion(&scratch, T: T, K: K, labels: labels, permitted: permitted, graph: graph,
                                      transitions: transitions, start: start, emission: emission, trial: trial,
                                      omitted: &omitted[kind])
            cellCount[kind] += T * K
        }
        #expect(omitted.allSatisfy { $0 > 0 }, "cells left out by kind: \(omitted)")
        #expect(omitted[3] * 4 > cellCount[3], "clear emissions: \(omitted[3]) of \(cellCount[3]) cells left out")
    }
}
