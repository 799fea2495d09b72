import BuiltInValues
import Foundation
import Testing
@testable import SkillNLU

/// The slot tagger's CRF arithmetic against enumeration: on sentences of two to four tokens
/// over three or five labels, with random weights, every label sequence the transition
/// structure allows is scored by hand, and log Z, the marginals and the Viterbi path must be
/// what that enumeration gives. Cases come from a fixed seed, so a failure names a
/// reproducible case.
@Suite struct CRFBruteForceTests {
    /// One random case: a label graph, its transition and start scores, and emissions.
    struct Case: CustomStringConvertible {
        var seed: UInt64
        var labelCount: Int
        var labels: [Int32]
        var bits: [[Bool]]
        var transitions: [Float]
        var start: [Float]
        var tokens: Int

        var description: String { "seed \(seed): labels \(labels) of \(labelCount), \(tokens) tokens" }

        /// The documented rule: a pair the bit matrix holds, where an inside label follows
        /// only its own begin or itself.
        func allowed(_ a: Int32, _ b: Int32) -> Bool {
            let inside = b > 0 && b % 2 == 0
            return bits[Int(a)][Int(b)] && (!inside || a == b || a == b - 1)
        }

        func canStart(_ l: Int32) -> Bool { !(l > 0 && l % 2 == 0) }

        var permitted: PermittedTransitions {
            var p = PermittedTransitions(labelCount: labelCount, bits: [UInt64](repeating: 0, count: (labelCount * labelCount + 63) / 64))
            for a in 0..<labelCount { for b in 0..<labelCount where bits[a][b] { p.insert(Int32(a), Int32(b)) } }
            return p
        }
    }

    /// Every allowed sequence of local label indices with its score, for `emission[t][k]`.
    static func enumerate(_ c: Case, emission: [[Double]]) -> [(path: [Int], score: Double)] {
        let K = c.labels.count
        var out: [(path: [Int], score: Double)] = []
        var path = [Int](repeating: 0, count: c.tokens)
        func extend(_ t: Int, _ score: Double) {
            if t == c.tokens { out.append((path, score)); return }
            for k in 0..<K {
                let l = c.labels[k]
                var s = score + emission[t][k]
                if t == 0 {
                    guard c.canStart(l) else { continue }
                    s += Double(c.start[Int(l)])
                } else {
                    let p = c.labels[path[t - 1]]
                    guard c.allowed(p, l) else { continue }
                    s += Double(c.transitions[Int(p) * c.labelCount + Int(l)])
                }
                path[t] = k
                extend(t + 1, s)
            }
        }
        extend(0, 0)
        return out
    }

    static func logSumExp(_ xs: [Double]) -> Double {
        let m = xs.max()!
        return m + log(xs.reduce(0) { $0 + exp($1 - m) })
    }

    /// A case from `seed`: one or two slots (labels `O, B, I` or all five, or `O` and the second
    /// slot's two), with every pair permitted or the BIO structure plus some random pairs.
    static func makeCase(seed: UInt64, constrained: Bool, scale: Float) -> Case {
        var g = SeededGenerator(seed: seed)
        let slots = 1 + g.index(2)
        let L = SlotLabels.count(slots: slots)
        let labels: [Int32] = slots == 1 ? [0, 1, 2] : (g.index(2) == 0 ? [0, 1, 2, 3, 4] : [0, 3, 4])
        var bits = [[Bool]](repeating: [Bool](repeating: !constrained, count: L), count: L)
        if constrained {
            let base = PermittedTransitions(labelCount: L)
            for a in 0..<L {
                for b in 0..<L { bits[a][b] = base.contains(Int32(a), Int32(b)) || g.index(3) == 0 }
            }
        }
        let transitions = (0..<(L * L)).map { _ in g.uniform() * scale }
        let start = (0..<L).map { _ in g.uniform() * scale }
        return Case(seed: seed, labelCount: L, labels: labels, bits: bits, transitions: transitions,
                    start: start, tokens: 2 + g.index(3))
    }

