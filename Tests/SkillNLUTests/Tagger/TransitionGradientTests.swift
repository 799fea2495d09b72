import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct TransitionGradientTests {
    /// The transition step takes pairs eight at a time in vector lanes and the rest one by
    /// one; every pair's score must come out bit for bit as the plain loop leaves it (pair by
    /// pair, token by token), with its averaging twin, or trained models would change.
    @Test(arguments: [5, 6, 9])
    func pairsInLanesTakeThePlainLoopsSteps(labels K: Int) {
        let L = K % 2 == 0 ? K + 3 : K + 2   // O and whole B/I pairs, more labels than the intent's
        let allowed = (0..<K).map { Int32($0 + 1) }
        // Every pair the structure permits: more than a block of eight, with some left over.
        let sequences = allowed.flatMap { a in allowed.map { b in [a, b] } }
        let graph = TransitionGraph(labels: allowed, labelCount: L, permitted: PermittedTransitions(labelCount: L, sequences: sequences))
        #expect(graph.pairCount > 8)
        let T = 7
        var state: UInt64 = UInt64(K)
        func unit() -> Float {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Float(state >> 40) / Float(1 << 24)
        }
        var trans = (0..<(L * L)).map { _ in unit() - 0.5 }
        var start = (0..<L).map { _ in unit() - 0.5 }
        var scratch = CRFScratch()
        scratch.prepare(T: T, K: K)
        for i in 0..<(T * K) { scratch.emission[i] = 3 * unit() - 1 }
        scratch.loadTransitions(graph, transitions: trans, start: start)
        _ = scratch.forwardBackward(T: T, graph: graph)
        let labels: [Int32] = (0..<T).map { allowed[($0 * 3) % K] }
        let gold: [Int32] = labels.map { Int32(allowed.firstIndex(of: $0)!) }
        let step: Float = 0.37, plain: Float = 3
        var expected = trans, expectedTwins = [Float](repeating: 0, count: L * L)
        var twins = [Float](repeating: 0, count: L * L)
        scratch.withBuffers { b in
            // The plain loop.
            graph.withPairs { from, to, global in
                for p in 0..<from.count {
                    let kp = Int(from[p]), k = Int(to[p]), before = expected[Int(global[p])]
                    var score = before
                    for t in 1..<T {
                        let pm = b.alpha[(t - 1) * K + kp] * b.expTrans[p] * b.expEmission[t * K + k] * b.beta[t * K + k] / b.norm[t]
                        let g = (from[p] == gold[t - 1] && to[p] == gold[t] ? 1 : 0) - pm
                        score += step * g
                    }
                    expected[Int(global[p])] = score
                    expectedTwins[Int(global[p])] += (score - before) * plain
                }
            }
            let empty = UnsafeMutableBufferPointer<Float>(start: nil, count: 0)
            labels.withUnsafeBufferPointer { labelBuffer in
            gold.withUnsafeBufferPointer { goldBuffer in
            trans.withUnsafeMutableBufferPointer { trans in
            start.withUnsafeMutableBufferPointer { start in
            twins.withUnsafeMutableBufferPointer { twins in
                let x = TaggerExampleView(T: T, K: K, intent: 0, offs: UnsafeBufferPointer(start: nil, count: 0),
                                          rows: UnsafeBufferPointer(start: nil, count: 0), labels: labelBuffer,
                                          goldLocal: goldBuffer, hits: [])
                let startTwins = UnsafeMutableBufferPointer<Float>.allocate(capacity: L)
                startTwins.initialize(repeating: 0)
                defer { startTwins.deallocate() }
                let average = SGDAverage.View(cells: empty, partCells: empty, trans: twins, start: startTwins, shared: empty,
                                              scaled: 1, plain: plain)
                SlotTagger.addTransitionGradient(x, b, step: step, allowed: allowed, graph: graph,
                                                 trans: trans, start: start, average: average)
            }
            }
            }
            }
            }
        }
        #expect(trans.map(\.bitPattern) == expected.map(\.bitPattern))
        #expect(twins.map(\.bitPattern) == expectedTwins.map(\.bitPattern))
    }
}
