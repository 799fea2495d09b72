import ArgumentParser
import BuiltInValues
import CommandLineSupport
import Dispatch
import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

#if canImport(Glibc)
import Glibc
#endif

/// `nlu-bench speed`: training time, model size, load time, latency distributions, throughput
/// with all cores, peak memory, and BLAS against a plain loop for the same matrix product.
struct Speed: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure training time, model size, load time, latency, throughput and memory.",
        discussion: """
        Latency is measured one utterance at a time on one thread, warm, over the test split
        repeated; figures are distributions (p50, p99, max), never pass/fail. Training uses
        BLAS's threads; from then on BLAS is held to one thread, so latency is one thread's.

        Example:
          nlu-bench speed --dataset ../shared/datasets/snips --json snips-speed.json
        """)

    @Option(help: "Data set folder.") var dataset: String
    @Option(help: "Interaction model file in the data set folder.") var model = "interaction-model.json"
    @Option(help: "Passes over the test utterances for latency.") var repeats = 5
    @Option(help: "Write the figures as JSON here.") var json: String?
    @Option(name: .customLong("model-file"), help: ArgumentHelp(
        "A model file written by nlu-train: measured instead of training one (training time is then not reported).",
        valueName: "file"))
    var modelFile: String?
    @Option(help: ArgumentHelp("Train a contextual head over this shipped sentence encoder (en) and time each tier.", valueName: "name"))
    var contextualHead: String?
    @Option(help: ArgumentHelp("The auto tier's confidence under which the encoder runs.", valueName: "p"))
    var autoConfidence: Float?
    @Option(help: ArgumentHelp("Time this tier only (fast, auto, accurate): the latency rows classify in it, and the tier table has its row alone (for a profiler).", valueName: "tier"))
    var tier: ClassificationContext.Tier?
    @Flag(help: ArgumentHelp("Only split the auto tier's p50 above the fast tier's into the percentile, the time the encoder's passes keep the thread from the tables, and the encoder's own reads, timing the tiers in rotating passes over the test split (a model with a contextual head).", visibility: .hidden))
    var encoderSplit = false

    func run() throws {
        let ds = try Dataset(directory: URL(fileURLWithPath: dataset))
        let interactionModel = try Importer.decode(Data(contentsOf: ds.modelURL(model)))
        var start = Date()
        // The encoder is read once per process; its first reading is what a cold start pays.
        let encoderLoad = contextualHead.map { name -> Double in
            let t = Date()
            _ = SentenceEncoder.bundled(named: name)
            return Date().timeIntervalSince(t)
        }
        start = Date()
        var trainingOptions = TrainingOptions()
        trainingOptions.contextualHead = contextualHead
        let cpuBefore = Self.cpuSeconds()
        let nlu = try modelFile.map { try NLUModel(contentsOf: URL(fileURLWithPath: $0)) }
            ?? NLUModel.train(from: interactionModel, options: trainingOptions)
        let trainSeconds = modelFile == nil ? Date().timeIntervalSince(start) : 0
        let trainCPU = modelFile == nil ? Self.cpuSeconds() - cpuBefore : 0
        // The fast tier's training alone, timed apart from the head's, which is reported beside it.
        let fastTier = modelFile == nil && nlu.contextualHead != nil
            ? try Self.timedTraining(interactionModel, options: { var o = trainingOptions; o.contextualHead = "none"; return o }())
            : nil

        // Training keeps BLAS's threads (its figures are the cores'); everything timed after it
        // is one thread's, BLAS included, whatever OPENBLAS_NUM_THREADS says.
        let trainingThreads = BLAS.threads
        BLAS.limitThreads(to: 1)
        if encoderSplit {
            var context = ClassificationContext()
            context.fillSlots = false
            if let autoConfidence { context.autoTierConfidence = autoConfidence }
            EncoderSplit(texts: try ds.split("test").map(\.text), nlu: nlu, context: context).run(repeats: repeats)
            return
        }

        let bytes = nlu.fileBytes()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nlu-bench-\(getpid()).nlu")
        try nlu.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var loads: [Double] = []
        var loadCPU: [Double] = []
        for _ in 0..<5 {
            start = Date()
            let cpu = Self.cpuSeconds()
            _ = try NLUModel(contentsOf: url)
            loads.append(Date().timeIntervalSince(start))
            loadCPU.append(Self.cpuSeconds() - cpu)
        }
        do {
            let encoded = try JSONEncoder().encode(interactionModel)
            var t = Date()
            let decoded = try JSONDecoder().decode(InteractionModel.self, from: encoded)
            let jsonMs = Date().timeIntervalSince(t) * 1000
            t = Date()
            let schema = SkillSchema(model: decoded, tokenizer: Tokenizer(locale: decoded.locale))
            let schemaMs = Date().timeIntervalSince(t) * 1000
            t = Date()
            _ = SpanFinder(schema: schema)
            let finderMs = Date().timeIntervalSince(t) * 1000
            t = Date()
            _ = ExactMatcher(schema: schema)
            let matcherMs = Date().timeIntervalSince(t) * 1000
            BenchOutput.line(String(format: "  load parts: JSON %.1f ms, schema %.1f ms, span finder %.1f ms, exact matcher %.1f ms", jsonMs, schemaMs, finderMs, matcherMs))
        }
        let texts = try ds.split("test").map(\.text)
        var intentOnly = ClassificationContext()
        intentOnly.fillSlots = false
        if let tier { intentOnly.tier = tier }
        let withSlots = { var c = intentOnly; c.fillSlots = true; return c }()
        // The first answer of a model just loaded: what loading leaves to first use.
        var firstAnswers: [Double] = []
        for text in texts.prefix(5) {
            let fresh = try NLUModel(contentsOf: url)
            let started = Date()
            _ = fresh.classify(text, context: withSlots)
            firstAnswers.append(Date().timeIntervalSince(started))
        }
        for t in texts.prefix(200) { _ = nlu.classify(t, context: withSlots) }   // warm up
        let latencyIntent = Self.latencies(texts, repeats: repeats) { _ = nlu.classify($0, context: intentOnly) }
        let latencySlots = Self.latencies(texts, repeats: repeats) { _ = nlu.classify($0, context: withSlots) }
        // The same work timed as peers.py times the peers, so that ratios compare like with like.
        let bestIntent = Self.bestOfLatencies(texts) { _ = nlu.classify($0, context: intentOnly) }
        let bestSlots = Self.bestOfLatencies(texts) { _ = nlu.classify($0, context: withSlots) }

        // Throughput: all cores, the test set repeated.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let all = Array(repeating: texts, count: repeats).flatMap { $0 }
        start = Date()
        DispatchQueue.concurrentPerform(iterations: cores) { worker in
            var i = worker
            while i < all.count {
                _ = nlu.classify(all[i], context: withSlots)
                i += cores
            }
        }
        let throughput = Double(all.count) / Date().timeIntervalSince(start)
        let blas = MatrixBench.run(rows: 256, inner: nlu.classifierDimension, columns: nlu.intentNames.count)
        let peak = Self.peakResidentMegabytes()

        func us(_ s: Double) -> Double { s * 1e6 }
        BenchOutput.line("\(ds.name) (\(model)): speed")
        if let modelFile {
            BenchOutput.line("  training not measured: model read from \(modelFile)")
        } else {
            BenchOutput.line(String(format: "  training CPU time %.1f s (all threads)", trainCPU))
        }
        if let fastTier {
            BenchOutput.line(String(format: "  fast tier alone: training %.1f s, CPU %.1f s; the contextual head adds %.1f s",
                                    fastTier.wall, fastTier.cpu, trainSeconds - fastTier.wall))
        }
        BenchOutput.line(String(format: "  training %.1f s, model file %.2f MB, load %.1f ms wall / %.1f ms CPU (median of 5), first answer %.2f ms",
                     trainSeconds, Double(bytes.count) / 1_000_000, Self.median(loads) * 1000, Self.median(loadCPU) * 1000,
                     Self.median(firstAnswers) * 1000))
        BenchOutput.line("  file parts: " + nlu.fileSizeBreakdown.map { String(format: "%@ %.2f MB", $0.part, Double($0.bytes) / 1_000_000) }
            .joined(separator: ", "))
        BenchOutput.line("  BLAS threads: \(trainingThreads) for training, \(BLAS.threads) for latency")
        BenchOutput.line(String(format: "  latency intent only: p50 %.1f µs  p99 %.1f µs  max %.1f µs  (thread CPU time p50 %.1f µs)",
                     us(latencyIntent.p50), us(latencyIntent.p99), us(latencyIntent.max), us(latencyIntent.cpuP50)))
        BenchOutput.line(String(format: "  latency with slots:  p50 %.1f µs  p99 %.1f µs  max %.1f µs  (thread CPU time p50 %.1f µs)",
                     us(latencySlots.p50), us(latencySlots.p99), us(latencySlots.max), us(latencySlots.cpuP50)))
        BenchOutput.line(String(format: "  best of %d per utterance (first %d, as the peers): intent p50 %.1f µs  p99 %.1f µs; with slots p50 %.1f µs  p99 %.1f µs",
                     bestSlots.rounds, bestSlots.utterances, us(bestIntent.p50), us(bestIntent.p99), us(bestSlots.p50), us(bestSlots.p99)))
        var tierRows: [[String: Any]] = []
        if nlu.contextualHead != nil {
            if let encoderLoad { BenchOutput.line(String(format: "  sentence encoder first read %.1f ms", encoderLoad * 1000)) }
            for tier in tier.map({ [$0] }) ?? ClassificationContext.Tier.allCases {
                var context = intentOnly
                context.tier = tier
                if let autoConfidence { context.autoTierConfidence = autoConfidence }
                // Warm, as the rows above: the throughput run and the matrix bench just before
                // leave other data in the caches, which one cold pass would charge to the tier.
                for t in texts.prefix(200) { _ = nlu.classify(t, context: context) }
                let d = Self.latencies(texts, repeats: 1) { _ = nlu.classify($0, context: context) }
                let ran = texts.filter { nlu.classifyExplained($0, context: context).explanation.contextual != nil }.count
                // The same tier with slots: the latency bars are the fast tier's.
                var slotsContext = withSlots
                slotsContext.tier = tier
                if let autoConfidence { slotsContext.autoTierConfidence = autoConfidence }
                for t in texts.prefix(200) { _ = nlu.classify(t, context: slotsContext) }
                let s = Self.latencies(texts, repeats: 1) { _ = nlu.classify($0, context: slotsContext) }
                BenchOutput.line(String(format: "  tier %@ intent only: p50 %.1f µs  p99 %.1f µs  max %.1f µs  (thread CPU time p50 %.1f µs); encoder ran on %.1f %%",
                                        tier.rawValue, us(d.p50), us(d.p99), us(d.max), us(d.cpuP50),
                                        100 * Double(ran) / Double(max(1, texts.count))))
                BenchOutput.line(String(format: "  tier %@ with slots:  p50 %.1f µs  p99 %.1f µs  max %.1f µs  (thread CPU time p50 %.1f µs)",
                                        tier.rawValue, us(s.p50), us(s.p99), us(s.max), us(s.cpuP50)))
                tierRows.append(["tier": tier.rawValue, "p50": us(d.p50), "p99": us(d.p99), "max": us(d.max), "cpu_p50": us(d.cpuP50),
                                 "encoder_share": Double(ran) / Double(max(1, texts.count)),
                                 "slots_p50": us(s.p50), "slots_p99": us(s.p99), "slots_max": us(s.max)])
            }
        }
        BenchOutput.line(String(format: "  throughput with slots, %d threads: %.0f utterances/s", cores, throughput))
        BenchOutput.line(String(format: "  matrix product %d×%d·%d×%d: BLAS %.1f µs, plain loop %.1f µs (BLAS %.1f× faster)",
                     blas.rows, blas.inner, blas.inner, blas.columns, blas.blasMicros, blas.loopMicros,
                     blas.loopMicros / blas.blasMicros))
        BenchOutput.line(String(format: "  peak resident memory %.0f MB", peak))
        if let json {
            var object: [String: Any] = [
                "dataset": ds.name, "model": model, "train_seconds": trainSeconds, "train_cpu_seconds": trainCPU,
                "model_bytes": bytes.count,
                "model_section_bytes": nlu.fileSizeBreakdown.map { ["part": $0.part, "bytes": $0.bytes] as [String: Any] },
                "shared_file_bytes": ModelFileParts.sharedFiles(of: nlu).map { ["part": $0.part, "bytes": $0.bytes] as [String: Any] },
                "load_ms": Self.median(loads) * 1000, "load_cpu_ms": Self.median(loadCPU) * 1000,
                "first_answer_ms": Self.median(firstAnswers) * 1000,
                "latency_intent_us": ["p50": us(latencyIntent.p50), "p99": us(latencyIntent.p99), "max": us(latencyIntent.max),
                                      "cpu_p50": us(latencyIntent.cpuP50)],
                "latency_slots_us": ["p50": us(latencySlots.p50), "p99": us(latencySlots.p99), "max": us(latencySlots.max),
                                     "cpu_p50": us(latencySlots.cpuP50)],
                "latency_intent_best_us": ["p50": us(bestIntent.p50), "p99": us(bestIntent.p99), "max": us(bestIntent.max),
                                           "utterances": bestIntent.utterances, "rounds": bestIntent.rounds],
                "latency_slots_best_us": ["p50": us(bestSlots.p50), "p99": us(bestSlots.p99), "max": us(bestSlots.max),
                                          "utterances": bestSlots.utterances, "rounds": bestSlots.rounds],
                "throughput_per_s": throughput, "threads": cores, "peak_rss_mb": peak,
                "blas_threads": ["training": trainingThreads, "latency": BLAS.threads],
                "blas": ["rows": blas.rows, "inner": blas.inner, "columns": blas.columns,
                         "blas_us": blas.blasMicros, "loop_us": blas.loopMicros],
            ]
            if !tierRows.isEmpty { object["latency_tiers_us"] = tierRows }
            if let fastTier {
                object["train_fast_seconds"] = fastTier.wall
                object["train_fast_cpu_seconds"] = fastTier.cpu
            }
            try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
                .write(to: URL(fileURLWithPath: json))
        }
    }

    /// Wall-clock latency (what a user waits for), and the median of the thread's CPU
    /// time per call: on a machine shared with other work, wall time also counts the time the
    /// thread waited for a core, CPU time does not.
    struct Distribution { var p50: Double; var p99: Double; var max: Double; var cpuP50: Double }

    static func latencies(_ texts: [String], repeats: Int, _ body: (String) -> Void) -> Distribution {
        var samples: [Double] = []
        var cpu: [Double] = []
        samples.reserveCapacity(texts.count * repeats)
        cpu.reserveCapacity(texts.count * repeats)
        for _ in 0..<repeats {
            for t in texts {
                let c = threadCPUNanoseconds()
                let a = DispatchTime.now().uptimeNanoseconds
                body(t)
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - a) / 1e9)
                cpu.append(Double(threadCPUNanoseconds() - c) / 1e9)
            }
        }
        samples.sort()
        cpu.sort()
        func q(_ p: Double) -> Double { samples[min(samples.count - 1, Int(Double(samples.count) * p))] }
        return Distribution(p50: q(0.5), p99: q(0.99), max: samples.last ?? 0, cpuP50: cpu.isEmpty ? 0 : cpu[cpu.count / 2])
    }

    static func threadCPUNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    struct BestOf { var p50: Double; var p99: Double; var max: Double; var utterances: Int; var rounds: Int }

    /// Latency as Benchmarks/peers/peerkit/timing.py measures the peers: 20 warm-up calls, then
    /// the first `sample` utterances each called `rounds` times, keeping each one's fastest call
    /// (on a shared machine the fastest call is the engine's own cost), nearest-rank percentiles.
    static func bestOfLatencies(_ texts: [String], warmup: Int = 20, rounds: Int = 3, sample: Int = 1000,
                                _ body: (String) -> Void) -> BestOf {
        for t in texts.prefix(warmup) { body(t) }
        let timed = Array(texts.prefix(sample))
        var best = [Double](repeating: .infinity, count: timed.count)
        for _ in 0..<rounds {
            for (i, t) in timed.enumerated() {
                let a = DispatchTime.now().uptimeNanoseconds
                body(t)
                best[i] = min(best[i], Double(DispatchTime.now().uptimeNanoseconds - a) / 1e9)
            }
        }
        best.sort()
        func rank(_ p: Double) -> Double {
            guard !best.isEmpty else { return 0 }
            let r = max(1, Int((p * Double(best.count)).rounded(.up)))
            return best[min(r, best.count) - 1]
        }
        return BestOf(p50: rank(0.5), p99: rank(0.99), max: best.last ?? 0, utterances: timed.count, rounds: rounds)
    }

    static func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

    /// Wall and CPU seconds of one training with `options` (the model itself is not kept).
    static func timedTraining(_ model: InteractionModel, options: TrainingOptions) throws -> (wall: Double, cpu: Double) {
        let start = Date(), cpu = cpuSeconds()
        _ = try NLUModel.train(from: model, options: options)
        return (Date().timeIntervalSince(start), cpuSeconds() - cpu)
    }

    /// User plus system CPU time of this process so far: unlike wall time, it does not grow
    /// when other work shares the machine.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    static func peakResidentMegabytes() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024   // kilobytes on Linux
    }
}

