import Foundation

/// What the large units of a model file are made of, for size budgets and the choice of
/// their storage: the bytes of each table as written, and how many of the stored weights are
/// small next to the largest of their row (candidates for pruning).
package struct ModelFileParts: Sendable {
    /// One table of a unit: its name, the weights it stores and the bytes it takes.
    package struct Part: Sendable {
        package var name: String
        package var weights: Int
        package var bytes: Int
    }

    package var parts: [Part] = []
    /// Per threshold t, the fraction of the classifier's linear weights whose magnitude is
    /// below t × the largest magnitude of their row.
    package var linearSmallFraction: [(threshold: Float, fraction: Double)] = []
    /// The same for the embedding table.
    package var embeddingSmallFraction: [(threshold: Float, fraction: Double)] = []

    /// The parts of `model`'s classifiers and tagger.
    package init(_ model: NLUModel) {
        add(model.classifier, prefix: "classifier")
        if let carrier = model.carrierClassifier { add(carrier, prefix: "carrier classifier") }
        let t = model.tagger, rows = t.rows
        parts.append(Part(name: "tagger weights", weights: rows.weights.count, bytes: Self.encoded { RowQuantization.write(rows.weights, rowStarts: rows.rowStart.map(Int.init), to: &$0) }))
        parts.append(Part(name: "tagger attribute keys and labels", weights: 0,
                          bytes: rows.keys.count * 6 + rows.labels.count * SlotTagger.labelBytes(.quantized, labelCount: t.labelCount) + 16))
        let thresholds: [Float] = [0.01, 0.02, 0.05, 0.1]
        linearSmallFraction = Self.smallFractions(model.classifier.linear, width: model.classifier.labelCount, thresholds)
        embeddingSmallFraction = Self.smallFractions(model.classifier.embedding, width: model.classifier.dimension, thresholds)
    }

    /// The sections of a model file's `bytes` as stored: tag, layout version, payload bytes
    /// (``ChunkedModelFile/storedSections(of:)``), for files written by other versions.
    package static func storedSections(of bytes: [UInt8]) -> [(tag: String, version: Int, bytes: Int)] {
        ChunkedModelFile.storedSections(of: bytes)
    }

    /// The files `model` reads beside its own — its language pack, its sentence encoder — with
    /// their sizes: shared by every model that uses them, shipped once, not in the model file.
    package static func sharedFiles(of model: NLUModel) -> [(part: String, bytes: Int)] {
        var files: [(part: String, bytes: Int)] = []
        func add(_ what: String, _ file: String) {
            let sizes = LanguagePack.resourceCandidates(file).compactMap {
                (try? FileManager.default.attributesOfItem(atPath: $0.path))?[.size] as? Int
            }
            if let bytes = sizes.first { files.append((what, bytes)) }
        }
        if let pack = model.pack { add("language pack \(pack.pack.name)", "\(pack.pack.name).pack") }
        if let head = model.contextualHead { add("sentence encoder \(head.encoderName)", "\(head.encoderName)-encoder.bin") }
        return files
    }

    private mutating func add(_ c: IntentClassifier, prefix: String) {
        let p = c.options.precision
        parts.append(Part(name: "\(prefix) bucket index", weights: 0, bytes: IntentClassifier.encodeRuns(c.bucketOfRow, split: c.linearRows).count))
        // The tables as floats, expanded once each (a loaded classifier keeps levels).
        let embedding = c.embedding, linear = c.linear
        parts.append(Part(name: "\(prefix) embedding (\(c.featureRows) rows × \(c.dimension))", weights: embedding.count,
                          bytes: Self.encoded { WeightCoding.write(embedding, precision: p, width: c.dimension, to: &$0) }))
        parts.append(Part(name: "\(prefix) linear (\(c.linearRows) rows × \(c.labelCount))", weights: linear.count,
                          bytes: Self.encoded { WeightCoding.write(linear, precision: p, width: c.labelCount, centred: true, to: &$0) }))
        let dense = c.hiddenWeights.count + c.hiddenBias.count + c.outputWeights.count + c.outputBias.count
        parts.append(Part(name: "\(prefix) dense layers", weights: dense, bytes: dense * 4))
    }

    private static func encoded(_ body: (inout BinaryWriter) -> Void) -> Int {
        var w = BinaryWriter()
        body(&w)
        return w.bytes.count
    }

    private static func smallFractions(_ values: [Float], width: Int, _ thresholds: [Float]) -> [(threshold: Float, fraction: Double)] {
        guard width > 0, !values.isEmpty else { return thresholds.map { ($0, 0) } }
        var counts = [Int](repeating: 0, count: thresholds.count)
        for start in stride(from: 0, to: values.count, by: width) {
            let row = values[start..<min(values.count, start + width)]
            let top = row.reduce(Float(0)) { max($0, abs($1)) }
            for v in row {
                for (k, t) in thresholds.enumerated() where abs(v) < t * top { counts[k] += 1 }
            }
        }
        return zip(thresholds, counts).map { ($0, Double($1) / Double(values.count)) }
    }
}
