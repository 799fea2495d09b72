import Foundation

extension IntentClassifier {
    /// Marks the start of a classifier in a model file ("SNIC").
    static let magic: UInt32 = 0x4349_4E53
    /// Version of the classifier's layout; raise it whenever the layout changes. Version 2 may
    /// hold tables of fewer than 8 bits a weight (``PackedRows``), which version 1 never does;
    /// version 3 a linear table of codes around each row's base (``BulkRows``).
    public static let formatVersion: UInt32 = 3

    /// The layout this classifier is written in: the oldest that holds its tables, so a
    /// classifier of another precision than `compact` writes the bytes it always did.
    var layoutVersion: UInt32 {
        if options.precision == .compact { return 3 }
        return options.precision.bits < 8 ? 2 : 1
    }

    /// Appends the classifier to a model file: options, temperature, the rows training
    /// touched (bucket ids ascending), the embedding and linear tables at the trained
    /// precision, and the dense layers in single precision.
    package func write(to writer: inout BinaryWriter) {
        writer.write(Self.magic)
        writer.write(layoutVersion)
        writer.write(labelCount)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding a struct of numbers, enums and ranges cannot fail.
        let json = (try? encoder.encode(options)) ?? Data()
        writer.write(String(decoding: json, as: UTF8.self))
        writer.write(temperature)
        writer.write(bucketOfRow.count)
        writer.write(linearRows)
        writer.write(bytes: Self.encodeRuns(bucketOfRow, split: linearRows))
        WeightCoding.write(embedding, precision: options.precision, width: dimension, to: &writer)
        WeightCoding.write(linear, precision: options.precision, width: labelCount, centred: true, to: &writer)
        writer.write(hiddenWeights)
        writer.write(hiddenBias)
        writer.write(outputWeights)
        writer.write(outputBias)
    }

    /// Reads a classifier written by ``write(to:)``, checking every size against the options,
    /// so a damaged file throws ``ModelFileError`` instead of producing a broken model.
    package init(reading reader: inout BinaryReader) throws {
        let savedPart = reader.part
        reader.part = "the intent classifier"
        defer { reader.part = savedPart }
        guard try reader.readUInt32() == Self.magic else {
            throw ModelFileError.corrupt("the intent classifier does not start with its marker")
        }
        let version = try reader.readUInt32()
        guard version <= Self.formatVersion else {
            throw ModelFileError.newerFormat(found: version, supported: Self.formatVersion)
        }
        guard version >= 1 else { throw ModelFileError.corrupt("intent classifier format version 0") }
        let labelCount = try reader.readInt()
        guard (1...1_000_000).contains(labelCount) else {
            throw ModelFileError.corrupt("the intent classifier has \(labelCount) intents")
        }
        let json = try reader.readString()
        let options: IntentClassifierOptions
        do {
            options = try JSONDecoder().decode(IntentClassifierOptions.self, from: Data(json.utf8))
            try options.validate()
        } catch {
            throw ModelFileError.corrupt("the intent classifier's options cannot be read (\(error))")
        }
        guard version >= 3 || options.precision != .compact else {
            throw ModelFileError.corrupt("a version \(version) intent classifier at precision \(options.precision.rawValue)")
        }
        guard version >= 2 || options.precision.bits >= 8 else {
            throw ModelFileError.corrupt("a version \(version) intent classifier at \(options.precision.bits) bits a weight")
        }
        let temperature = try reader.readFloat()
        // Calibration keeps the temperature within 0.05…20; far outside it, scores overflow.
        guard temperature >= 0.01, temperature <= 100 else {
            throw ModelFileError.corrupt("the intent classifier's temperature is \(temperature)")
        }
        let rows = try reader.readInt()
        let linearRows = try reader.readInt()
        guard (0...options.buckets).contains(rows), (0...rows).contains(linearRows) else {
            throw ModelFileError.corrupt("the intent classifier has \(rows) feature rows (\(linearRows) linear) for \(options.buckets) buckets")
        }
        let buckets = try Self.decodeRuns(try reader.readBytes(), rows: rows, split: linearRows, buckets: options.buckets)
        let d = options.dimension, h = options.hiddenLayer ?? 0
        let embedding = try WeightCoding.readRows(precision: options.precision, width: d, from: &reader)
        let linear = try WeightCoding.readRows(precision: options.precision, width: labelCount, centred: true, from: &reader)
        let hiddenWeights = try reader.readFloats()
        let hiddenBias = try reader.readFloats()
        let outputWeights = try reader.readFloats()
        let outputBias = try reader.readFloats()
        func expect(_ name: String, _ count: Int, _ expected: Int) throws {
            guard count == expected else {
                throw ModelFileError.corrupt("the intent classifier's \(name) has \(count) weights instead of \(expected)")
            }
        }
        try expect("embedding", embedding.count, rows * d)
        try expect("linear table", linear.count, linearRows * labelCount)
        try expect("hidden weights", hiddenWeights.count, h * d)
        try expect("hidden bias", hiddenBias.count, h)
        try expect("output weights", outputWeights.count, labelCount * (h > 0 ? h : d))
        try expect("output bias", outputBias.count, labelCount)
        // Levels and row scales that the readers accept are finite and within half precision's
        // range by construction; only tables kept as floats are checked (`floats` is empty otherwise).
        try checkWeights([("embedding", embedding.floats), ("linear table", linear.floats), ("hidden weights", hiddenWeights),
                          ("hidden bias", hiddenBias), ("output weights", outputWeights), ("output bias", outputBias)],
                         in: "the intent classifier")
        self.init(labelCount: labelCount, options: options, temperature: temperature,
                  bucketOfRow: buckets, linearRows: linearRows, embedding: embedding, linear: linear,
                  hiddenWeights: hiddenWeights, hiddenBias: hiddenBias,
                  outputWeights: outputWeights, outputBias: outputBias)
        guard !rowOfBucket.hasRepeatedBuckets else { throw ModelFileError.corrupt("the intent classifier's feature rows are damaged") }
    }

