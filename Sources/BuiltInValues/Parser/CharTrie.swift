/// A trie over Unicode scalars with small sorted child lists: compact and fast to walk.
struct CharTrie: Sendable {
    private var childStart: [Int32] = []
    private var childCount: [Int32] = []
    private var edgeScalar: [UInt32] = []
    private var edgeTarget: [Int32] = []
    var terminal: [Int32?] = []

    init(words: [String: Int32]) {
        // Build with dictionaries, then flatten.
        var children: [[UInt32: Int]] = [[:]]
        var term: [Int32?] = [nil]
        for (word, id) in words {
            var node = 0
            for s in word.unicodeScalars {
                if let next = children[node][s.value] { node = next; continue }
                children.append([:])
                term.append(nil)
                children[node][s.value] = children.count - 1
                node = children.count - 1
            }
            if term[node] == nil { term[node] = id }
        }
        for node in 0..<children.count {
            childStart.append(Int32(edgeScalar.count))
            let sorted = children[node].sorted { $0.key < $1.key }
            childCount.append(Int32(sorted.count))
            for (s, target) in sorted {
                edgeScalar.append(s)
                edgeTarget.append(Int32(target))
            }
        }
        terminal = term
    }

    @inline(__always)
    func child(_ node: Int, _ s: Unicode.Scalar) -> Int? {
        let start = Int(childStart[node])
        let end = start + Int(childCount[node])
        var k = start
        while k < end {
            if edgeScalar[k] == s.value { return Int(edgeTarget[k]) }
            k += 1
        }
        return nil
    }
}
