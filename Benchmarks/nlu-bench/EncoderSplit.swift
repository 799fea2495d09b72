import Dispatch
import Foundation
import SkillNLU

#if canImport(Glibc)
import Glibc
#endif

/// `nlu-bench speed --encoder-split`: where the auto tier's p50 above the fast tier's comes from.
///
/// With a share `e` of utterances running the encoder (milliseconds each), the auto tier's p50
/// over all utterances is the `50 / (1 − e)`-th percentile `q` of the others (`N`), where the
/// auto tier does no more than the fast tier. So `auto p50 − fast p50` splits exactly into
/// - the percentile: `fast q(N) − fast p50`, the same fast-tier latencies read further up;
/// - the time: `wait q(N) − fast q(N)`, where *wait* is the fast tier that, after each utterance
///   the auto tier sends to the encoder, spins for as long as that utterance's encoder pass took
///   (reading the clock only): what the caches lose while the thread is away from the tables
///   for milliseconds, whatever it does;
/// - the encoder's own reads: `auto q(N) − wait q(N)`.
/// The three are timed in rotating order, pass by pass, so the machine's load falls on all alike.
/// The utterances right after an encoder pass are also shown alone, split by whether the thread
/// was switched out meanwhile (another process on the core evicts the caches too).
struct EncoderSplit {
    /// Per-utterance wall and thread-CPU seconds of one pass, in text order, and whether the
    /// thread was switched out between the start of the call before and the end of this one.
    struct Pass { var wall: [Double] = []; var cpu: [Double] = []; var switched: [Bool] = [] }

    let texts: [String]
    let nlu: NLUModel
    let context: ClassificationContext

    func run(repeats: Int) {
        guard nlu.contextualHead != nil else {
            BenchOutput.line("encoder split: the model has no contextual head, so the auto tier is the fast tier")
            return
        }
        var auto = context
        auto.tier = .auto
        var fast = context
        fast.tier = .fast
        let ran = texts.map { nlu.classifyExplained($0, context: auto).explanation.contextual != nil }
        let share = Double(ran.filter { $0 }.count) / Double(max(1, texts.count))
        let others = texts.indices.filter { !ran[$0] }
        let afterPass = others.filter { $0 > 0 && ran[$0 - 1] }

        // A warm auto pass gives each encoder pass's duration, for the wait to match.
        let warm = Self.pass(texts, after: { _ in }) { _ = nlu.classify($0, context: auto) }
        let waits = texts.indices.map { ran[$0] ? UInt64(warm.wall[$0] * 1e9) : 0 }
        let wait: (Int) -> Void = { i in
            guard waits[i] > 0 else { return }
            let start = DispatchTime.now().uptimeNanoseconds
            while DispatchTime.now().uptimeNanoseconds - start < waits[i] {}
        }
        var passes: [String: [Pass]] = ["fast": [], "wait": [], "auto": []]
        let order = ["fast", "wait", "auto"]
        for round in 0..<max(1, repeats) {
            for k in 0..<order.count {
                let name = order[(k + round) % order.count]
                switch name {
                case "fast": passes[name]!.append(Self.pass(texts, after: { _ in }) { _ = nlu.classify($0, context: fast) })
                case "wait": passes[name]!.append(Self.pass(texts, after: wait) { _ = nlu.classify($0, context: fast) })
                default: passes[name]!.append(Self.pass(texts, after: { _ in }) { _ = nlu.classify($0, context: auto) })
                }
            }
        }
        let q = 0.5 / max(0.01, 1 - share)
        func us(_ s: Double) -> String { String(format: "%.1f", s * 1e6) }
        BenchOutput.line(String(format: "encoder split: %d utterances, encoder on %.1f %% (others' percentile for the auto p50: p%.1f), %d passes of each",
                                texts.count, 100 * share, 100 * q, max(1, repeats)))
        for (name, read) in [("wall", { (p: Pass) in p.wall }), ("cpu", { (p: Pass) in p.cpu })] {
            func pick(_ tier: String, _ indices: [Int], switched: Bool? = nil) -> [Double] {
                passes[tier]!.flatMap { p in
                    indices.filter { switched == nil || p.switched[$0] == switched }.map { read(p)[$0] }
                }
            }
            let all = Array(texts.indices)
            let fastAll = Self.quantile(pick("fast", all), 0.5), autoAll = Self.quantile(pick("auto", all), 0.5)
            let fastQ = Self.quantile(pick("fast", others), q), waitQ = Self.quantile(pick("wait", others), q)
            let autoQ = Self.quantile(pick("auto", others), q)
            BenchOutput.line("  \(name) µs: p50 fast \(us(fastAll)) auto \(us(autoAll)); "
                             + String(format: "p%.0f", 100 * q) + " without the encoder: fast \(us(fastQ)) wait \(us(waitQ)) auto \(us(autoQ))")
            BenchOutput.line("    auto − fast \(us(autoAll - fastAll)) = percentile \(us(fastQ - fastAll)) + time \(us(waitQ - fastQ)) + encoder's reads \(us(autoQ - waitQ))")
            let line = order.map { tier in
                let calm = pick(tier, afterPass, switched: false)
                return "\(tier) \(us(Self.quantile(pick(tier, afterPass), 0.5))) (not switched out: \(us(Self.quantile(calm, 0.5))), \(calm.count))"
            }
            BenchOutput.line("    p50 of the \(afterPass.count) right after an encoder pass: " + line.joined(separator: ", "))
        }
    }

    /// One pass over `texts`, each call timed, `after` run untimed after each.
    static func pass(_ texts: [String], after: (Int) -> Void, _ body: (String) -> Void) -> Pass {
        var pass = Pass()
        pass.wall.reserveCapacity(texts.count)
        pass.cpu.reserveCapacity(texts.count)
        var previousStart = switches()
        for (i, t) in texts.enumerated() {
            let start = switches()
            let c = Speed.threadCPUNanoseconds()
            let a = DispatchTime.now().uptimeNanoseconds
            body(t)
            pass.wall.append(Double(DispatchTime.now().uptimeNanoseconds - a) / 1e9)
            pass.cpu.append(Double(Speed.threadCPUNanoseconds() - c) / 1e9)
            pass.switched.append(switches() != previousStart)
            previousStart = start
            after(i)
        }
        return pass
    }

    /// This thread's context switches so far, voluntary or not (0 where not counted).
    static func switches() -> Int {
        #if canImport(Glibc)
        var usage = rusage()
        getrusage(1, &usage)   // RUSAGE_THREAD (Linux), which Glibc's module does not export
        return usage.ru_nvcsw + usage.ru_nivcsw
        #else
        return 0
        #endif
    }

    /// The `p`-th quantile of `values` as ``Speed/latencies(_:repeats:_:)`` reads it.
    static func quantile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
}
