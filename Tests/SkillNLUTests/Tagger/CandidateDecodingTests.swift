import BuiltInValues
import Foundation
import Testing
@testable import SkillNLU

/// Decoding over each token's candidate labels (``CRFScratch/selectCandidates(T:graph:dense:)``):
/// with every label a candidate it is the full passes to the bit; with a margin it is exact
/// over the paths through the candidates, and it keeps `O` and the inside label continuing a
/// kept slot however low their emission.
@Suite struct CandidateDecodingTests {
    typealias Case = CRFBruteForceTests.Case

    /// A scratch holding `emission` and the case's transitions, with the dense tables at `margin`.
    static func prepared(_ c: Case, emission: [[Double]], margin: Float) -> (CRFScratch, TransitionGraph, TransitionGraph.DenseScores) {
        let K = c.labels.count
        let graph = TransitionGraph(labels: c.labels, labelCount: c.labelCount, permitted: c.permitted)
        var scratch = CRFScratch()
        scratch.prepare(T: c.tokens, K: K)
        for t in 0..<c.tokens { for k in 0..<K { scratch.emission[t * K + k] = Float(emission[t][k]) } }
        scratch.loadTransitions(graph, transitions: c.transitions, start: c.start)
        scratch.computeExpTransitions(pairs: graph.pairCount)
        let dense = TransitionGraph.DenseScores(graph: graph, transitions: scratch.transLocal, expTransitions: scratch.expTrans,
                                                margin: margin)
        return (scratch, graph, dense)
    }

    static func emission(_ c: Case, seed: UInt64, scale: Float) -> [[Double]] {
        var g = SeededGenerator(seed: seed ^ 0xC4)
        return (0..<c.tokens).map { _ in (0..<c.labels.count).map { _ in Double((g.unit() * 2 - 1) * scale) } }
    }

    @Test func everyLabelACandidateGivesTheFullPassesToTheBit() {
        for spec in CRFBruteForceTests.cases {
            let c = CRFBruteForceTests.makeCase(seed: spec.seed, constrained: spec.constrained, scale: spec.scale)
            let emission = Self.emission(c, seed: spec.seed, scale: spec.scale)
            let (prepared, graph, dense) = Self.prepared(c, emission: emission, margin: .infinity)
            var full = prepared, candidate = prepared
            let T = c.tokens, K = c.labels.count
            var fullPath: [Int32] = [], candidatePath: [Int32] = []
            let fullBest = full.viterbi(T: T, graph: graph, path: &fullPath)
            let fullLogZ = full.forwardBackward(T: T, graph: graph)
            candidate.selectCandidates(T: T, graph: graph, dense: dense)
            let startable = (0..<K).filter { graph.canStart[$0] }.count
            #expect(candidate.candidates.count == startable + (T - 1) * K, "\(c)")
            let candidateBest = candidate.candidateViterbi(T: T, graph: graph, dense: dense, path: &candidatePath)
            let candidateLogZ = candidate.candidateForward(T: T, graph: graph, dense: dense)
            candidate.candidateBackward(T: T, graph: graph, dense: dense)
            #expect(candidatePath == fullPath && candidateBest == fullBest, "\(c)")
            #expect(candidateLogZ == fullLogZ, "\(c)")
            #expect(candidate.marginal == full.marginal, "\(c)")
        }
    }

    @Test func aMarginDecodesExactlyOverThePathsThroughTheCandidates() {
        var pruned = 0
        for spec in CRFBruteForceTests.cases {
            let c = CRFBruteForceTests.makeCase(seed: spec.seed, constrained: spec.constrained, scale: spec.scale)
            let emission = Self.emission(c, seed: spec.seed, scale: spec.scale)
            let (prepared, graph, dense) = Self.prepared(c, emission: emission, margin: spec.scale / 3)
            var scratch = prepared
            let T = c.tokens, K = c.labels.count
            scratch.selectCandidates(T: T, graph: graph, dense: dense)
            let kept = (0..<T).map { t in Set(scratch.candidates[Int(scratch.candidateStart[t])..<Int(scratch.candidateStart[t + 1])].map(Int.init)) }
            for t in 0..<T {
                let best = emission[t].max()!
                for k in 0..<K where k > 0 && Float(emission[t][k]) < Float(best) - dense.margin {
                    let continues = t > 0 && kept[t - 1].contains { dense.continuation[$0] == Int32(k) }
                    #expect(kept[t].contains(k) == continues, "label \(k) at \(t), \(c)")
                    if !continues { pruned += 1 }
                }
                #expect(kept[t].contains(0), "O at \(t), \(c)")
            }
            var path: [Int32] = []
            let best = scratch.candidateViterbi(T: T, graph: graph, dense: dense, path: &path)
            let logZ = scratch.candidateForward(T: T, graph: graph, dense: dense)
            scratch.candidateBackward(T: T, graph: graph, dense: dense)
            let sequences = CRFBruteForceTests.enumerate(c, emission: emission).filter { s in
                s.path.indices.allSatisfy { kept[$0].contains(s.path[$0]) }
            }
            let expectedLogZ = CRFBruteForceTests.logSumExp(sequences.map(\.score))
            let expectedBest = sequences.max { $0.score < $1.score }!
            #expect(abs(Double(best) - expectedBest.score) < 1e-3 * max(1, abs(expectedBest.score)), "best score, \(c)")
            #expect(abs(logZ - expectedLogZ) < 1e-3 * max(1, abs(expectedLogZ)), "log Z, \(c)")
            for t in 0..<T {
                for k in 0..<K {
                    let mass = sequences.filter { $0.path[t] == k }.map { exp($0.score - expectedLogZ) }.reduce(0, +)
                    #expect(abs(Double(scratch.marginal[t * K + k]) - mass) < 1e-3, "marginal of \(k) at \(t), \(c)")
                }
            }
        }
        #expect(pruned > 50, "the margin must leave labels out in some cases")
    }

    @Test func aLongValueKeepsItsInsideLabelWhereEachWordAloneReadsAsO() {
        // O, B-x, I-x over four tokens: the first strongly a begin, the rest strongly O on
        // their own, while staying inside costs nothing and leaving costs much.
        let c = Case(seed: 0, labelCount: 3, labels: [0, 1, 2],
                     bits: [[true, true, false], [true, true, true], [true, true, true]],
                     transitions: [0, 0, -50, -30, 0, 40, -30, 0, 40], start: [0, 0, 0], tokens: 4)
        let emission: [[Double]] = [[0, 20, -20], [20, -20, -20], [20, -20, -20], [20, -20, -20]]
        let (prepared, graph, dense) = Self.prepared(c, emission: emission, margin: 5)
        var scratch = prepared
        scratch.selectCandidates(T: 4, graph: graph, dense: dense)
        var path: [Int32] = []
        _ = scratch.candidateViterbi(T: 4, graph: graph, dense: dense, path: &path)
        #expect(path == [1, 2, 2, 2])
    }
}
