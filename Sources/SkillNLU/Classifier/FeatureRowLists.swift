import BuiltInValues

/// The rows an utterance's known features read, one list per table and target, each in
/// feature order, in four buffers of at least `bound` `Int32`s the caller owns: the
/// embedding's rows of word-level features (summed into the word average) and of character
/// n-grams (into their own), the linear table's rows summed with the word features', and
/// those summed apart (character n-grams' under per-kind normalisation).
///
/// Each list then goes to ``WeightRows/add(rows:count:to:)`` whole; since no two lists share
/// a target, every target receives the rows in the order the features came, as when each
/// feature's rows were added in turn.
struct FeatureRowLists {
    let wordRows: UnsafeMutablePointer<Int32>
    let charRows: UnsafeMutablePointer<Int32>
    /// Linear rows summed with the word features'.
    let linearRows: UnsafeMutablePointer<Int32>
    /// Linear rows summed apart from them.
    let apartRows: UnsafeMutablePointer<Int32>
    let bound: Int
    private(set) var wordCount = 0
    private(set) var charCount = 0
    private(set) var linearCount = 0
    private(set) var apartCount = 0
    /// Linear rows of word-level features, in either linear list.
    private(set) var linearWords = 0
    /// Set when more than `bound` features were appended (the later ones are dropped).
    private(set) var overflow = false

    /// Lists in four buffers of at least `bound` `Int32`s each, for at most `bound` features.
    init(words: UnsafeMutablePointer<Int32>, chars: UnsafeMutablePointer<Int32>, linear: UnsafeMutablePointer<Int32>,
         apart: UnsafeMutablePointer<Int32>, bound: Int) {
        self.bound = bound
        wordRows = words
        charRows = chars
        linearRows = linear
        apartRows = apart
    }

    /// Lists a known feature's `row`: in the embedding's word or character list, and when it
    /// has a `linear` row, in the linear list it is summed in (`apart` for the separate one).
    /// False, and nothing listed, once `bound` features are listed.
    @inline(__always)
    mutating func append(_ row: Int32, wordLevel: Bool, linear: Bool, apart: Bool) -> Bool {
        guard wordCount &+ charCount < bound else {
            overflow = true
            return false
        }
        if wordLevel {
            wordRows[wordCount] = row
            wordCount &+= 1
        } else {
            charRows[charCount] = row
            charCount &+= 1
        }
        if linear {
            if wordLevel { linearWords &+= 1 }
            if apart {
                apartRows[apartCount] = row
                apartCount &+= 1
            } else {
                linearRows[linearCount] = row
                linearCount &+= 1
            }
        }
        return true
    }
}

extension FeatureRowLists {
    /// Lists the rows of every feature of `tokens` that has one (`hasher`'s buckets, rows by
    /// `index`), calling `prefetch(row, hasLinearRow)` for each as it is listed. A row below
    /// `linearRows` has a linear row, summed for word features, and for character n-grams
    /// unless the classifier's `linearKind` is `.words` (apart from the words' with `.allPerKind`).
    @inline(__always)
    mutating func list(_ tokens: [Token], hasher: FeatureHasher, index: BucketIndex.View, linearRows: Int,
                       linearKind: IntentClassifierOptions.LinearFeatures, prefetch: (_ row: Int, _ hasLinearRow: Bool) -> Void) {
        hasher.forEachFeature(tokens) { bucket, wordLevel in
            let row = index.row(bucket)
            guard row >= 0 else { return }
            let linear = Int(row) < linearRows && (wordLevel || linearKind != .words)
            guard append(row, wordLevel: wordLevel, linear: linear, apart: !wordLevel && linearKind == .allPerKind) else { return }
            prefetch(Int(row), linear)
        }
    }
}
