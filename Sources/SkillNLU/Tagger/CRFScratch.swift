import CInt8Products
import Foundation

/// Working memory of one forward-backward or Viterbi pass over a sentence.
package struct CRFScratch {
    package var emission: [Float] = []
    var expEmission: [Float] = []
    var transLocal: [Float] = []
    var expTrans: [Float] = []
    var startLocal: [Float] = []
    /// The maximum `expTrans` is taken against; valid while `expTransReady`.
    var transMaximum: Float = 0
    /// Whether `expTrans` already holds the exponentials of `transLocal`.
    var expTransReady = false
    var alpha: [Float] = []
    var beta: [Float] = []
    var norm: [Float] = []
    var marginal: [Float] = []
    /// Transition scores (Viterbi) or their exponentials (forward) in the graph's incoming order.
    var incomingScores: [Float] = []
    /// A trained graph's `transLocal` and `expTrans` already in incoming order (``load(_:)``),
    /// which the passes then read instead of gathering them; empty otherwise.
    var storedIncoming: [Float] = []
    var storedExpIncoming: [Float] = []
    /// A trained graph's ``TransitionGraph/Scores/forwardLanes`` (``load(_:)``), which the
    /// forward pass steps with; nil otherwise, and it then sums each label's list in turn.
    var forwardLanes: ForwardLanes?
    /// A trained graph's ``TransitionGraph/Scores/expStart`` and
    /// ``TransitionGraph/Scores/startMaximum`` (``load(_:)``); empty otherwise, and the forward
    /// pass then takes the exponentials itself.
    var storedExpStart: [Float] = []
    var startMaximum: Float = 0
    /// A trained graph's ``TransitionGraph/Scores/bestIncoming`` and
    /// ``TransitionGraph/Scores/largestTransition`` (``load(_:)``); empty otherwise, and
    /// Viterbi then bounds nothing.
    var bestIncoming: [Float] = []
    var largestTransition: Float = 0
    /// Whether the forward pass takes the emissions' exponentials with SkillNLU's own
    /// polynomial (`snlu_exponentiate_rows_polynomial`, eight at a time) rather than the C
    /// library's `expf`. Decoding with a trained model sets it: the exponentials are most of a
    /// long reading's forward pass. Training leaves it off, so a trained model does not depend
    /// on it.
    package var polynomialExponentials = false

    package init() {}

    /// Sizes the emission buffer for a sentence of `T` tokens over `K` labels (zero), reusing
    /// its storage; the passes size their own buffers (`marginal` in ``backward(T:graph:from:)``).
    package mutating func prepare(T: Int, K: Int) {
        Self.reset(&emission, T * K)
    }

    @inline(__always)
    static func reset(_ a: inout [Float], _ n: Int, to value: Float = 0) {
        if a.count == n {
            a.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
        } else {
            // Sentences differ in length: keeping the storage spares an allocation per call.
            a.removeAll(keepingCapacity: true)
            a.append(contentsOf: repeatElement(value, count: n))
        }
    }

    /// Copies the graph's transition scores and which labels may start.
    package mutating func loadTransitions<C: RandomAccessCollection>(_ graph: TransitionGraph, transitions: C, start: C)
        where C.Element == Float, C.Index == Int {
        let K = graph.labels.count
        expTransReady = false
        storedIncoming = []
        storedExpIncoming = []
        forwardLanes = nil
        bestIncoming = []
        storedExpStart = []
        Self.reset(&transLocal, graph.pairCount)
        for p in 0..<graph.pairCount { transLocal[p] = transitions[Int(graph.global[p])] }
        Self.reset(&startLocal, K, to: -.infinity)
        for (k, l) in graph.labels.enumerated() where graph.canStart[k] { startLocal[k] = start[Int(l)] }
    }

    /// ``loadTransitions(_:transitions:start:)`` from raw buffers, specialised here: a caller
    /// in another module (the tagger's training loop) would otherwise run the generic copy,
    /// which reads every score through a witness table.
    package mutating func loadTransitions(_ graph: TransitionGraph, transitions: UnsafeMutableBufferPointer<Float>,
                                          start: UnsafeMutableBufferPointer<Float>) {
        loadTransitions(graph, transitions: UnsafeBufferPointer(transitions), start: UnsafeBufferPointer(start))
    }

    /// Takes a graph's stored scores (shared, not copied).
    mutating func load(_ scores: TransitionGraph.Scores) {
        transLocal = scores.transitions
        startLocal = scores.start
        expTrans = scores.expTransitions
        transMaximum = scores.maximum
        expTransReady = true
        storedIncoming = scores.incomingTransitions
        storedExpIncoming = scores.incomingExpTransitions
        forwardLanes = scores.forwardLanes
        storedExpStart = scores.expStart
        startMaximum = scores.startMaximum
        bestIncoming = scores.bestIncoming
        largestTransition = scores.largestTransition
    }

    /// The scores ``loadTransitions(_:transitions:start:)`` loaded for `graph`, with their
    /// exponentials and both in the graph's incoming order, to keep beside the graph.
    mutating func storedScores(for graph: TransitionGraph) -> TransitionGraph.Scores {
        if !expTransReady { computeExpTransitions(pairs: graph.pairCount) }
        var incoming: [Float] = [], expIncoming: [Float] = []
        Self.gatherIncoming(transLocal, graph: graph, into: &incoming)
        Self.gatherIncoming(expTrans, graph: graph, into: &expIncoming)
        let bestIncoming = Self.bestIncoming(of: transLocal, graph: graph)
        var largest: Float = 0
        for p in 0..<graph.pairCount { largest = max(largest, abs(transLocal[p])) }
        let (expStart, startMaximum) = Self.startExponentials(startLocal)
        return .init(transitions: transLocal, start: startLocal, expTransitions: expTrans, maximum: transMaximum,
                     expStart: expStart, startMaximum: startMaximum, incomingTransitions: incoming, incomingExpTransitions: expIncoming,
                     forwardLanes: ForwardLanes(graph: graph, expIncoming: expIncoming),
                     bestIncoming: bestIncoming, largestTransition: largest)
    }

    /// The start scores' exponentials against their maximum (0 for a label that cannot start,
    /// whose score is −∞), and that maximum: what the forward pass's first step reads.
    static func startExponentials(_ start: [Float]) -> (exponentials: [Float], maximum: Float) {
        var smax: Float = -.infinity
        for s in start { smax = max(smax, s) }
        return (start.map { $0 == -.infinity ? 0 : expf($0 - smax) }, smax)
    }

    /// ``TransitionGraph/Scores/bestIncoming`` of `transitions` (one per pair) over `graph`.
    static func bestIncoming(of transitions: [Float], graph: TransitionGraph) -> [Float] {
        var bestIncoming = [Float](repeating: -.infinity, count: graph.labels.count)
        for p in 0..<graph.pairCount {
            let k = Int(graph.to[p])
            bestIncoming[k] = max(bestIncoming[k], transitions[p])
        }
        return bestIncoming
    }

    /// `expTrans` from `transLocal`, against their maximum (0 when there is none).
    mutating func computeExpTransitions(pairs P: Int) {
        Self.reset(&expTrans, P)
        var tmax: Float = -.infinity
        for p in 0..<P { tmax = max(tmax, transLocal[p]) }
        if tmax == -.infinity { tmax = 0 }
        for p in 0..<P { expTrans[p] = expf(transLocal[p] - tmax) }
        transMaximum = tmax
        expTransReady = true
    }

    /// Fills `marginal` and returns log Z. Scaled forward-backward: each step's `alpha` is
    /// normalised to sum 1 and its norm kept, so no logarithms are taken inside the recursion.
    package mutating func forwardBackward(T: Int, graph: TransitionGraph) -> Double {
        let logZ = forward(T: T, graph: graph)
        backward(T: T, graph: graph)
        return logZ
    }

    /// The forward half of ``forwardBackward(T:graph:)``: fills `expEmission`, `alpha` and
    /// `norm` and returns log Z. Enough for the probability of a path; the marginals need
    /// ``backward(T:graph:)`` after it.
    package mutating func forward(T: Int, graph: TransitionGraph) -> Double {
        let K = graph.labels.count
        let P = graph.pairCount
        Self.reset(&expEmission, T * K)
        if !expTransReady { computeExpTransitions(pairs: P) }
        let tmax = transMaximum
        Self.reset(&alpha, T * K)
        Self.reset(&norm, T, to: 1)
        // The loops below index raw buffers: these sizes are what keeps them in bounds.
        precondition(emission.count >= T * K && transLocal.count >= P && expTrans.count >= P && startLocal.count >= K,
                     "forwardBackward needs prepare(T:K:) and loadTransitions first")
        if storedExpIncoming.count != P { Self.gatherIncoming(expTrans, graph: graph, into: &incomingScores) }
        // A trained graph's start exponentials are stored with it; others' are taken here.
        let storedStart = storedExpStart.count == K
        return emission.withUnsafeBufferPointer { emission in
        expEmission.withUnsafeMutableBufferPointer { expEmission in
        (storedExpIncoming.count == P ? storedExpIncoming : incomingScores).withUnsafeBufferPointer { expTrans in
        startLocal.withUnsafeBufferPointer { startLocal in
        storedExpStart.withUnsafeBufferPointer { expStart in
        alpha.withUnsafeMutableBufferPointer { alpha in
        norm.withUnsafeMutableBufferPointer { norm in
        graph.incomingFrom.withUnsafeBufferPointer { from in
        graph.withAdjacency { _, _, incomingStart, _, _, _ in
            let logOffset = Self.exponentiate(emission, into: expEmission, T: T, K: K, polynomial: polynomialExponentials)
            var smax: Float = storedStart ? startMaximum : -.infinity
            if !storedStart { for k in 0..<K { smax = max(smax, startLocal[k]) } }
            var c: Float = 0
            for k in 0..<K {
                let v = startLocal[k] == -.infinity ? 0 : (storedStart ? expStart[k] : expf(startLocal[k] - smax)) * expEmission[k]
                alpha[k] = v
                c += v
            }
            c = max(c, .leastNormalMagnitude)
            norm[0] = c
            for k in 0..<K { alpha[k] /= c }
            var logZ = Double(smax) + log(Double(c))
            if let lanes = forwardLanes, lanes.labelCount == K, K > 0 {
                // A trained graph's lanes: the same sums, eight labels' lists a step.
                lanes.withSteps { steps in
                    for t in 1..<max(T, 1) {
                        let c = steps.step(previous: alpha.baseAddress! + (t - 1) * K,
                                           expEmission: expEmission.baseAddress! + t * K, alpha: alpha.baseAddress! + t * K)
                        norm[t] = c
                        logZ += log(Double(c)) + Double(tmax)
                    }
                }
                return logZ + logOffset
            }
            for t in 1..<max(T, 1) {
                c = 0
                let previous = UnsafePointer(alpha.baseAddress! + (t - 1) * K)
                for k in 0..<K {
                    var s: Float = 0
                    for q in Int(incomingStart[k])..<Int(incomingStart[k + 1]) {
                        s += previous[Int(from[q])] * expTrans[q]
                    }
                    let v = s * expEmission[t * K + k]
                    alpha[t * K + k] = v
                    c += v
                }
                c = max(c, .leastNormalMagnitude)
                norm[t] = c
                for k in 0..<K { alpha[t * K + k] /= c }
                logZ += log(Double(c)) + Double(tmax)
            }
            return logZ + logOffset
        }
        }
        }
        }
        }
        }
        }
        }
        }
    }

    /// The backward half of ``forwardBackward(T:graph:)``: fills `beta` and `marginal` from
    /// the buffers ``forward(T:graph:)`` filled for the same `T` and graph, for the tokens from
    /// `first` on (the recursion runs from the last token back, so the tokens before `first`
    /// cost nothing; their `beta` and `marginal` are left as they were).
    package mutating func backward(T: Int, graph: TransitionGraph, from first: Int = 0) {
        let K = graph.labels.count
        Self.reset(&beta, T * K)
        if marginal.count != T * K { Self.reset(&marginal, T * K) }
        precondition(alpha.count >= T * K && expEmission.count >= T * K && norm.count >= T && expTrans.count >= graph.pairCount,
                     "backward needs forward first")
        expEmission.withUnsafeBufferPointer { expEmission in
        expTrans.withUnsafeBufferPointer { expTrans in
        alpha.withUnsafeBufferPointer { alpha in
        beta.withUnsafeMutableBufferPointer { beta in
        norm.withUnsafeBufferPointer { norm in
        marginal.withUnsafeMutableBufferPointer { marginal in
        graph.withAdjacency { _, to, _, _, outgoingStart, outgoing in
            for k in 0..<K { beta[(T - 1) * K + k] = 1 }
            if T >= 2 && first <= T - 2 {
                for t in stride(from: T - 2, through: max(first, 0), by: -1) {
                    for k in 0..<K {
                        var s: Float = 0
                        for q in Int(outgoingStart[k])..<Int(outgoingStart[k + 1]) {
                            let p = Int(outgoing[q])
                            let kn = Int(to[p])
                            s += expTrans[p] * expEmission[(t + 1) * K + kn] * beta[(t + 1) * K + kn]
                        }
                        beta[t * K + k] = s / norm[t + 1]
                    }
                }
            }
            for i in (min(max(first, 0), T) * K)..<(T * K) { marginal[i] = alpha[i] * beta[i] }
        }
        }
        }
        }
        }
        }
        }
    }

    /// Writes each token's emission scores as exponentials, less the token's largest score so
    /// that none overflows, and returns the sum of those largest scores (what log Z must add
    /// back). `snlu_exponentiate_rows` does it: one `expf` a score as a loop here would, the
    /// largest scores found eight at a time and without a loop's overflow checks; with
    /// `polynomial`, `snlu_exponentiate_rows_polynomial`, the same with our own exponential.
    @inline(__always)
    static func exponentiate(_ emission: UnsafeBufferPointer<Float>, into expEmission: UnsafeMutableBufferPointer<Float>,
                             T: Int, K: Int, polynomial: Bool = false) -> Double {
        guard T > 0, K > 0 else { return 0 }
        precondition(emission.count >= T * K && expEmission.count >= T * K)
        if polynomial { return snlu_exponentiate_rows_polynomial(emission.baseAddress!, T, K, expEmission.baseAddress!) }
        return snlu_exponentiate_rows(emission.baseAddress!, T, K, expEmission.baseAddress!)
    }

    /// Read-only views of the buffers ``forwardBackward(T:graph:)`` filled.
    package struct Buffers {
        package var marginal: UnsafeBufferPointer<Float>
        package var alpha: UnsafeBufferPointer<Float>
        package var beta: UnsafeBufferPointer<Float>
        package var norm: UnsafeBufferPointer<Float>
        package var expTrans: UnsafeBufferPointer<Float>
        package var expEmission: UnsafeBufferPointer<Float>
    }

    package func withBuffers<R>(_ body: (Buffers) -> R) -> R {
        marginal.withUnsafeBufferPointer { m in
            alpha.withUnsafeBufferPointer { a in
                beta.withUnsafeBufferPointer { b in
                    norm.withUnsafeBufferPointer { n in
                        expTrans.withUnsafeBufferPointer { t in
                            expEmission.withUnsafeBufferPointer { e in
                                body(Buffers(marginal: m, alpha: a, beta: b, norm: n, expTrans: t, expEmission: e))
                            }
                        }
                    }
                }
            }
        }
    }
}
