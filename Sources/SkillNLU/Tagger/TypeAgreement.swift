/// A slot of an intent and the key of its type, as ``TypedSpan/typeKey`` names types.
package struct SlotTypeKey: Sendable, Hashable {
    /// Which shared weights of ``TypeAgreement`` the slot uses: how far a span of its type can
    /// be trusted differs between a short closed list, a long open one and a parsed value.
    public enum Group: Int32, Sendable, Hashable {
        /// A custom type of at most ``closedListLimit`` values and synonyms ("song", "album").
        case closedList = 0
        /// A longer custom type (names of artists, cities, films).
        case openList = 1
        /// An AMAZON.* type read by a parser or from a catalog.
        case builtIn = 2

        /// Values and synonyms up to which a custom type counts as a closed list.
        public static let closedListLimit = 50
    }

    /// The slot's begin label (its inside label is the next one).
    public var begin: Int32
    public var typeKey: UInt64
    public var group: Group
    /// What ``UnlistedValuePrior`` takes off the slot's labels on words no listed form of its
    /// type contains (0: no prior; always 0 while training).
    public var unlistedPenalty: Float = 0
    /// The token keys (``PhraseTrie/key(_:)``) of the type's listed forms, when
    /// ``unlistedPenalty`` is positive.
    public var listedTokens: Set<UInt64> {
        get { listed.keys }
        set { listed = ListedTokens(newValue) }
    }
    /// ``listedTokens`` with their sorted copy, made once per type and shared by its slots.
    var listed = ListedTokens([])
    /// Whether the slot's type is a closed phrase list (``PhraseListType``): every word of its
    /// span pays ``unlistedPenalty`` unless a listed form contains it, not only the first of a run.
    public var closedPhrases = false

    public init(begin: Int32, typeKey: UInt64, group: Group) {
        self.begin = begin
        self.typeKey = typeKey
        self.group = group
    }

    /// Whether `key` is one of ``listedTokens``.
    @inline(__always)
    func lists(_ key: UInt64) -> Bool { listed.contains(key) }
}

/// Tagger features shared by every slot: a typed span of the slot's *own* type covers the
/// token, at a place that agrees or not with the label (a begin label on the span's first
/// token, an inside label on a later one, or the reverse).
///
/// The tagger's other span features are weights per (span type, label) pair, learnt from that
/// slot's own training occurrences. In a small model — a hand-written skill of a few dozen
/// samples an intent — a rare slot sees few of them and trusts a listed value of its own type
/// only weakly; these weights are learnt from every slot at once. They are kept apart by the
/// slot's ``SlotTypeKey/Group`` and by whether the span is one token or longer: a one-token
/// match in a long list of names is weaker evidence than a whole multi-word title.
package enum TypeAgreement {
    /// Features per group and span length: begin label at the span's start, inside label
    /// after it, inside label at the start, begin label after it.
    static let kinds = 4
    package static let count = kinds * 2 * 3

    /// The (token, label, feature) triples, flat, that `spans` give the slots in `slots`. A
    /// token covered by two spans of the slot's type counts twice, in training as in decoding.
    package static func hits(spans: [TypedSpan], tokenCount n: Int, slots: [SlotTypeKey], into out: inout [Int32]) {
        out.removeAll(keepingCapacity: true)
        guard !slots.isEmpty else { return }
        for s in spans where s.start < s.end && s.end <= n {
            for slot in slots where slot.typeKey == s.typeKey {
                let base = Int32((Int(slot.group.rawValue) * 2 + (s.end - s.start > 1 ? 1 : 0)) * kinds)
                let b = slot.begin, i = slot.begin + 1
                for t in s.start..<s.end {
                    let first = t == s.start
                    out.append(Int32(t)); out.append(b); out.append(base + (first ? 0 : 3))
                    out.append(Int32(t)); out.append(i); out.append(base + (first ? 2 : 1))
                }
            }
        }
    }

    /// Adds `weights` for `hits` to a T × K emission table whose columns are the labels
    /// `localOf` maps to (−1: not among them).
    @inline(__always)
    package static func addScores(_ hits: [Int32], weights: [Float], localOf: UnsafeBufferPointer<Int32>, labels K: Int,
                          into emission: UnsafeMutableBufferPointer<Float>) {
        for q in stride(from: 0, to: hits.count, by: 3) {
            let k = localOf[Int(hits[q + 1])]
            if k >= 0 { emission[Int(hits[q]) * K + Int(k)] += weights[Int(hits[q + 2])] }
        }
    }
}