/// The classifier's batched output product (utterance vectors × output weights), done by BLAS
/// and by a plain Swift triple loop, so the gain is a measured ratio.
enum MatrixBench {
    struct Result { var rows: Int; var inner: Int; var columns: Int; var blasMicros: Double; var loopMicros: Double }

    static func run(rows: Int, inner: Int, columns: Int) -> Result {
        var rng = SeededGenerator(seed: 1)
        let a = (0..<(rows * inner)).map { _ in rng.unit() - 0.5 }
        let b = (0..<(columns * inner)).map { _ in rng.unit() - 0.5 }
        var c = [Float](repeating: 0, count: rows * columns)
        var d = c
        func best(_ body: () -> Void) -> Double {
            var times: [Double] = []
            for _ in 0..<20 {
                let t = DispatchTime.now().uptimeNanoseconds
                body()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t) / 1000)
            }
            return times.sorted()[times.count / 2]
        }
        let blas = best {
            a.withUnsafeBufferPointer { ap in
                b.withUnsafeBufferPointer { bp in
                    c.withUnsafeMutableBufferPointer { cp in
                        BLAS.gemm(transB: true, m: rows, n: columns, k: inner, a: ap.baseAddress!, lda: inner,
                                  b: bp.baseAddress!, ldb: inner, c: cp.baseAddress!, ldc: columns)
                    }
                }
            }
        }
        let loop = best {
            for i in 0..<rows {
                for j in 0..<columns {
                    var s: Float = 0
                    for k in 0..<inner { s += a[i * inner + k] * b[j * inner + k] }
                    d[i * columns + j] = s
                }
            }
        }
        // Same answer both ways (guards against measuring a no-op).
        precondition(zip(c, d).allSatisfy { abs($0 - $1) < 1e-3 }, "BLAS and loop disagree")
        return Result(rows: rows, inner: inner, columns: columns, blasMicros: blas, loopMicros: loop)
    }
}