    /// The rows' buckets as two ascending runs (rows before `split`, then the rest), each
    /// stored as LEB128 gaps: about one byte a row instead of four.
    static func encodeRuns(_ buckets: [Int32], split: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(buckets.count + 16)
        var previous: Int64 = -1
        for (row, b) in buckets.enumerated() {
            if row == split { previous = -1 }
            var gap = UInt64(Int64(b) - previous - 1)
            while gap >= 0x80 {
                out.append(UInt8(truncatingIfNeeded: gap) | 0x80)
                gap >>= 7
            }
            out.append(UInt8(gap))
            previous = Int64(b)
        }
        return out
    }

    /// Reverses ``encodeRuns(_:split:)``, refusing anything but `rows` buckets in `0..<buckets`,
    /// ascending within each run. Each run ascends as it is read, so only a bucket in both runs
    /// could repeat: the classifier's bucket index, filled from these rows next, finds one
    /// (``BucketIndex/hasRepeatedBuckets``), with no table of every bucket made here.
    static func decodeRuns(_ bytes: [UInt8], rows: Int, split: Int, buckets: Int) throws -> [Int32] {
        func corrupt() -> ModelFileError { .corrupt("the intent classifier's feature rows are damaged") }
        guard (0...rows).contains(split) else { throw corrupt() }
        var failed = false
        var at = 0
        let out = bytes.withUnsafeBufferPointer { b in
            [Int32](unsafeUninitializedCapacity: rows) { out, initialized in
                var previous: Int64 = -1
                for row in 0..<rows {
                    if row == split { previous = -1 }
                    var gap: UInt64 = 0, shift: UInt64 = 0
                    while true {
                        guard at < b.count, shift < 35 else { failed = true; break }
                        let byte = b[at]
                        at += 1
                        gap |= UInt64(byte & 0x7F) << shift
                        if byte < 0x80 { break }
                        shift += 7
                    }
                    let bucket = previous + 1 + Int64(gap)
                    if failed || bucket >= Int64(buckets) { failed = true; out.initialize(repeating: 0); break }
                    out[row] = Int32(bucket)
                    previous = bucket
                }
                initialized = rows
            }
        }
        guard !failed, at == bytes.count else { throw corrupt() }
        return out
    }
}
