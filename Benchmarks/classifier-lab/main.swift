// classifier-lab: a development harness for the intent classifier (not part of the tests).
//
// Trains an IntentClassifier on one of the benchmark data sets, either on the annotated
// train split or on utterances generated from the interaction model's samples (slot
// references filled with random values of the slot's type), and reports dev accuracy, model
// size, training time and single-utterance latency. Settings are chosen on dev; the test
// split is scored only with --test.
//
//   classifier-lab snips [--generated N] [--test] [--calibrate] [key=value ...]
//   keys: dim buckets word char (e.g. 3-5 or none) hidden act epochs lr opt batch l2 drop
//         smooth seed precision linear mincount
import BuiltInValues
import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

struct Utterance { var text: String; var label: String; var slots: [(name: String, start: Int, end: Int)] = [] }

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("classifier-lab: \(message)\n".utf8))
    exit(64)
}

func sharedRoot() -> URL {
    if let env = ProcessInfo.processInfo.environment["SKILLNLU_SHARED"] { return URL(fileURLWithPath: env) }
    let here = URL(fileURLWithPath: #filePath)   // <root>/Benchmarks/classifier-lab/main.swift
    return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared")
}

func readJSONL(_ url: URL) -> [Utterance] {
    guard let text = try? String(contentsOf: url, encoding: .utf8) else { fail("cannot read \(url.path)") }
    return text.split(separator: "\n").compactMap { line in
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let t = object["text"] as? String, let i = object["intent"] as? String else { return nil }
        let slots = (object["slots"] as? [[String: Any]] ?? []).compactMap { s -> (String, Int, Int)? in
            guard let n = s["slot"] as? String, let a = s["start"] as? Int, let b = s["end"] as? Int else { return nil }
            return (n, a, b)
        }
        return Utterance(text: t, label: i, slots: slots)
    }
}

// MARK: Arguments

var arguments = Array(CommandLine.arguments.dropFirst())
guard let datasetName = arguments.first else { fail("give a data set name (snips, clinc150)") }
arguments.removeFirst()
var generatedFillings = 0
var scoreTest = false
var calibrate = false
var showErrors = false
/// Simulates the real pipeline on SNIPS with a larger evaluation set: templates and slot
/// values from 80 % of train.jsonl, evaluation on the other 20 % plus dev.
var crossValidate = false
/// Extra carrier-only example per template: "empty" drops the values, "slot" puts the slot
/// name in their place, "" adds none.
var blankMode = ""
var cvAnnotated = false
var cvKept: [Utterance] = []
var modelFile = "interaction-model.json"
var repeats = 1
var options = IntentClassifierOptions()
var overrides: [(String, String)] = []
var useRecommended = false
/// Utterances exported by `nlu-bench export-training` (what the engine trains on), weighted
/// as the engine weighs them (∝ count^-½ per intent).
var trainFile: String?
/// Another evaluation file (a held-out fold of train), instead of dev.jsonl.
var evalFile: String?
var i = 0
while i < arguments.count {
    let a = arguments[i]
    switch a {
    case "--generated": generatedFillings = Int(arguments[i + 1]) ?? 3; i += 2; continue
    case "--test": scoreTest = true
    case "--train-file": trainFile = arguments[i + 1]; i += 2; continue
    case "--eval-file": evalFile = arguments[i + 1]; i += 2; continue
    case "--calibrate": calibrate = true
    case "--errors": showErrors = true
    case "--cv": crossValidate = true
    case "--cv-annotated": crossValidate = true; cvAnnotated = true
    case "--blank": blankMode = arguments[i + 1]; i += 2; continue
    case "--model": modelFile = arguments[i + 1]; i += 2; continue
    case "--seeds": repeats = Int(arguments[i + 1]) ?? 1; i += 2; continue
    case "--recommended": useRecommended = true
    default:
        let kv = a.split(separator: "=", maxSplits: 1).map(String.init)
        guard kv.count == 2 else { fail("unknown argument \(a)") }
        overrides.append((kv[0], kv[1]))
    }
    i += 1
}

func apply(_ overrides: [(String, String)], to options: inout IntentClassifierOptions) {
    for (k, v) in overrides {
        switch k {
        case "dim": options.dimension = Int(v)!
        case "buckets": options.buckets = Int(v)!
        case "word": options.wordNgrams = Int(v)!
        case "char":
            if v == "none" { options.charNgrams = nil } else {
                let p = v.split(separator: "-").map { Int($0)! }
                options.charNgrams = p[0]...p[1]
            }
        case "hidden": options.hiddenLayer = v == "none" ? nil : Int(v)!
        case "act": options.activation = .init(rawValue: v)!
        case "epochs": options.epochs = Int(v)!
        case "lr": options.learningRate = Float(v)!
        case "opt": options.optimizer = .init(rawValue: v)!
        case "batch": options.batchSize = Int(v)!
        case "l2": options.l2 = Float(v)!
        case "drop": options.featureDropout = Float(v)!
        case "smooth": options.labelSmoothing = Float(v)!
        case "seed": options.seed = UInt64(v)!
        case "precision": options.precision = .init(rawValue: v)!
        case "linear": options.linearFeatures = v == "0" ? .none : (v == "1" ? .all : .init(rawValue: v)!)
        case "mincount": options.minCount = Int(v)!
        case "avg": options.averaging = .init(rawValue: v)!
        default: fail("unknown option \(k)")
        }
    }
}
apply(overrides, to: &options)

// MARK: Data

let folder = sharedRoot().appendingPathComponent("datasets").appendingPathComponent(datasetName)
guard let modelData = try? Data(contentsOf: folder.appendingPathComponent(modelFile)) else {
    fail("no \(modelFile) in \(folder.path); set SKILLNLU_SHARED")
}
let model = try Importer.decode(modelData)
let intentMap = (try? JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("intent-map.json")))) as? [String: String] ?? [:]
let intentNames = model.languageModel.intents.map(\.name)
let labelNames = intentNames.map { intentMap[$0] ?? $0 }
var labelIndex: [String: Int] = [:]
for (k, name) in labelNames.enumerated() { labelIndex[name] = k }
let fallbackLabel = labelIndex[intentMap["AMAZON.FallbackIntent"] ?? "AMAZON.FallbackIntent"]

