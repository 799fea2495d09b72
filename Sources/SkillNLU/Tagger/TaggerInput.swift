import BuiltInValues

/// One utterance as the slot tagger reads it, made once for all the intents joint decoding
/// reads it as: the place in the weight table (``AttributeTable``) of each of the tokens'
/// hashed attributes (``TaggerFeatures``). Only four attributes of each token name the intent;
/// reading the utterance as another intent hashes and looks up those again and nothing else.
package struct TaggerInput {
    let tokens: [Token]
    let spans: [TypedSpan]
    /// The token keys (``PhraseTrie/key(_:)``), for ``UnlistedValuePrior``.
    let tokenKeys: [UInt64]
    // The arrays below have no default values: with them, the initializer's result was copied
    // out whole (a retain and a release of each array).
    /// Where each token's attributes begin in `values` (count + 1).
    private(set) var offsets: [Int32]
    /// The word hash of each token, and where its four intent attributes begin in `values`.
    private var words: [UInt64]
    private var intentAt: [Int32]
    /// The table slot value of each attribute (``AttributeTable/probe(_:into:)``).
    private(set) var values: [UInt64]
    /// The intent key the intent attributes hold.
    private(set) var intentKey: UInt64

    /// - Parameters:
    ///   - tokenKeys: the tokens' ``PhraseTrie/key(_:)`` when the caller has them
    ///     (classification makes them once per utterance); made here otherwise.
    ///   - clusters: the tokens' ``WordClusters`` numbers; empty for a tagger without clusters.
    init(tokens: [Token], spans: [TypedSpan], intentKey: UInt64, table: borrowing AttributeTable, tokenKeys: [UInt64]? = nil,
         clusters: [UInt16] = []) {
        self.tokens = tokens
        self.spans = spans
        self.intentKey = intentKey
        precondition(tokenKeys.map { $0.count == tokens.count } ?? true, "a key per token")
        self.tokenKeys = tokenKeys ?? tokens.map(PhraseTrie.key)
        // Built in locals and stored once: closures over `self`'s arrays copied the input.
        var hashes: [UInt64] = [], offsets: [Int32] = [], words: [UInt64] = [], intentAt: [Int32] = []
        TaggerFeatures.extract(tokens: tokens, intentKey: intentKey, spans: spans, clusters: clusters, offsets: &offsets,
                               out: &hashes, words: &words, intentAt: &intentAt)
        var values = [UInt64](filled: 0, count: hashes.count)
        values.withUnsafeMutableBufferPointer { values in
            hashes.withUnsafeBufferPointer { table.probe($0, into: values) }
        }
        self.offsets = offsets
        self.words = words
        self.intentAt = intentAt
        self.values = values
    }

    /// Whether token `t` is no word training never met: a number, a symbol, or a word whose
    /// word attribute has weights in the table. Numbers are left to the parsers' slots.
    func heardWord(_ t: Int) -> Bool {
        // The kind read in place: `tokens[t]` copied the token and retained its strings.
        let kind = tokens.withUnsafeBufferPointer { $0[t].kind }
        return (kind != .word && kind != .ideographic) || values[Int(offsets[t]) + TaggerFeatures.wordAttributeIndex] != 0
    }

    /// Makes the intent attributes those of `key`, and looks them up in `table`.
    mutating func rekey(_ key: UInt64, table: borrowing AttributeTable) {
        guard key != intentKey else { return }
        intentKey = key
        let n = tokens.count, width = TaggerFeatures.intentAttributeCount
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: n * width * 2) { buffer in
            let keyed = UnsafeMutableBufferPointer(rebasing: buffer[0..<(n * width)])
            let found = UnsafeMutableBufferPointer(rebasing: buffer[(n * width)...])
            for i in 0..<n {
                let a = TaggerFeatures.intentAttributes(key, words: words, at: i)
                keyed[i * width] = a.0
                keyed[i * width + 1] = a.1
                keyed[i * width + 2] = a.2
                keyed[i * width + 3] = a.3
            }
            table.probe(UnsafeBufferPointer(keyed), into: found)
            for i in 0..<n {
                let at = Int(intentAt[i])
                for j in 0..<width {
                    values[at + j] = found[i * width + j]
                }
            }
        }
    }
}
