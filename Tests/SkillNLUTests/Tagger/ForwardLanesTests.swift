import CInt8Products
import Testing
import Understanding
@testable import SkillNLU

/// The forward pass's lane layout (``ForwardLanes``, `snlu_forward_step`) against the scalar
/// loop over each label's incoming list in order: on random label graphs of up to 60 slots,
/// some with a connector slot (long incoming lists beside short ones), with fractional values
/// whose sums round differently in another order, every forward value and every step's total
/// must be the loop's bit for bit — on the vector path, the portable path and through
/// ``CRFScratch/forward(T:graph:)`` with a trained graph's stored lanes.
@Suite struct ForwardLanesTests {
    /// A random graph (``RandomLabelGraph``) of up to 60 slots and 60 sequences.
    static func graph(_ g: inout SeededGenerator, trial: Int) -> (graph: TransitionGraph, labelCount: Int) {
        let drawn = RandomLabelGraph(&g, trial: trial, maxSlots: 60, maxSequences: 60)
        return (drawn.graph, drawn.labelCount)
    }

    /// A float in (0, 1] with many significant bits, or now and then 0.
    static func fraction(_ g: inout SeededGenerator) -> Float {
        g.index(10) == 0 ? 0 : Float(1 + g.index(1_000_000)) / 1_000_003
    }

    /// The scalar step: each label's list in incoming order (reversed with `reversed`), then
    /// the emission, the total and the scaling. Returns the total.
    static func referenceStep(graph: TransitionGraph, expIncoming: [Float], previous: [Float], expEmission: [Float],
                              alpha: inout [Float], reversed: Bool = false) -> Float {
        let K = graph.labels.count
        var c: Float = 0
        for k in 0..<K {
            var s: Float = 0
            let list = Array(Int(graph.incomingStart[k])..<Int(graph.incomingStart[k + 1]))
            for q in reversed ? list.reversed() : list {
                s += previous[Int(graph.incomingFrom[q])] * expIncoming[q]
            }
            let v = s * expEmission[k]
            alpha[k] = v
            c += v
        }
        c = max(c, .leastNormalMagnitude)
        for k in 0..<K { alpha[k] /= c }
        return c
    }

    /// `snlu_forward_step` (vector path where the processor has it) or its portable loop.
    static func laneStep(_ lanes: ForwardLanes, previous: [Float], expEmission: [Float], alpha: inout [Float],
                         portable: Bool) -> Float {
        lanes.withSteps { steps in
            previous.withUnsafeBufferPointer { previous in
                expEmission.withUnsafeBufferPointer { expEmission in
                    alpha.withUnsafeMutableBufferPointer { alpha in
                        if !portable {
                            return steps.step(previous: previous.baseAddress!, expEmission: expEmission.baseAddress!,
                                              alpha: alpha.baseAddress!)
                        }
                        return snlu_forward_step_portable(previous.baseAddress!, expEmission.baseAddress!, steps.order.count,
                                                          steps.blockSteps.count, steps.blockSteps.baseAddress,
                                                          steps.sources.baseAddress, steps.rows.baseAddress,
                                                          steps.order.baseAddress, alpha.baseAddress!)
                    }
                }
            }
        }
    }

    @Test func laneStepsGiveTheScalarLoopsFloats() {
        var g = SeededGenerator(seed: 29)
        var orderFelt = 0
        for trial in 0..<400 {
            let (graph, _) = Self.graph(&g, trial: trial)
            let K = graph.labels.count
            let expIncoming = (0..<graph.pairCount).map { _ in Self.fraction(&g) }
            let previous = (0..<K).map { _ in Self.fraction(&g) }
            let expEmission = (0..<K).map { _ in Self.fraction(&g) }
            let lanes = ForwardLanes(graph: graph, expIncoming: expIncoming)!
            #expect(lanes.labelCount == K && lanes.blockCount == (K + 7) / 8)
            #expect(Set(lanes.order) == Set(0..<Int32(K)))

            var expected = [Float](repeating: 0, count: K)
            let c = Self.referenceStep(graph: graph, expIncoming: expIncoming, previous: previous,
                                       expEmission: expEmission, alpha: &expected)
            for portable in [false, true] {
                var alpha = [Float](repeating: -1, count: K)
                let laneC = Self.laneStep(lanes, previous: previous, expEmission: expEmission, alpha: &alpha,
                                          portable: portable)
                #expect(laneC.bitPattern == c.bitPattern, "total, trial \(trial), portable \(portable)")
                #expect(alpha.map(\.bitPattern) == expected.map(\.bitPattern), "alpha, trial \(trial), portable \(portable)")
            }
            // The values are such that summing a list in another order changes bits: the
            // comparison above would see a lane walking its list out of order.
            var reversed = [Float](repeating: 0, count: K)
            _ = Self.referenceStep(graph: graph, expIncoming: expIncoming, previous: previous, expEmission: expEmission,
                                   alpha: &reversed, reversed: true)
            if reversed.map(\.bitPattern) != expected.map(\.bitPattern) { orderFelt += 1 }
        }
        #expect(orderFelt > 200, "trials where the order of a list's sum shows: \(orderFelt)")
    }

