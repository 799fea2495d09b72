import BuiltInValues

/// A span of tokens known to hold a value of some type: a gazetteer match or a built-in
/// parser's find. The tagger sees these as soft features, never as decisions.
package struct TypedSpan: Sendable, Hashable {
    public var start: Int
    /// Exclusive.
    public var end: Int
    /// A stable hash of the type's name.
    public var typeKey: UInt64

    public init(start: Int, end: Int, typeKey: UInt64) {
        self.start = start
        self.end = end
        self.typeKey = typeKey
    }
}

/// Turns tokens into hashed attributes for the slot tagger.
///
/// Each token gets: its word and folded form, the words around it (±2) and the bigrams it is
/// in, prefixes and suffixes, a word shape, position flags, the intent, for every typed span
/// covering it the span's type with the token's place in it (begin, inside, last, unit), and
/// when a typed span covers it the words further left as a bag (``leftContextReach``), and with
/// ``WordClusters`` the word's cluster and its neighbours' (``clusterAttributes``).
/// Attributes are 64-bit hashes of (template, value), so no strings are built on the hot path
/// beyond the token's affixes.
package enum TaggerFeatures {
    enum Template: UInt64 {
        case bias = 1, word, folded, prev1, prev2, next1, next2, bigramPrev, bigramNext, skip
        case suffix2, suffix3, suffix4, prefix2, prefix3, shape, first, last, intent, intentWord
        case spanBegin, spanInside, spanLast, spanUnit, spanPrev, spanNext, intentPrev, intentNext
        case length, leftContext, cluster, clusterPrev, clusterNext
    }

    /// How far left the bag of earlier words reaches (from 3 tokens back; nearer words have
    /// their own positional features). Slots that differ only by what was said earlier —
    /// ATIS's departure and arrival times and dates, "arriving in denver on june fifteenth" —
    /// are told apart by a verb or preposition often more than two tokens before the value,
    /// which a ±2 window and the label transitions (reset by every `O` between) cannot see.
    /// The bag is given only to tokens inside a typed span (a listed value or a built-in
    /// find): on every token it memorised the carrier phrases of small models.
    static let leftContextReach = 14

    static let boundary = StableHash.hash("<s>")
    static let end = StableHash.hash("</s>")

    @inline(__always)
    static func attr(_ t: Template, _ v: UInt64) -> UInt64 { StableHash.combine(t.rawValue, v) }

    /// Attributes per token, appended to `out` as a flat list with `offsets` (count + 1);
    /// `clusters`, each token's ``WordClusters`` number (``WordClusters/none`` for none), or
    /// empty for a tagger without clusters.
    public static func extract(tokens: [Token], intentKey: UInt64, spans: [TypedSpan], clusters: [UInt16] = [],
                               offsets: inout [Int32], out: inout [UInt64]) {
        var words: [UInt64] = [], intentAt: [Int32] = []
        extract(tokens: tokens, intentKey: intentKey, spans: spans, clusters: clusters, offsets: &offsets, out: &out,
                words: &words, intentAt: &intentAt)
    }

    /// The cluster attributes of token `i` (``WordClusters``), appended to `out`: its own
    /// cluster, and the clusters of the words before and after it. A word no sample used but
    /// that the pack puts among listed values ("seattle" among the listed cities) then shares
    /// their weights; the neighbours' clusters let a carrier word no sample used point at the
    /// value beside it as its cluster's words do. A token without a cluster gets none of its own.
    @inline(__always)
    static func clusterAttributes(_ clusters: [UInt16], at i: Int, _ put: (UInt64) -> Void) {
        let n = clusters.count
        @inline(__always) func key(_ c: UInt16) -> UInt64 { UInt64(c) &+ 1 }
        if clusters[i] != WordClusters.none { put(attr(.cluster, key(clusters[i]))) }
        let before = i == 0 ? boundary : (clusters[i - 1] == WordClusters.none ? 0 : key(clusters[i - 1]))
        let after = i + 1 >= n ? end : (clusters[i + 1] == WordClusters.none ? 0 : key(clusters[i + 1]))
        put(attr(.clusterPrev, before))
        put(attr(.clusterNext, after))
    }

    /// Where among a token's attributes ``extract`` writes its word (after the bias).
    static let wordAttributeIndex = 1

    /// How many attributes of a token name the intent (``intentAttributes(_:words:at:)``).
    static let intentAttributeCount = 4

    /// The attributes of token `i` that name the intent, in the order ``extract`` writes them:
    /// the intent, and the intent with the word, the word before and the word after.
    @inline(__always)
    static func intentAttributes(_ intentKey: UInt64, words: [UInt64], at i: Int) -> (UInt64, UInt64, UInt64, UInt64) {
        let n = words.count
        let before = i == 0 ? boundary : words[i - 1], after = i + 1 >= n ? end : words[i + 1]
        return (attr(.intent, intentKey), attr(.intentWord, StableHash.combine(intentKey, words[i])),
                attr(.intentPrev, StableHash.combine(intentKey, before)), attr(.intentNext, StableHash.combine(intentKey, after)))
    }

    /// The most attributes ``extract`` gives one token beside its typed spans' (one each):
    /// the bias, the word and its folded form, the window of ±2, the two bigrams and the skip,
    /// the left-context bag, five affixes, the shape, three cluster attributes, the first and
    /// last flags and the four intent attributes.
    static let mostAttributesPerToken = 10 + (leftContextReach - 2) + 5 + 1 + 3 + 2 + intentAttributeCount

    /// ``extract(tokens:intentKey:spans:offsets:out:)``, also giving each token's word hash and
    /// where in `out` its intent attributes begin (``TaggerInput`` re-keys them).
    ///
    /// The attributes are written through a pointer into `out`, first made as long as the most
    /// the tokens can have (``mostAttributesPerToken``) and then cut to what was written:
    /// appending each one to the array tested its uniqueness and capacity every time.
    static func extract(tokens: [Token], intentKey: UInt64, spans: [TypedSpan], clusters: [UInt16] = [],
                        offsets: inout [Int32], out: inout [UInt64], words: inout [UInt64], intentAt: inout [Int32]) {
        precondition(clusters.isEmpty || clusters.count == tokens.count, "a cluster per token, or none")
        offsets.removeAll(keepingCapacity: true)
        out.removeAll(keepingCapacity: true)
        intentAt.removeAll(keepingCapacity: true)
        let n = tokens.count
        words.removeAll(keepingCapacity: true)
        words.reserveCapacity(n)
        intentAt.reserveCapacity(n)
        offsets.reserveCapacity(n + 1)
        for i in 0..<n { words.append(StableHash.hash(tokens[i].normalized)) }
        @inline(__always) func w(_ i: Int) -> UInt64 { i < 0 ? boundary : (i >= n ? end : words[i]) }
        offsets.append(0)
        let bound = n * (mostAttributesPerToken + spans.count)
        out.reserveCapacity(bound)
        out.append(contentsOf: repeatElement(0, count: bound))
        // The tokens are read in place: a copy of each would retain its three strings. The count
        // written is a local of the closure (captured from outside, each write was a checked
        // access).
        let written = tokens.withUnsafeBufferPointer { tokens in
        out.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var at = 0
            @inline(__always) func put(_ h: UInt64) {
                base[at] = h
                at &+= 1
            }
            for i in 0..<n {
                let tok = UnsafePointer(tokens.baseAddress! + i)
                put(attr(.bias, 0))
                assert(at == Int(offsets[i]) + wordAttributeIndex)
                put(attr(.word, words[i]))
                if tok.pointee.folded != tok.pointee.normalized { put(attr(.folded, StableHash.hash(tok.pointee.folded))) }
                put(attr(.prev1, w(i - 1)))
                put(attr(.prev2, w(i - 2)))
                put(attr(.next1, w(i + 1)))
                put(attr(.next2, w(i + 2)))
                put(attr(.bigramPrev, StableHash.combine(w(i - 1), words[i])))
                put(attr(.bigramNext, StableHash.combine(words[i], w(i + 1))))
                put(attr(.skip, StableHash.combine(w(i - 1), w(i + 1))))
                if spans.contains(where: { $0.start <= i && i < $0.end }) {
                    var back = 3
                    while back <= leftContextReach && i - back >= 0 {
                        put(attr(.leftContext, words[i - back]))
                        back += 1
                    }
                }
                affixes(tok.pointee.folded) { put($0) }
                put(attr(.shape, shape(tok.pointee)))
                if !clusters.isEmpty { clusterAttributes(clusters, at: i) { put($0) } }
                if i == 0 { put(attr(.first, 0)) }
                if i == n - 1 { put(attr(.last, 0)) }
                intentAt.append(Int32(at))
                let named = intentAttributes(intentKey, words: words, at: i)
                put(named.0)
                put(named.1)
                put(named.2)
                put(named.3)
                for s in spans {
                    if s.start <= i && i < s.end {
                        let t: Template = s.end - s.start == 1 ? .spanUnit : (i == s.start ? .spanBegin : (i == s.end - 1 ? .spanLast : .spanInside))
                        put(attr(t, s.typeKey))
                    } else if s.end == i {
                        put(attr(.spanPrev, s.typeKey))
                    } else if s.start == i + 1 {
                        put(attr(.spanNext, s.typeKey))
                    }
                }
                precondition(at <= bound, "attributes within the bound")
                offsets.append(Int32(at))
            }
            return at
        }
        }
        out.removeLast(bound - written)
    }

    @inline(__always)
    static func affixes(_ s: String, _ put: (UInt64) -> Void) {
        var utf8 = s
        utf8.withUTF8 { buf in
            let c = buf.count
            guard c >= 3 else { return }
            // Byte affixes are fine for hashing; a cut inside a multi-byte character is still a
            // consistent key.
            put(attr(.suffix2, StableHash.hash(bytes: buf[(c - 2)...])))
            put(attr(.suffix3, StableHash.hash(bytes: buf[(c - 3)...])))
            if c >= 5 { put(attr(.suffix4, StableHash.hash(bytes: buf[(c - 4)...]))) }
            let prefix2 = StableHash.hash(bytes: buf[..<2])
            put(attr(.prefix2, prefix2))
            // FNV-1a goes byte by byte: the three-byte prefix's hash continues the two-byte one's.
            if c >= 4 { put(attr(.prefix3, StableHash.hash(bytes: buf[2..<3], seed: prefix2))) }
        }
    }

    /// A coarse shape: kind, and for words whether capitalised in the input, and length bucket.
    @inline(__always)
    static func shape(_ t: Token) -> UInt64 {
        let len = t.normalized.utf8.count
        let bucket: UInt64 = len <= 2 ? 0 : (len <= 4 ? 1 : (len <= 7 ? 2 : 3))
        var cap: UInt64 = 0
        // An ASCII letter is uppercase exactly when it is A–Z: no lookup in the Unicode tables.
        if let b = t.text.utf8.first, b < 0x80 {
            if b >= 0x41 && b <= 0x5A { cap = 1 }
        } else if let f = t.text.unicodeScalars.first, f.properties.isUppercase {
            cap = 1
        }
        return UInt64(t.kind.rawValue) << 8 | cap << 4 | bucket
    }
}
