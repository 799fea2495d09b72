extension IntentClassifier {
    /// One classifier whose scores are the mean of the members' scores, or nil when the
    /// members cannot be merged (a hidden layer, or different features or labels).
    ///
    /// Several classifiers trained from different seeds disagree mostly where the data leaves
    /// the answer open; their mean score is steadier there, most of all with many intents of
    /// few samples each.
    /// Without a hidden layer a member's scores are linear in its averaged embedding, so the
    /// mean of K members is itself one model: the members' embedding rows side by side (as wide
    /// as their dimensions together), their output weights side by side and divided by K, and
    /// the mean of their biases and sparse linear weights. Classifying then reads each
    /// feature's row once, as a single model of that width does, instead of running K models.
    /// The merged model's temperature is 1; calibrate it afterwards.
    ///
    /// Members may differ in their linear model: ones over the word features (`words`) and
    /// ones over every feature normalised per kind (`allPerKind`) merge into an `allPerKind`
    /// model, because both scale a word feature's linear row by 1/√(word features); a `words`
    /// member's character n-gram rows are zero there. Two kinds of model err in different
    /// places (see ``TrainingOptions/linearClassifierMembers``), and merged they still cost one
    /// model's lookups per feature.
    ///
    /// The merged tables are rounded to `precision` (the first member's when nil). Members
    /// trained unrounded (`float32`) are thus rounded once, after the merge, which a coding of
    /// few levels needs (``IntentClassifierOptions/Precision/roundsMergedMembersOnce``); members
    /// rounded already are rounded a second time, each merged row at its own scale.
    package static func merging(_ members: [IntentClassifier],
                                precision: IntentClassifierOptions.Precision? = nil) -> IntentClassifier? {
        guard let first = members.first else { return nil }
        guard members.count > 1 else { return first.rounded(to: precision ?? first.options.precision) }
        let kinds = Set(members.map(\.options.linearFeatures))
        let linearFeatures: IntentClassifierOptions.LinearFeatures
        switch kinds {
        case [.words], [.none], [.all], [.allPerKind]: linearFeatures = first.options.linearFeatures
        case [.words, .allPerKind]: linearFeatures = .allPerKind
        default: return nil
        }
        let buckets = Set(first.bucketOfRow)
        for m in members {
            guard m.hiddenWidth == 0, m.labelCount == first.labelCount,
                  m.options.buckets == first.options.buckets, m.options.wordNgrams == first.options.wordNgrams,
                  m.options.charNgrams == first.options.charNgrams, m.options.averaging == first.options.averaging,
                  m.bucketOfRow.count == buckets.count, Set(m.bucketOfRow) == buckets else { return nil }
        }
        // Rows of the merged model: those with a linear row in any member first, then the others.
        var linearBuckets = Set<Int32>()
        for m in members { linearBuckets.formUnion(m.bucketOfRow.prefix(m.linearRows)) }
        let bucketOfRow = linearBuckets.sorted() + buckets.subtracting(linearBuckets).sorted()
        var rowOfBucket: [Int32: Int] = [:]
        for (r, b) in bucketOfRow.enumerated() { rowOfBucket[b] = r }

        // Each member's embedding columns sit side by side, starting at `offset`.
        let width = members.reduce(0) { $0 + $1.dimension }, l = first.labelCount, rows = bucketOfRow.count
        let scale = 1 / Float(members.count)
        var embedding = [Float](repeating: 0, count: rows * width)
        var linear = [Float](repeating: 0, count: linearBuckets.count * l)
        var output = [Float](repeating: 0, count: l * width)
        var outputBias = [Float](repeating: 0, count: l)
        var offset = 0
        for member in members {
            let d = member.dimension
            let memberEmbedding = member.embedding, memberLinear = member.linear
            for (r, bucket) in member.bucketOfRow.enumerated() {
                let to = rowOfBucket[bucket]!
                for c in 0..<d { embedding[to * width + offset + c] = memberEmbedding[r * d + c] }
                if r < member.linearRows {
                    for j in 0..<l { linear[to * l + j] += memberLinear[r * l + j] * scale }
                }
            }
            for j in 0..<l {
                for c in 0..<d { output[j * width + offset + c] = member.outputWeights[j * d + c] * scale }
                outputBias[j] += member.outputBias[j] * scale
            }
            offset += d
        }
        var options = first.options
        options.dimension = width
        options.linearFeatures = linearFeatures
        options.precision = precision ?? first.options.precision
        return IntentClassifier(labelCount: l, options: options, temperature: 1, bucketOfRow: bucketOfRow,
                                linearRows: linearBuckets.count,
                                embedding: WeightCoding.rounded(embedding, precision: options.precision, width: width),
                                linear: WeightCoding.rounded(linear, precision: options.precision, width: l, centred: true), hiddenWeights: [], hiddenBias: [],
                                outputWeights: output, outputBias: outputBias)
    }

    /// The classifier with its embedding and linear tables rounded to `precision`, as a file of
    /// that precision stores them; itself when it already is of that precision.
    package func rounded(to precision: IntentClassifierOptions.Precision) -> IntentClassifier {
        guard precision != options.precision else { return self }
        var options = self.options
        options.precision = precision
        return IntentClassifier(labelCount: labelCount, options: options, temperature: temperature, bucketOfRow: bucketOfRow,
                                linearRows: linearRows,
                                embedding: WeightCoding.rounded(embedding, precision: precision, width: dimension),
                                linear: WeightCoding.rounded(linear, precision: precision, width: labelCount, centred: true),
                                hiddenWeights: hiddenWeights, hiddenBias: hiddenBias,
                                outputWeights: outputWeights, outputBias: outputBias)
    }
}