/// Development aid: loads a model file repeatedly so a profiler sees where loading spends time.
struct LoadProfile: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "load-profile", abstract: "Load a model file N times.")
    @Argument var file: String
    @Option var times = 5
    @Option(help: "Classify this jsonl split's utterances `times` times instead of loading.") var classify: String?
    @Flag(help: "With --classify: print each result once, as JSON with full-precision confidences (to check that a change keeps every answer).")
    var dump = false
    @Option(help: ArgumentHelp("With --classify: the tier to classify in (fast, auto, accurate).", valueName: "tier"))
    var tier: ClassificationContext.Tier = .auto
    @Flag(help: "With --classify: ask for the slots' confidence (ClassificationContext.slotConfidence), as before it became opt-in; without it a dump shows every slot's confidence as 1.")
    var slotConfidence = false
    @Option(help: "Load the file once and write it again here, in the current format.") var rewrite: String?
    @Option(help: ArgumentHelp("Print the first load's time, the median of the others, and the first classification of this text (fast tier, then auto) after a fresh load.", valueName: "text"))
    var timeWith: String?
    func run() throws {
        if let timeWith { return try timeLoads(firstText: timeWith) }
        if let rewrite {
            try NLUModel(contentsOf: URL(fileURLWithPath: file)).write(to: URL(fileURLWithPath: rewrite))
            return
        }
        if let classify {
            let nlu = try NLUModel(contentsOf: URL(fileURLWithPath: file))
            let texts = try String(contentsOfFile: classify, encoding: .utf8).split(separator: "\n").map {
                try JSONDecoder().decode(LabeledUtterance.self, from: Data($0.utf8)).text
            }
            if dump {
                var context = ClassificationContext(referenceDate: Date(timeIntervalSince1970: 1_795_219_200),
                                                    timeZone: TimeZone(identifier: "UTC")!, topK: 5)
                context.slotConfidence = slotConfidence
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                for t in texts { BenchOutput.line(String(decoding: try encoder.encode(nlu.classify(t, context: context)), as: UTF8.self)) }
                return
            }
            var context = ClassificationContext()
            context.tier = tier
            context.slotConfidence = slotConfidence
            for _ in 0..<times { for t in texts { _ = nlu.classify(t, context: context) } }
            return
        }
        for _ in 0..<times { _ = try NLUModel(contentsOf: URL(fileURLWithPath: file)) }
    }

    /// Loads `times` + 1 times (the first pays what a process pays once, such as the sentence
    /// encoder's digest), then classifies `firstText` in the fast tier on a loaded model (what a
    /// process pays once, such as the value parsers' tables), and on a model loaded after that:
    /// its first classification in the fast tier, again, and then in the auto tier (which reads
    /// the encoder the first time it runs); then, on a model loaded after that and not yet asked,
    /// its first ``NLUModel/interactionModel`` (decoded then from a file with a schema outline)
    /// and again.
    private func timeLoads(firstText: String) throws {
        let url = URL(fileURLWithPath: file)
        func timed<T>(_ body: () throws -> T) rethrows -> (T, wall: Double, cpu: Double) {
            let start = Date(), cpu = Speed.threadCPUNanoseconds()
            let value = try body()
            return (value, Date().timeIntervalSince(start) * 1e6, Double(Speed.threadCPUNanoseconds() - cpu) / 1e3)
        }
        let first = try timed { try NLUModel(contentsOf: url) }
        var walls: [Double] = [], cpus: [Double] = []
        for _ in 0..<max(1, times) {
            let t = try timed { try NLUModel(contentsOf: url) }
            walls.append(t.wall / 1000)
            cpus.append(t.cpu / 1000)
        }
        var fast = ClassificationContext()
        fast.tier = .fast
        let inProcess = timed { first.0.classify(firstText, context: fast) }
        let model = try NLUModel(contentsOf: url)
        let fastFirst = timed { model.classify(firstText, context: fast) }
        let fastAgain = timed { model.classify(firstText, context: fast) }
        let autoFirst = timed { model.classify(firstText) }
        // A loaded file decodes its interaction model the first time something asks for it.
        let unasked = try NLUModel(contentsOf: url)
        let modelFirst = timed { unasked.interactionModel.languageModel.intents.count }
        let modelAgain = timed { unasked.interactionModel.languageModel.intents.count }
        BenchOutput.line(String(format: "load: first %.1f ms wall / %.1f ms CPU; median of %d more %.1f ms wall / %.1f ms CPU",
                                first.wall / 1000, first.cpu / 1000, walls.count, Speed.median(walls), Speed.median(cpus)))
        BenchOutput.line(String(format: "classify, µs wall / CPU: first in the process %.0f / %.0f; after another load: fast %.0f / %.0f, again %.0f / %.0f, then auto %.0f / %.0f",
                                inProcess.wall, inProcess.cpu, fastFirst.wall, fastFirst.cpu, fastAgain.wall, fastAgain.cpu,
                                autoFirst.wall, autoFirst.cpu))
        BenchOutput.line(String(format: "interactionModel, µs wall / CPU: first %.0f / %.0f, again %.0f / %.0f",
                                modelFirst.wall, modelFirst.cpu, modelAgain.wall, modelAgain.cpu))
    }
}
