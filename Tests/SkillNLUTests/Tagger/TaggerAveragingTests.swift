import BuiltInValues
import Testing
@testable import SkillNLU
@testable import SkillNLUTraining

@Suite struct TaggerAveragingTests {
    /// Sparse updates of stored weights under a decaying scale, with the scale folded into the
    /// weights once midway (as the SGD loop does when it gets small): the mean ``SGDAverage``
    /// writes is the mean of the true weights (scale × stored) after every step, summed by brute force.
    @Test func theAverageIsTheMeanOfTheTrueWeightsAfterEachStep() {
        let sizes = [4, 2, 3, 1, 2]
        let tables = sizes.map { n in
            let b = UnsafeMutableBufferPointer<Float>.allocate(capacity: n)
            b.initialize(repeating: 0)
            return b
        }
        defer { for t in tables { t.deallocate() } }
        for (i, t) in tables.enumerated() { for r in t.indices { t[r] = Float(i + r) * 0.25 } }   // not from zero
        let average = SGDAverage(sizes: sizes)
        var scale: Float = 1
        var sums = sizes.map { [Double](repeating: 0, count: $0) }
        var state: UInt64 = 5
        func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % n
        }
        for step in 0..<60 {
            let v = average.view
            let twins = [v.cells, v.partCells, v.trans, v.start, v.shared]
            let factors = [v.scaled, v.scaled, v.plain, v.plain, v.plain]
            for i in tables.indices {
                let r = next(sizes[i])
                let d = Float(next(1000)) / 1000 - 0.5
                tables[i][r] += d
                twins[i][r] += d * factors[i]
            }
            scale *= 0.97
            average.count(scale: scale)
            for i in tables.indices { for r in tables[i].indices { sums[i][r] += Double((i < 2 ? scale : 1) * tables[i][r]) } }
            if step == 30 {
                average.close(Array(tables))
                for i in 0..<2 { for r in tables[i].indices { tables[i][r] *= scale } }
                scale = 1
            }
            if step == 45 { average.close(Array(tables)) }   // an epoch's end
        }
        #expect(average.writeMeans(into: tables))
        for i in tables.indices {
            for r in tables[i].indices { #expect(abs(Double(tables[i][r]) - sums[i][r] / 60) < 1e-5, "table \(i) row \(r)") }
        }
    }

    /// N copies of one utterance in one epoch: the order is immaterial, so the weights after
    /// step k are those of training on k copies, and an averaged epoch keeps their mean.
    @Test func anAveragedEpochKeepsTheMeanOfItsSteps() {
        let tokenizer = Tokenizer(locale: "en-US")
        let text = "fly to boston"
        let example = TrainingExample(tokens: tokenizer.tokenize(text), intent: 0, labels: [0, 0, 1], weight: 1, text: text)
        let allowed: [[Int32]] = [[0, 1, 2]]
        func train(_ copies: Int, averaged: Int?) -> SlotTagger {
            var options = SlotTaggerOptions()
            options.epochs = 1
            options.averagedEpochs = averaged
            let examples = Array(repeating: example, count: copies)
            return SlotTagger.train(examples: examples, spans: Array(repeating: [], count: copies), allowedLabels: allowed,
                                    intentKeys: [StableHash.hash("Fly")], labelCount: 3, options: options)
        }
        let n = 6
        let plain = (1...n).map { train($0, averaged: nil) }
        let averaged = train(n, averaged: 1)
        for l in 0..<3 {
            let mean = plain.reduce(0) { $0 + $1.startScores[l] } / Float(n)
            #expect(abs(averaged.startScores[l] - mean) < 1e-5)
        }
        for p in 0..<9 {
            let mean = plain.reduce(0) { $0 + $1.transitions[p] } / Float(n)
            #expect(abs(averaged.transitions[p] - mean) < 1e-5)
        }
        // The last step's weights are not the mean of the steps'.
        #expect(zip(averaged.startScores, plain[n - 1].startScores).contains { abs($0 - $1) > 1e-3 })
    }

    /// Many examples: fewer epochs, all but the first averaged; few: the plain epochs asked
    /// for; a choice made by hand stands.
    @Test func theScheduleFollowsTheNumberOfExamples() {
        let options = SlotTaggerOptions()
        func schedule(_ n: Int, _ o: SlotTaggerOptions = SlotTaggerOptions()) -> [Int?] {
            let chosen = NLUModel.recommendedTaggerSchedule(o, exampleCount: n)
            return [chosen.epochs, chosen.averagedEpochs]
        }
        #expect(schedule(30_058) == [4, 3])
        #expect(schedule(100_000) == [4, 3])
        #expect(schedule(20_000) == [6, 5])
        #expect(schedule(11_501) == [10, 0])
        #expect(schedule(0) == [10, 0])
        var byHand = options
        byHand.epochs = 10
        byHand.averagedEpochs = 0
        #expect(schedule(40_000, byHand) == [10, 0])
    }
}
