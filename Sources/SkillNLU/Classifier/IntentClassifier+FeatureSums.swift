import BuiltInValues

extension IntentClassifier {
    /// Averages the feature rows of `tokens` into `x` (per ``IntentClassifierOptions/averaging``)
    /// and sums the linear rows into `linear` (divided by the square root of their count).
    /// Unknown features are skipped. `x`, `chars` (scratch of `dimension + labelCount` floats) and
    /// `linear` must be zeroed.
    ///
    /// For inputs of ordinary length the features are hashed first into one list of rows per
    /// table and target (``FeatureRowLists``), each list in feature order, and each list is then
    /// summed by one kernel call: a target receives the same rows in the same order as when
    /// each feature's rows were added in turn, so the floats are the same. Summing is bound by
    /// memory latency (each row is a cache miss), so each row is prefetched as its feature is
    /// found and the sums find most of them in the cache.
    @inline(__always)
    func accumulate(_ tokens: [Token], x: UnsafeMutablePointer<Float>, chars: UnsafeMutablePointer<Float>,
                    linear out: UnsafeMutablePointer<Float>) {
        let bound = hasher.featureCountBound(tokens)
        if bound <= Self.stackFeatureLimit {
            // The closures read these locals, not `self`: capturing `self` copied the whole
            // classifier (a retain and a release of each of its arrays) on every call.
            let hasher = self.hasher, rowOfBucket = self.rowOfBucket, linearRows = self.linearRows
            let embeddingRows = self.embeddingRows, linearTable = self.linearTable, records = self.records
            let linearKind = options.linearFeatures, apartTarget = chars + dimension
            // Four lists apart, not one buffer of four: a temporary allocation of up to 1 kB is
            // on the stack, a larger one (on Linux) from the heap, and an utterance of up to
            // 256 features then keeps all four on the stack.
            let length = max(bound, 1)
            let counts = withUnsafeTemporaryAllocation(of: Int32.self, capacity: length) { wordList in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: length) { charList in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: length) { linearList in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: length) {
                apartList -> (count: Int, wordCount: Int, linearCount: Int, linearWords: Int)? in
                var lists = FeatureRowLists(words: wordList.baseAddress!, chars: charList.baseAddress!,
                                            linear: linearList.baseAddress!, apart: apartList.baseAddress!, bound: bound)
                // Each row is fetched as its feature is listed, while the rest is hashed: a
                // feature's record (both rows and their scales), or each table's row.
                if let records {
                    records.withRecords { base in
                        rowOfBucket.withView { index in
                            lists.list(tokens, hasher: hasher, index: index, linearRows: linearRows, linearKind: linearKind) { row, _ in
                                FeatureRecords.prefetch(base, stride: records.stride, row: row)
                            }
                        }
                    }
                } else {
                    embeddingRows.withRowPrefetcher { embeddingPrefetch in
                        linearTable.withRowPrefetcher { linearPrefetch in
                            rowOfBucket.withView { index in
                                lists.list(tokens, hasher: hasher, index: index, linearRows: linearRows, linearKind: linearKind) {
                                    row, linear in
                                    embeddingPrefetch.prefetch(row: row)
                                    if linear { linearPrefetch.prefetch(row: row) }
                                }
                            }
                        }
                    }
                }
                // `bound` is an upper bound; should it ever fall short, the one-pass sum below runs instead.
                guard !lists.overflow else { return nil }
                Self.sum(lists, records: records, embedding: embeddingRows, linear: linearTable, x: x, chars: chars, linear: out,
                         apart: apartTarget)
                return (lists.wordCount + lists.charCount, lists.wordCount, lists.linearCount + lists.apartCount, lists.linearWords)
            }
            }
            }
            }
            if let counts {
                finish(x: x, chars: chars, linear: out, count: counts.count, wordCount: counts.wordCount,
                       linearCount: counts.linearCount, linearWords: counts.linearWords)
                return
            }
        }
        var count = 0, wordCount = 0, linearCount = 0, linearWords = 0
        rowOfBucket.withView { index in
            hasher.forEachFeature(tokens) { bucket, wordLevel in
                let row = Int(index.row(bucket))
                guard row >= 0 else { return }
                add(row: row, wordLevel: wordLevel, x: x, chars: chars, linear: out,
                    count: &count, wordCount: &wordCount, linearCount: &linearCount, linearWords: &linearWords)
            }
        }
        finish(x: x, chars: chars, linear: out, count: count, wordCount: wordCount, linearCount: linearCount,
               linearWords: linearWords)
    }

    /// Sums each of `lists` into its target, from the `records` when there are some, else from
    /// the tables. With per-kind normalisation the character n-grams' linear rows are summed
    /// `apart` (after the embedding scratch) and scaled separately in `finish`.
    @inline(__always)
    private static func sum(_ lists: FeatureRowLists, records: FeatureRecords?, embedding: WeightRows, linear: WeightRows,
                            x: UnsafeMutablePointer<Float>, chars: UnsafeMutablePointer<Float>,
                            linear out: UnsafeMutablePointer<Float>, apart: UnsafeMutablePointer<Float>) {
        if let records {
            records.addEmbedding(rows: lists.wordRows, count: lists.wordCount, to: x)
            records.addEmbedding(rows: lists.charRows, count: lists.charCount, to: chars)
            records.addLinear(rows: lists.linearRows, count: lists.linearCount, to: out)
            records.addLinear(rows: lists.apartRows, count: lists.apartCount, to: apart)
        } else {
            embedding.add(rows: lists.wordRows, count: lists.wordCount, to: x)
            embedding.add(rows: lists.charRows, count: lists.charCount, to: chars)
            linear.add(rows: lists.linearRows, count: lists.linearCount, to: out)
            linear.add(rows: lists.apartRows, count: lists.apartCount, to: apart)
        }
    }

    /// Longest feature list gathered before summing (four lists of it, 32 kB); longer inputs
    /// are summed as they are hashed.
    static let stackFeatureLimit = 2_048

    /// Adds one known feature's rows.
    @inline(__always)
    private func add(row: Int, wordLevel: Bool, x: UnsafeMutablePointer<Float>, chars: UnsafeMutablePointer<Float>,
                     linear out: UnsafeMutablePointer<Float>, count: inout Int, wordCount: inout Int, linearCount: inout Int,
                     linearWords: inout Int) {
        count += 1
        if wordLevel { wordCount += 1 }
        embeddingRows.add(row: row, to: wordLevel ? x : chars)
        if row < linearRows, wordLevel || options.linearFeatures != .words {
            linearCount += 1
            // With per-kind normalisation the character n-grams' rows are summed apart (after
            // the embedding scratch) and scaled separately in `finish`.
            let target = wordLevel || options.linearFeatures != .allPerKind ? out : chars + dimension
            if wordLevel { linearWords += 1 }
            linearTable.add(row: row, to: target)
        }
    }

    @inline(__always)
    private func finish(x: UnsafeMutablePointer<Float>, chars: UnsafeMutablePointer<Float>, linear out: UnsafeMutablePointer<Float>,
                        count: Int, wordCount: Int, linearCount: Int, linearWords: Int) {
        let d = dimension, l = labelCount
        let (ws, cs) = FeatureScales.scales(words: wordCount, all: count, perKind: options.averaging == .perKind)
        for k in 0..<d { x[k] = x[k] * ws + chars[k] * cs }
        if options.linearFeatures == .allPerKind {
            let (rw, rc) = FeatureScales.linearScales(words: linearWords, all: linearCount, perKind: true)
            let charSums = chars + d
            for j in 0..<l { out[j] = out[j] * rw + charSums[j] * rc }
        } else if linearCount > 0 {
            let inverseRoot = 1 / Float(linearCount).squareRoot()
            for j in 0..<l { out[j] *= inverseRoot }
        }
    }
}
