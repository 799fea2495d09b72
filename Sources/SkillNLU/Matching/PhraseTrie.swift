/// A trie over token sequences, keyed by hashes of tokens' folded forms.
///
/// It is the gazetteer of the engine: every value and synonym of every custom slot type is a
/// path, and each path's end lists which (type, value) it spells. Looking up all phrases that
/// start at a position costs one dictionary probe per token, so matching a whole utterance is
/// linear in its length times the longest phrase.
public struct PhraseTrie: Sendable {
    /// What a phrase spells: an index into the owner's list of types, and of values within it.
    public struct Entry: Sendable, Hashable {
        public var type: Int32
        public var value: Int32
        public init(type: Int32, value: Int32) {
            self.type = type
            self.value = value
        }
    }

    /// One phrase found in a token sequence.
    public struct Match: Sendable, Hashable {
        public var start: Int
        /// Exclusive.
        public var end: Int
        public var entries: [Entry]
    }

    private var edges: [UInt64: Int32] = [:]
    private var terminals: [Int32: [Entry]] = [:]
    private var nodeCount: Int32 = 1
    /// The most tokens any phrase has.
    public private(set) var longestPhrase = 0

    public init() {}

    /// The hash a token contributes to trie paths.
    @inline(__always)
    public static func key(_ token: Token) -> UInt64 { StableHash.hash(token.folded) }

    /// Adds a phrase given as token keys. Empty phrases are ignored.
    public mutating func insert(_ keys: [UInt64], entry: Entry) {
        guard !keys.isEmpty else { return }
        var node: Int32 = 0
        for k in keys {
            let edge = StableHash.combine(UInt64(UInt32(bitPattern: node)), k)
            if let next = edges[edge] {
                node = next
            } else {
                edges[edge] = nodeCount
                node = nodeCount
                nodeCount += 1
            }
        }
        var list = terminals[node] ?? []
        if !list.contains(entry) { list.append(entry) }
        terminals[node] = list
        longestPhrase = max(longestPhrase, keys.count)
    }

    /// Every phrase that starts at `start`, shortest first.
    @inline(__always)
    public func matches(in keys: UnsafeBufferPointer<UInt64>, from start: Int, into out: inout [Match]) {
        var node: Int32 = 0
        var i = start
        while i < keys.count, i - start < longestPhrase {
            guard let next = edges[StableHash.combine(UInt64(UInt32(bitPattern: node)), keys[i])] else { return }
            node = next
            i += 1
            if let list = terminals[node] { out.append(Match(start: start, end: i, entries: list)) }
        }
    }

    /// Every phrase anywhere in `keys`.
    public func allMatches(_ keys: [UInt64]) -> [Match] {
        var out: [Match] = []
        keys.withUnsafeBufferPointer { buf in
            for s in 0..<buf.count { matches(in: buf, from: s, into: &out) }
        }
        return out
    }

    /// The entries of exactly this phrase, if it is one.
    public func lookup(_ keys: some Collection<UInt64>) -> [Entry]? {
        var node: Int32 = 0
        for k in keys {
            guard let next = edges[StableHash.combine(UInt64(UInt32(bitPattern: node)), k)] else { return nil }
            node = next
        }
        return terminals[node]
    }
}
