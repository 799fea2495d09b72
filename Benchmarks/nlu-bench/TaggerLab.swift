import ArgumentParser
import BuiltInValues
import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

/// Development aid: trains only the slot tagger from a data set's interaction model and scores
/// it on the dev split with gold intents, to choose tagger settings without touching test.
struct TaggerLab: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "tagger-lab",
        abstract: "Score the slot tagger alone on a data set's dev split (gold intents).")

    @Option(help: "Data set folder.") var dataset: String
    @Option(help: "Interaction model file in the data set.") var model = "interaction-model.json"
    @Option var split = "dev"
    @Option var epochs = 10
    @Option var fillings = 6
    @Option var dropout: Float = 0.9
    @Option var learningRate: Float = 0.1
    @Option var l2: Float = 1e-5
    @Flag var membership = false
    @Option var prune: Float = 1e-3

    func run() throws {
        let ds = try Dataset(directory: URL(fileURLWithPath: dataset))
        let im = try Importer.decode(Data(contentsOf: ds.modelURL(model)))
        let tokenizer = Tokenizer(locale: im.locale)
        let schema = SkillSchema(model: im, tokenizer: tokenizer)
        var gopt = GenerationOptions()
        gopt.fillingsPerSample = fillings
        let gen = TrainingDataGenerator(schema: schema, options: gopt)
        let t0 = Date()
        let utterances = gen.generate()
        let examples = gen.examples(from: utterances)
        let finder = SpanFinder(schema: schema, tokenMembership: membership)
        let spans = finder.trainingSpans(examples, rate: dropout, seed: 3)
        let allowed = schema.intents.map { intent -> [Int32] in
            var l: [Int32] = [0]
            for s in intent.slots {
                let si = schema.slotNames.firstIndex(of: s.name)!
                l += [SlotLabels.begin(si), SlotLabels.inside(si)]
            }
            return l
        }
        let keys = schema.intents.map { StableHash.hash($0.name) }
        BenchOutput.line("generated \(utterances.count) utterances in \(String(format: "%.1f", Date().timeIntervalSince(t0))) s")
        var opt = SlotTaggerOptions()
        opt.epochs = epochs
        opt.learningRate = learningRate
        opt.l2 = l2
        opt.pruneBelow = prune
        let t1 = Date()
        let tagger = SlotTagger.train(examples: examples, spans: spans, allowedLabels: allowed, intentKeys: keys,
                                      labelCount: SlotLabels.count(slots: schema.slotNames.count), options: opt) { e, loss in
            BenchOutput.line("epoch \(e) loss \(String(format: "%.4f", loss))")
        }
        var sizeWriter = BinaryWriter()
        tagger.write(to: &sizeWriter)
        BenchOutput.line("trained in \(String(format: "%.1f", Date().timeIntervalSince(t1))) s, \(tagger.weightCount) weights, \(sizeWriter.bytes.count / 1024) kB")
        var score = SlotScore()
        var exact = 0
        let data = try ds.split(split)
        for u in data {
            guard let ii = schema.intentIndex(named: u.intent) else { continue }
            let tokens = tokenizer.tokenize(u.text)
            let d = tagger.decode(tokens: tokens, spans: finder.spans(tokens), intentKey: keys[ii], graph: tagger.graph(for: allowed[ii]))
            let scalars = Array(u.text.unicodeScalars)
            let pred = SlotLabels.spans(d.labels).map { s -> (String, String) in
                var v = String.UnicodeScalarView()
                v.append(contentsOf: scalars[tokens[s.start].range.lowerBound..<tokens[s.end - 1].range.upperBound])
                return (schema.slotNames[s.slot], String(v))
            }
            if score.add(expected: u.slots.map { ($0.slot, $0.value) }, predicted: pred) { exact += 1 }
        }
        BenchOutput.line(String(format: "%@ %@: slot P %.4f R %.4f F1 %.4f exact(slots) %.4f", ds.name, split,
                     score.precision, score.recall, score.f1, Double(exact) / Double(data.count)))
    }
}