    /// Empty incoming lists, a previous row of zeros (the total then the smallest normal float)
    /// and a single label.
    @Test func laneStepsHandleEmptyListsAndZeroRows() {
        var g = SeededGenerator(seed: 31)
        for trial in 0..<50 {
            let (graph, _) = Self.graph(&g, trial: trial)
            let K = graph.labels.count
            let expIncoming = (0..<graph.pairCount).map { _ in Self.fraction(&g) }
            let previous: [Float] = (0..<K).map { k in trial % 2 == 0 ? 0 : (k == 0 ? 1 : 0) }
            let expEmission = (0..<K).map { _ in Self.fraction(&g) }
            let lanes = ForwardLanes(graph: graph, expIncoming: expIncoming)!
            var expected = [Float](repeating: 0, count: K)
            let c = Self.referenceStep(graph: graph, expIncoming: expIncoming, previous: previous,
                                       expEmission: expEmission, alpha: &expected)
            var alpha = [Float](repeating: -1, count: K)
            let laneC = Self.laneStep(lanes, previous: previous, expEmission: expEmission, alpha: &alpha, portable: false)
            #expect(laneC.bitPattern == c.bitPattern && alpha.map(\.bitPattern) == expected.map(\.bitPattern), "trial \(trial)")
        }
    }

    /// The whole forward pass with a trained graph's stored scores (lanes) against the same
    /// scores loaded one pair at a time (each label's list in turn): log Z, every forward value
    /// and every norm, bit for bit, and so the marginals after the backward pass.
    @Test func forwardWithStoredLanesIsTheScalarForward() {
        var g = SeededGenerator(seed: 37)
        for trial in 0..<300 {
            let (graph, L) = Self.graph(&g, trial: trial)
            let K = graph.labels.count
            let score = { (g: inout SeededGenerator) in Float(g.index(200_001)) / 7_919 - 12.5 }
            let transitions = (0..<(L * L)).map { _ in score(&g) / 4 }
            let start = (0..<L).map { _ in score(&g) / 4 }
            let T = 1 + g.index(30)
            let emission = (0..<(T * K)).map { _ in score(&g) }

            var plain = CRFScratch()
            plain.prepare(T: T, K: K)
            plain.emission = emission
            plain.loadTransitions(graph, transitions: transitions, start: start)
            var stored = CRFScratch()
            stored.prepare(T: T, K: K)
            stored.emission = emission
            stored.loadStored(graph, transitions: transitions, start: start)
            #expect(plain.forwardLanes == nil && stored.forwardLanes != nil)
            // The stored scores' start exponentials too (inside labels cannot start: 0 there).
            #expect(plain.storedExpStart.isEmpty && stored.storedExpStart.count == K)

            let plainZ = plain.forwardBackward(T: T, graph: graph)
            let storedZ = stored.forwardBackward(T: T, graph: graph)
            #expect(plainZ.bitPattern == storedZ.bitPattern, "log Z, trial \(trial)")
            #expect(plain.alpha.map(\.bitPattern) == stored.alpha.map(\.bitPattern), "alpha, trial \(trial)")
            #expect(plain.norm.map(\.bitPattern) == stored.norm.map(\.bitPattern), "norm, trial \(trial)")
            #expect(plain.marginal.map(\.bitPattern) == stored.marginal.map(\.bitPattern), "marginals, trial \(trial)")
        }
    }

    /// The longest lists are the head of the order sorting by length (longest first, the lower
    /// label first among equals) gives, ties and short label counts included.
    @Test func longestListsAreTheHeadOfTheSortedOrder() {
        var g = SeededGenerator(seed: 7)
        for trial in 0..<500 {
            let labels = g.index(30)
            let lengths = (0..<labels).map { _ in g.index(trial % 2 == 0 ? 4 : 40) }
            let sorted = (0..<labels).sorted { lengths[$0] > lengths[$1] || (lengths[$0] == lengths[$1] && $0 < $1) }
            #expect(ForwardLanes.longest(8, of: labels, length: { lengths[$0] }) == Array(sorted.prefix(8)), "\(lengths)")
        }
    }
}