let tokenizer = Tokenizer(locale: "en-US")
var random = SystemRandomNumberGenerator()
struct LabRandom: RandomNumberGenerator {
    var s: UInt64
    mutating func next() -> UInt64 { s &+= 0x9E37_79B9_7F4A_7C15; var z = s; z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9; z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB; return z ^ (z >> 31) }
}

/// A few phrases for AMAZON.* intents that carry no samples in the data sets' models (the
/// real engine takes them from the importer's catalogue).
let builtInSamples: [String: [String]] = [
    "AMAZON.CancelIntent": ["cancel", "never mind", "forget it", "cancel that", "cancel it please"],
    "AMAZON.HelpIntent": ["help", "help me", "what can i say", "can you help me", "i need help"],
    "AMAZON.StopIntent": ["stop", "off", "shut up", "stop it", "quit", "be quiet"],
    "AMAZON.NavigateHomeIntent": ["go home", "navigate home", "go to the home screen", "exit to home"],
]

/// Where generated utterances come from: sample templates per label and slot values.
struct TemplateSource {
    var samples: [[String]]                 // per label
    var values: [[String: [String]]]        // per label: slot name → values
}

func modelSource() -> TemplateSource {
    var types: [String: [String]] = [:]
    for t in model.languageModel.types {
        types[t.name] = t.values.flatMap { [$0.name.value] + $0.name.synonyms }
    }
    var source = TemplateSource(samples: [], values: [])
    for intent in model.languageModel.intents {
        var samples = intent.samples
        if samples.isEmpty, let extra = builtInSamples[intent.name] { samples = extra }
        source.samples.append(samples)
        var v: [String: [String]] = [:]
        for slot in intent.slots { v[slot.name] = types[slot.type] ?? [] }
        source.values.append(v)
    }
    return source
}

/// Templates and values from the annotated utterances `from` (slot spans become `{slot}`).
@MainActor func annotatedSource(_ from: [Utterance]) -> TemplateSource {
    var samples = [[String]](repeating: [], count: intentNames.count)
    var seen = [Set<String>](repeating: [], count: intentNames.count)
    var values: [String: Set<String>] = [:]
    for u in from {
        guard let l = labelIndex[u.label] else { continue }
        let scalars = Array(u.text.unicodeScalars)
        var text = "", last = 0
        for slot in u.slots.sorted(by: { $0.start < $1.start }) where slot.start >= last && slot.end <= scalars.count {
            text += String(String.UnicodeScalarView(scalars[last..<slot.start])) + "{\(slot.name)}"
            values[slot.name, default: []].insert(String(String.UnicodeScalarView(scalars[slot.start..<slot.end])).lowercased())
            last = slot.end
        }
        text += String(String.UnicodeScalarView(scalars[last...]))
        text = text.lowercased()
        if seen[l].insert(text).inserted { samples[l].append(text) }
    }
    for (name, phrases) in builtInSamples { if let l = intentNames.firstIndex(of: name) { samples[l] = phrases } }
    let sortedValues = values.mapValues { $0.sorted() }
    return TemplateSource(samples: samples, values: Array(repeating: sortedValues, count: intentNames.count))
}

