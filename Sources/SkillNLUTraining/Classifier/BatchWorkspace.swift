import Foundation

/// The working memory of one batch of ``ClassifierTrainer/run(progress:)``, kept from batch
/// to batch so the loop allocates nothing.
struct BatchWorkspace {
    /// The buffers behind the pointers below, kept alive until the loop ends.
    let buffers: [TrainingBuffer]
    /// Utterance vectors.
    let x: UnsafeMutablePointer<Float>
    /// Hidden pre-activations.
    let pre: UnsafeMutablePointer<Float>
    /// Hidden activations.
    let act: UnsafeMutablePointer<Float>
    /// Logits, then their gradient.
    let out: UnsafeMutablePointer<Float>
    /// Gradient of the output layer's input.
    let dInputs: UnsafeMutablePointer<Float>
    /// Gradient of the utterance vectors.
    let dx: UnsafeMutablePointer<Float>
    /// The sparse rows' gradients under lazy Adam; nil with SGD, which updates them in place.
    var sparse: SparseGradient?
    /// The sparse rows the batch touched, in ascending order, once gathered.
    var rows: [Int32] = []
    /// The features each example keeps this time: example `i`'s are `kept[keptStart[i]..<keptStart[i + 1]]`.
    var kept: [UInt32] = []
    var keptStart: [Int]
    var linearCounts: [Int]
    /// Weight of a word feature in the mean.
    var wordScale: [Float]
    /// Weight of a character n-gram in the mean.
    var charScale: [Float]
    /// Weight of a word feature's linear row.
    var linearWordScale: [Float]
    /// Weight of a character n-gram's linear row.
    var linearCharScale: [Float]

    init(batchSize b: Int, dimension d: Int, hidden h: Int, labels l: Int, outputInputs k: Int, rows: Int,
         linearRows: Int, adam: Bool) {
        buffers = (0..<6).map { i in TrainingBuffer(count: b * [d, h, h, l, k, d][i]) }
        x = buffers[0].pointer
        pre = buffers[1].pointer
        act = buffers[2].pointer
        out = buffers[3].pointer
        dInputs = buffers[4].pointer
        dx = buffers[5].pointer
        sparse = adam ? SparseGradient(rows: rows, embeddingWidth: d, linearWidth: l, linearRows: linearRows) : nil
        keptStart = [Int](repeating: 0, count: b + 1)
        linearCounts = [Int](repeating: 0, count: b)
        wordScale = [Float](repeating: 0, count: b)
        charScale = [Float](repeating: 0, count: b)
        linearWordScale = [Float](repeating: 1, count: b)
        linearCharScale = [Float](repeating: 1, count: b)
    }
}