    static let cases: [(seed: UInt64, constrained: Bool, scale: Float)] =
        (0..<120).map { (i: Int) -> (seed: UInt64, constrained: Bool, scale: Float) in
            let scale: Float = i % 3 == 0 ? 8 : 2
            return (UInt64(i), i % 2 == 0, scale)
        }

    @Test func forwardBackwardGivesTheEnumeratedLogZAndMarginals() {
        for spec in Self.cases {
            let c = Self.makeCase(seed: spec.seed, constrained: spec.constrained, scale: spec.scale)
            var g = SeededGenerator(seed: spec.seed ^ 0xE1)
            let K = c.labels.count
            let emission = (0..<c.tokens).map { _ in (0..<K).map { _ in Double(g.uniform() * spec.scale) } }
            let graph = TransitionGraph(labels: c.labels, labelCount: c.labelCount, permitted: c.permitted)
            var scratch = CRFScratch()
            scratch.prepare(T: c.tokens, K: K)
            for t in 0..<c.tokens { for k in 0..<K { scratch.emission[t * K + k] = Float(emission[t][k]) } }
            scratch.loadTransitions(graph, transitions: c.transitions, start: c.start)
            let logZ = scratch.forwardBackward(T: c.tokens, graph: graph)

            let sequences = Self.enumerate(c, emission: emission)
            let expectedLogZ = Self.logSumExp(sequences.map(\.score))
            #expect(abs(logZ - expectedLogZ) < 1e-3 * max(1, abs(expectedLogZ)), "log Z, \(c)")
            for t in 0..<c.tokens {
                for k in 0..<K {
                    let mass = sequences.filter { $0.path[t] == k }.map { exp($0.score - expectedLogZ) }.reduce(0, +)
                    let marginal = Double(scratch.marginal[t * K + k])
                    #expect(abs(marginal - mass) < 1e-3, "marginal of label \(c.labels[k]) at \(t): \(marginal) vs \(mass), \(c)")
                }
            }
        }
    }

