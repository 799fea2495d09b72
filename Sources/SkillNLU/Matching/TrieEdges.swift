/// The literal edges of a token trie, grouped by the node they leave: node `n`'s edges are
/// `keys[start[n]..<start[n + 1]]`, leading to `children` at the same positions; a node with
/// many edges (the root: every sample's first word) has them sorted by key.
///
/// Built from each node's parent and the key of the edge into it (what older model files
/// store) with a counting sort, in passes that read and write nearly in order, where a hash
/// table of (node, key) edges takes a cache miss per edge to fill; or taken as they are from a
/// trie whose nodes are numbered with each node's children together (a laid-out model file),
/// only checked. A lookup scans one node's few edges, or halves the sorted edges of a node with many.
package struct TrieEdges: Sendable, Equatable {
    private var start: [Int32]
    private var keys: [UInt64]
    private var children: [Int32]

    /// No edges, over one node (the root).
    package init() {
        start = [0, 0]
        keys = []
        children = []
    }

    /// The edges of a trie of `parents.count` nodes in which node `n` (from 1) is reached from
    /// `parents[n]` by the token key `vocabulary[words[n]]`, or by no literal when `words[n]` is
    /// negative; nil when a node has two edges with the same key (a trie never has). Parents
    /// must come before their children (`parents[n] < n`) and word indexes be in `vocabulary`.
    package init?(parents: [Int32], words: [Int32], vocabulary: [UInt64]) {
        precondition(parents.count == words.count, "a word index for every node")
        let nodes = parents.count
        var start = [Int32](repeating: 0, count: nodes + 1)
        var count = 0
        for n in 1..<max(1, nodes) where words[n] >= 0 {
            start[Int(parents[n]) + 1] += 1
            count += 1
        }
        for n in 0..<nodes { start[n + 1] += start[n] }
        var keys = [UInt64](repeating: 0, count: count)
        var children = [Int32](repeating: 0, count: count)
        var fill = start
        for n in 1..<max(1, nodes) where words[n] >= 0 {
            let p = Int(parents[n])
            let at = Int(fill[p])
            keys[at] = vocabulary[Int(words[n])]
            children[at] = Int32(n)
            fill[p] += 1
        }
        let distinct = keys.withUnsafeMutableBufferPointer { keys in
            children.withUnsafeMutableBufferPointer { children in
                Self.orderEachNode(start: start, keys: keys, children: children)
            }
        }
        guard distinct else { return nil }
        self.start = start
        self.keys = keys
        self.children = children
    }

    /// The edges as they are kept, grouped by node already: node `n`'s are
    /// `keys[start[n]..<start[n + 1]]`, leading to `children` at the same positions, in the
    /// order ``child(of:key:)`` needs (a node with more than ``scanned`` of them sorted by key);
    /// nil when a node repeats a key or has many edges out of key order. `start` must rise from
    /// 0 to `keys.count`, and `children` be as many as `keys`.
    package init?(start: [Int32], keys: [UInt64], children: [Int32]) {
        precondition(start.first == 0 && Int(start[start.count - 1]) == keys.count && keys.count == children.count,
                     "edges grouped by node")
        let ordered = keys.withUnsafeBufferPointer { keys in
            start.withUnsafeBufferPointer { start in Self.eachNodeIsOrdered(start: start, keys: keys) }
        }
        guard ordered else { return nil }
        self.start = start
        self.keys = keys
        self.children = children
    }

    /// Whether every node's edges have distinct keys, in ascending order at a node with more
    /// than ``scanned`` of them.
    private static func eachNodeIsOrdered(start: UnsafeBufferPointer<Int32>, keys: UnsafeBufferPointer<UInt64>) -> Bool {
        for n in 0..<(start.count - 1) {
            let lo = Int(start[n]), hi = Int(start[n + 1])
            if hi - lo < 2 { continue }   // most nodes: one edge or none
            if hi - lo > scanned {
                for i in (lo + 1)..<hi where keys[i - 1] >= keys[i] { return false }
            } else {
                for i in lo..<hi { for j in (i + 1)..<max(i + 1, hi) where keys[i] == keys[j] { return false } }
            }
        }
        return true
    }

    /// The children of `node`'s edges in the order they are kept: the order the edges were made
    /// in, or key order at a node with more than ``scanned`` of them.
    package func children(of node: Int32) -> ArraySlice<Int32> {
        children[Int(start[Int(node)])..<Int(start[Int(node) + 1])]
    }

    /// A node's edges are searched one by one up to this many, and kept in creation order;
    /// above it they are sorted by key and searched by halving.
    private static let scanned = 8

    /// Sorts the edges of each node with more than ``scanned`` of them by key (children follow
    /// their keys); false when two of one node's edges have the same key.
    private static func orderEachNode(start: [Int32], keys: UnsafeMutableBufferPointer<UInt64>,
                                      children: UnsafeMutableBufferPointer<Int32>) -> Bool {
        var pairs: [(key: UInt64, child: Int32)] = []
        for n in 0..<(start.count - 1) {
            let lo = Int(start[n]), hi = Int(start[n + 1])
            if hi - lo <= scanned {
                for i in lo..<hi { for j in (i + 1)..<max(i + 1, hi) where keys[i] == keys[j] { return false } }
                continue
            }
            pairs.removeAll(keepingCapacity: true)
            for i in lo..<hi { pairs.append((keys[i], children[i])) }
            pairs.sort { $0.key < $1.key }
            for (offset, pair) in pairs.enumerated() {
                if offset > 0, pairs[offset - 1].key == pair.key { return false }
                keys[lo + offset] = pair.key
                children[lo + offset] = pair.child
            }
        }
        return true
    }

    /// The child of `node` along the edge of token key `key`, or nil.
    @inline(__always)
    package func child(of node: Int32, key: UInt64) -> Int32? {
        start.withUnsafeBufferPointer { start in
            keys.withUnsafeBufferPointer { keys in
                var lo = Int(start[Int(node)]), hi = Int(start[Int(node) + 1])
                if hi - lo > Self.scanned {
                    while hi - lo > 4 {
                        let mid = (lo + hi) >> 1
                        if keys[mid] < key { lo = mid + 1 } else if keys[mid] > key { hi = mid } else { return children[mid] }
                    }
                }
                while lo < hi {
                    if keys[lo] == key { return children[lo] }
                    lo += 1
                }
                return nil
            }
        }
    }

    /// How many edges there are.
    package var count: Int { keys.count }
}