@MainActor func generate(_ source: TemplateSource, fillings: Int, seed: UInt64) -> [ClassifierExample] {
    var rng = LabRandom(s: seed)
    var examples: [ClassifierExample] = []
    for (label, samples) in source.samples.enumerated() {
        for sample in samples {
            let hasSlots = sample.contains("{")
            if hasSlots, !blankMode.isEmpty {
                var text = ""
                var rest = Substring(sample)
                while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                    text += rest[..<open]
                    if blankMode == "slot" { text += "slot" + rest[rest.index(after: open)..<close] }
                    rest = rest[rest.index(after: close)...]
                }
                text += rest
                examples.append(ClassifierExample(tokens: tokenizer.tokenize(text), label: label))
            }
            for _ in 0..<(hasSlots ? fillings : 1) {
                var text = ""
                var rest = Substring(sample)
                while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                    text += rest[..<open]
                    let name = String(rest[rest.index(after: open)..<close])
                    let values = source.values[label][name] ?? []
                    text += values.isEmpty ? name : values[Int(rng.next() % UInt64(values.count))]
                    rest = rest[rest.index(after: close)...]
                }
                text += rest
                examples.append(ClassifierExample(tokens: tokenizer.tokenize(text), label: label))
            }
        }
    }
    // Balance: every intent with examples weighs the same in total.
    var counts = [Int](repeating: 0, count: intentNames.count)
    for e in examples { counts[e.label] += 1 }
    let present = counts.filter { $0 > 0 }.count
    let mean = Float(examples.count) / Float(present)
    if ProcessInfo.processInfo.environment["LAB_NOBALANCE"] != nil { return examples }
    if let power = ProcessInfo.processInfo.environment["LAB_BALANCE_POWER"].flatMap(Float.init) {
        // Partial balancing: weight ∝ count^-power (0 = none, 1 = full).
        let w = examples.map { Foundation.pow(mean / Float(counts[$0.label]), power) }
        let scale = Float(examples.count) / w.reduce(0, +)
        return zip(examples, w).map { var e = $0; e.weight = $1 * scale; return e }
    }
    return examples.map { var e = $0; e.weight = mean / Float(counts[e.label]); return e }
}

var source = modelSource()
var cvHeldOut: [Utterance] = []
if crossValidate {
    let all = readJSONL(folder.appendingPathComponent("train.jsonl"))
    // A fixed fifth of train (by position) is held out; templates and values come from the rest.
    let kept = all.enumerated().filter { $0.offset % 5 != 0 }.map(\.element)
    cvHeldOut = all.enumerated().filter { $0.offset % 5 == 0 }.map(\.element)
    source = annotatedSource(kept)
    cvKept = kept
    if generatedFillings == 0, !cvAnnotated { generatedFillings = 3 }
}
@MainActor func generate(fillings: Int, seed: UInt64) -> [ClassifierExample] { generate(source, fillings: fillings, seed: seed) }

var trainExamples: [ClassifierExample] = []
if let trainFile {
    let rows = readJSONL(URL(fileURLWithPath: trainFile))
    var counts = [Int](repeating: 0, count: intentNames.count)
    let indexed = rows.compactMap { u -> ([Token], Int)? in
        guard let l = intentNames.firstIndex(of: u.label) else { return nil }
        counts[l] += 1
        return (tokenizer.tokenize(u.text), l)
    }
    let present = counts.filter { $0 > 0 }
    let mean = Float(present.reduce(0, +)) / Float(present.count)
    trainExamples = indexed.map { ClassifierExample(tokens: $0.0, label: $0.1, weight: (mean / Float(counts[$0.1])).squareRoot()) }
} else if generatedFillings > 0 {
    trainExamples = generate(fillings: generatedFillings, seed: 7)
} else {
    var ex = (cvAnnotated ? cvKept : readJSONL(folder.appendingPathComponent("train.jsonl"))).compactMap { u -> ClassifierExample? in
        guard let l = labelIndex[u.label] else { return nil }
        return ClassifierExample(tokens: tokenizer.tokenize(u.text), label: l)
    }
    for (name, phrases) in builtInSamples {
        guard let l = intentNames.firstIndex(of: name) else { continue }
        for p in phrases { ex.append(ClassifierExample(tokens: tokenizer.tokenize(p), label: l)) }
    }
    trainExamples = ex
}
let evalName = scoreTest ? "test" : "dev"
let evalSet = readJSONL(evalFile.map { URL(fileURLWithPath: $0) } ?? folder.appendingPathComponent("\(evalName).jsonl")) + cvHeldOut
let evalTokens = evalSet.map { tokenizer.tokenize($0.text) }
let evalLabels = evalSet.map { labelIndex[$0.label] ?? -1 }