    @Test func decodingFindsTheBestEnumeratedSequenceAndItsProbability() throws {
        let tokenizer = Tokenizer(locale: "en-US")
        let words = ["book", "a", "table", "for", "two", "tonight", "at", "seven"]
        for spec in Self.cases {
            let c = Self.makeCase(seed: spec.seed, constrained: spec.constrained, scale: spec.scale)
            var g = SeededGenerator(seed: spec.seed ^ 0x7A)
            let tokens = tokenizer.tokenize((0..<c.tokens).map { _ in words[g.index(words.count)] }.joined(separator: " "))
            try #require(tokens.count == c.tokens)
            let intentKey = g.next()
            var offsets: [Int32] = []
            var hashes: [UInt64] = []
            TaggerFeatures.extract(tokens: tokens, intentKey: intentKey, spans: [], offsets: &offsets, out: &hashes)
            // A row of random half-precision weights for every attribute the tokens have.
            var rows: [UInt32: [(label: Int32, weight: Float)]] = [:]
            for h in hashes where rows[UInt32(truncatingIfNeeded: h >> 32)] == nil {
                let labels = (0..<c.labelCount).filter { _ in g.index(2) == 0 }
                var row: [(label: Int32, weight: Float)] = []
                for l in labels {
                    let steps = Float(g.index(193) - 96)   // a multiple of 1/32: exact in half precision
                    row.append((Int32(l), steps / 32 * spec.scale / 4))
                }
                rows[UInt32(truncatingIfNeeded: h >> 32)] = row
            }
            let tagger = try Self.tagger(c, rows: rows)
            let graph = tagger.graph(for: c.labels)
            let decoded = tagger.decode(tokens: tokens, spans: [], intentKey: intentKey, graph: graph)

            var emission = [[Double]](repeating: [Double](repeating: 0, count: c.labels.count), count: c.tokens)
            for t in 0..<c.tokens {
                for (k, l) in c.labels.enumerated() {
                    for h in hashes[Int(offsets[t])..<Int(offsets[t + 1])] {
                        let row = rows[UInt32(truncatingIfNeeded: h >> 32)] ?? []
                        emission[t][k] += Double(row.first { $0.label == l }?.weight ?? 0)
                    }
                }
            }
            let sequences = Self.enumerate(c, emission: emission)
            let logZ = Self.logSumExp(sequences.map(\.score))
            let best = sequences.max { $0.score < $1.score }!
            let runnerUp = sequences.filter { $0.path != best.path }.map(\.score).max() ?? -.infinity
            if best.score - runnerUp > 1e-3 {   // a near tie may go either way in single precision
                #expect(decoded.labels == best.path.map { c.labels[$0] }, "Viterbi path, \(c)")
            }
            #expect(abs(decoded.logProbability - (best.score - logZ)) < 1e-3 * max(1, abs(logZ)), "log P, \(c)")
            for t in 0..<c.tokens {
                let k = c.labels.firstIndex(of: decoded.labels[t])!
                let mass = sequences.filter { $0.path[t] == k }.map { exp($0.score - logZ) }.reduce(0, +)
                #expect(abs(Double(decoded.confidence[t]) - mass) < 1e-3, "confidence at \(t), \(c)")
            }
            // Deferred, the labels and their probability come at once and the confidence, the
            // same to the bit, when completed; an input made for another intent and re-keyed
            // decodes as one made for this intent.
            var deferred = tagger.decode(tokens: tokens, spans: [], intentKey: intentKey, graph: graph, mode: .deferredConfidence)
            #expect(deferred.labels == decoded.labels && deferred.logProbability == decoded.logProbability)
            #expect(deferred.confidence.isEmpty)
            tagger.completeConfidence(&deferred, graph: graph)
            #expect(deferred.confidence == decoded.confidence)
            var input = tagger.input(tokens: tokens, spans: [], intentKey: intentKey &+ 1)
            let rekeyed = tagger.decode(&input, intentKey: intentKey, graph: graph)
            #expect(rekeyed.labels == decoded.labels && rekeyed.logProbability == decoded.logProbability)
            #expect(rekeyed.confidence == decoded.confidence)
        }
    }

    /// A tagger with exactly these weights, transitions and permitted pairs, read from the
    /// layout ``SlotTagger/write(to:)`` writes.
    static func tagger(_ c: Case, rows: [UInt32: [(label: Int32, weight: Float)]]) throws -> SlotTagger {
        let keys = rows.keys.sorted()
        var w = BinaryWriter()
        w.write(c.labelCount)
        w.write(keys.count)
        var header: [UInt8] = [], labelBytes: [UInt8] = [], weights: [Float] = []
        for key in keys {
            withUnsafeBytes(of: key.littleEndian) { header.append(contentsOf: $0) }
            withUnsafeBytes(of: UInt16(rows[key]!.count).littleEndian) { header.append(contentsOf: $0) }
            for cell in rows[key]! {
                withUnsafeBytes(of: UInt16(cell.label).littleEndian) { labelBytes.append(contentsOf: $0) }
                weights.append(cell.weight)
            }
        }
        w.write(bytes: header)
        w.write(bytes: labelBytes)
        WeightCoding.write(weights, precision: .float16, width: 1, to: &w)
        w.write(c.transitions)
        w.write(c.start)
        let bits = c.permitted.bits
        w.write(bits.map { Int($0 >> 32) } + bits.map { Int($0 & 0xFFFF_FFFF) })
        w.write([Float]())
        var r = BinaryReader(w.bytes)
        return try SlotTagger(reading: &r, layout: .half)
    }
}

extension SeededGenerator {
    /// Uniform in [-1, 1).
    fileprivate mutating func uniform() -> Float { unit() * 2 - 1 }
}