// MARK: Run

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
/// CPU time of this thread: what training costs, whatever else the machine is doing.
func cpuNow() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

print("\(datasetName) \(generatedFillings > 0 ? "generated×\(generatedFillings) from \(modelFile)" : "annotated train") — \(trainExamples.count) examples, \(intentNames.count) labels; eval \(evalName) \(evalSet.count)")
if useRecommended {
    options = .recommended(labelCount: intentNames.count, exampleCount: trainExamples.count)
    apply(overrides, to: &options)
}
let json = String(decoding: try JSONEncoder().encode(options), as: UTF8.self)
print("options \(json)")

var accuracies: [Double] = []
/// With --ensemble, the probabilities of all runs so far are averaged.
let ensemble = ProcessInfo.processInfo.environment["LAB_ENSEMBLE"] != nil
var summed: [[Float]] = Array(repeating: [Float](repeating: 0, count: intentNames.count), count: evalTokens.count)
for r in 0..<repeats {
    var o = options
    o.seed = options.seed &+ UInt64(r)
    // LAB_ALT="key=value …": odd runs use these overrides too (an ensemble of two kinds of model).
    if r % 2 == 1, let alt = ProcessInfo.processInfo.environment["LAB_ALT"] {
        apply(alt.split(separator: " ").map { p in
            let kv = p.split(separator: "=", maxSplits: 1).map(String.init)
            return (kv[0], kv.count > 1 ? kv[1] : "")
        }, to: &o)
    }
    if generatedFillings > 0, r > 0, ProcessInfo.processInfo.environment["LAB_FIXGEN"] == nil { trainExamples = generate(fillings: generatedFillings, seed: 7 &+ UInt64(r)) }
    // With --calibrate, every tenth example is held out of training to fit the temperature.
    let fitting = calibrate ? trainExamples.enumerated().filter { $0.offset % 10 != 3 }.map(\.element) : trainExamples
    let held = calibrate ? trainExamples.enumerated().filter { $0.offset % 10 == 3 }.map(\.element) : []
    let t0 = now(), c0 = cpuNow()
    var classifier = try IntentClassifier.train(examples: fitting, labelCount: intentNames.count, options: o) { epoch, loss in
        if repeats == 1, ProcessInfo.processInfo.environment["LAB_VERBOSE"] != nil { print("  epoch \(epoch) loss \(loss)") }
    }
    let trainSeconds = Double(now() - t0) / 1e9
    let trainCPU = Double(cpuNow() - c0) / 1e9
    if calibrate {
        classifier = classifier.calibrated(heldOut: held)
        print("  temperature \(classifier.temperature)")
    }
    var writer = BinaryWriter()
    classifier.write(to: &writer)

    var correct = 0, inScope = 0, inScopeCorrect = 0, oos = 0, oosCaught = 0
    // LAB_PRIOR=α: logit adjustment towards the interaction model's sample counts per intent
    // (p ∝ p · (samples share / training weight share)^α).
    let priorPower = ProcessInfo.processInfo.environment["LAB_PRIOR"].flatMap(Float.init) ?? 0
    var adjustment = [Float](repeating: 1, count: intentNames.count)
    if priorPower != 0 {
        let samples = model.languageModel.intents.map { Float(max($0.samples.count, 5)) }
        var trained = [Float](repeating: 0, count: intentNames.count)
        for e in fitting { trained[e.label] += e.weight }
        let sTotal = samples.reduce(0, +), tTotal = trained.reduce(0, +)
        for j in adjustment.indices where trained[j] > 0 {
            adjustment[j] = Foundation.pow((samples[j] / sTotal) / (trained[j] / tTotal), priorPower)
        }
    }
    let predictions = evalTokens.indices.map { k -> (Int, Float) in
        var p = classifier.probabilities(evalTokens[k])
        if priorPower != 0 {
            for j in p.indices { p[j] *= adjustment[j] }
            let sum = p.reduce(0, +)
            for j in p.indices { p[j] /= sum }
        }
        if ensemble {
            for j in p.indices { summed[k][j] += p[j] }
            p = summed[k].map { $0 / Float(r + 1) }
        }
        let best = p.indices.max { p[$0] < p[$1] }!
        return (best, p[best])
    }
    for (k, (best, _)) in predictions.enumerated() {
        let gold = evalLabels[k]
        if best == gold { correct += 1 } else if showErrors {
            print("    ✗ \(evalSet[k].text) — \(evalSet[k].label) → \(labelNames[best]) (\(predictions[k].1))")
        }
        if let f = fallbackLabel {
            if gold == f { oos += 1; if best == f { oosCaught += 1 } } else { inScope += 1; if best == gold { inScopeCorrect += 1 } }
        }
    }
    let accuracy = Double(correct) / Double(evalSet.count)
    accuracies.append(accuracy)
    var line = String(format: "  seed %llu: %@ accuracy %.2f %%", o.seed, evalName, accuracy * 100)
    if fallbackLabel != nil, oos > 0 {
        line += String(format: ", in-scope %.2f %%, oos recall %.2f %%", Double(inScopeCorrect) / Double(inScope) * 100,
                       Double(oosCaught) / Double(oos) * 100)
        // Thresholds on the top probability (in-scope accuracy counts a rejected in-scope as wrong).
        for threshold: Float in [0.2, 0.3, 0.4, 0.5, 0.7] {
            var ic = 0, oc = 0
            for (k, (best, p)) in predictions.enumerated() {
                let predicted = p < threshold ? fallbackLabel! : best
                if evalLabels[k] == fallbackLabel! { if predicted == fallbackLabel! { oc += 1 } } else if predicted == evalLabels[k] { ic += 1 }
            }
            line += String(format: " | t%.1f %.2f/%.2f", threshold, Double(ic) / Double(inScope) * 100, Double(oc) / Double(oos) * 100)
        }
    }
    line += String(format: "; train %.2f s (%.2f s CPU); %d rows; %.0f KB", trainSeconds, trainCPU, classifier.featureRows, Double(writer.bytes.count) / 1024)
    print(line)

    if r == 0, ProcessInfo.processInfo.environment["LAB_LATENCY"] != nil {
        // Latency: one utterance at a time, warm, one thread.
        var output = [Float](repeating: 0, count: intentNames.count)
        var samples: [UInt64] = []
        samples.reserveCapacity(evalTokens.count * 5)
        for _ in 0..<5 {
            for t in evalTokens {
                let s = now()
                output.withUnsafeMutableBufferPointer { classifier.probabilities(t, into: $0) }
                samples.append(now() - s)
            }
        }
        samples.sort()
        let allocating: UInt64 = {
            var best = UInt64.max
            for _ in 0..<3 {
                let s = now()
                for t in evalTokens { _ = classifier.probabilities(t) }
                best = min(best, (now() - s) / UInt64(evalTokens.count))
            }
            return best
        }()
        var batchBest = UInt64.max
        for _ in 0..<(ProcessInfo.processInfo.environment["LAB_BATCHREPEAT"].flatMap { Int($0) } ?? 3) {
            let b0 = now()
            _ = classifier.probabilities(batch: evalTokens)
            batchBest = min(batchBest, now() - b0)
        }
        let batchPer = Double(batchBest) / Double(evalTokens.count)
        print(String(format: "  latency p50 %.2f µs, p99 %.2f µs (into buffer); %.2f µs mean allocating; batch %.2f µs/utt",
                     Double(samples[samples.count / 2]) / 1000, Double(samples[samples.count * 99 / 100]) / 1000,
                     Double(allocating) / 1000, batchPer / 1000))
    }
}
if repeats > 1 {
    let mean = accuracies.reduce(0, +) / Double(accuracies.count)
    let sd = (accuracies.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(accuracies.count - 1)).squareRoot()
    print(String(format: "mean %@ accuracy over %d seeds: %.2f %% (sd %.2f)", evalName, repeats, mean * 100, sd * 100))
}
