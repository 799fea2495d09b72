/// Which label may follow which among one intent's labels.
///
/// BIO structure allows `O→O`, `O→B-x`, `B-x→I-x`, `I-x→I-x`, any label `→O` and a slot
/// following itself; other adjacencies (`B-x→B-y`, `I-x→B-y`) are allowed where training
/// data has them. With ATIS's 160 labels this keeps about a twentieth of the label pairs, and
/// forward-backward and Viterbi cost grows with the kept pairs, not with the square of labels.
package struct TransitionGraph: Sendable {
    /// The intent's labels (global ids), `O` first.
    public let labels: [Int32]
    let from: [Int32]
    let to: [Int32]
    /// Index into the global `L × L` transition table of each pair.
    let global: [Int32]
    let incomingStart: [Int32]
    let incoming: [Int32]
    /// `from[incoming[q]]`: the label each incoming pair comes from, in incoming order, so that
    /// the hot loops read it without going through the pair.
    let incomingFrom: [Int32]
    let outgoingStart: [Int32]
    /// The pairs leaving each label. The pairs are made in order of their first label, so a
    /// label's outgoing pairs are the contiguous range `outgoingStart[k] ..< outgoingStart[k + 1]`
    /// of pair indices (which ``CRFScratch/boundedRows(_:_:_:_:score:back:)`` reads directly).
    let outgoing: [Int32]
    let canStart: [Bool]

    var pairCount: Int { from.count }

    /// A trained tagger's scores over this graph's pairs and labels, kept beside the graph so
    /// that decoding neither copies them nor takes the pairs' exponentials on every call.
    struct Scores: Sendable {
        var transitions: [Float]
        var start: [Float]
        /// `exp(transitions[p] - maximum)`.
        var expTransitions: [Float]
        var maximum: Float
        /// `exp(start[k] - startMaximum)` (0 for a label that cannot start), which every forward
        /// pass would otherwise take anew, and the largest start score (−∞ without labels).
        var expStart: [Float]
        var startMaximum: Float
        /// `transitions` and `expTransitions` in the incoming order the passes read them in.
        var incomingTransitions: [Float]
        var incomingExpTransitions: [Float]
        /// `incomingExpTransitions` laid out for the forward pass's vector lanes.
        var forwardLanes: ForwardLanes?
        /// Per label, its best incoming transition (−∞ for a label nothing leads to): what a
        /// step into it can add at most, from which ``CRFScratch/boundedRows(_:_:_:_:_:_:_:)``
        /// bounds what the rest of an utterance can add to a path.
        var bestIncoming: [Float]
        /// The largest magnitude of any pair's transition score (0 without pairs): with the
        /// emissions' and starts', it bounds every partial path score, and with it the
        /// rounding error the bounded rows allow for.
        var largestTransition: Float
    }

    /// Set by ``SlotTagger/graph(for:)``; nil for graphs used while training.
    var scores: Scores?

    /// The types of the slots whose labels the graph holds, for ``TypeAgreement`` features;
    /// set by ``SlotTagger/graph(for:slotTypes:)``.
    public internal(set) var slotTypes: [SlotTypeKey] = []

    /// ``slotTypes``' unlisted-value penalties over the graph's labels; set with them by
    /// ``SlotTagger/graph(for:slotTypes:)`` (nil when none pays, and decoding then reads
    /// ``slotTypes`` itself if one does).
    var unlistedPenalties: UnlistedPenaltyColumns?

    /// Where the tagger's weights go among the graph's labels (``AttributeTable/LocalColumns``);
    /// set by ``SlotTagger/graph(for:slotTypes:)``, nil for graphs used while training, whose
    /// weights are summed over every label and then gathered.
    var localColumns: AttributeTable.LocalColumns?

    /// The pairs' ends and the incoming and outgoing lists, as raw buffers for hot loops.
    func withAdjacency<R>(_ body: (_ from: UnsafeBufferPointer<Int32>, _ to: UnsafeBufferPointer<Int32>,
                                   _ incomingStart: UnsafeBufferPointer<Int32>, _ incoming: UnsafeBufferPointer<Int32>,
                                   _ outgoingStart: UnsafeBufferPointer<Int32>, _ outgoing: UnsafeBufferPointer<Int32>) -> R) -> R {
        from.withUnsafeBufferPointer { f in
            to.withUnsafeBufferPointer { t in
                incomingStart.withUnsafeBufferPointer { iS in
                    incoming.withUnsafeBufferPointer { i in
                        outgoingStart.withUnsafeBufferPointer { oS in
                            outgoing.withUnsafeBufferPointer { o in body(f, t, iS, i, oS, o) }
                        }
                    }
                }
            }
        }
    }

    /// Each pair's local labels and global transition index, as raw buffers for hot loops.
    package func withPairs<R>(_ body: (UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Int32>, UnsafeBufferPointer<Int32>) -> R) -> R {
        from.withUnsafeBufferPointer { f in to.withUnsafeBufferPointer { t in global.withUnsafeBufferPointer { g in body(f, t, g) } } }
    }

    package init(labels: [Int32], labelCount L: Int, permitted: PermittedTransitions) {
        self.labels = labels
        let K = labels.count
        var from: [Int32] = [], to: [Int32] = [], global: [Int32] = []
        for (kp, lp) in labels.enumerated() {
            for (k, l) in labels.enumerated() where permitted.contains(lp, l) {
                from.append(Int32(kp)); to.append(Int32(k)); global.append(lp * Int32(L) + l)
            }
        }
        func group(_ key: [Int32]) -> (start: [Int32], items: [Int32]) {
            var start = [Int32](repeating: 0, count: K + 1)
            for k in key { start[Int(k) + 1] += 1 }
            for k in 0..<K { start[k + 1] += start[k] }
            var fill = start
            var items = [Int32](repeating: 0, count: key.count)
            for (p, k) in key.enumerated() { items[Int(fill[Int(k)])] = Int32(p); fill[Int(k)] += 1 }
            return (start, items)
        }
        let inc = group(to), out = group(from)
        self.from = from
        self.to = to
        self.global = global
        self.incomingStart = inc.start
        self.incoming = inc.items
        self.incomingFrom = inc.items.map { from[Int($0)] }
        self.outgoingStart = out.start
        self.outgoing = out.items
        self.canStart = labels.map { !($0 > 0 && $0 % 2 == 0) }
    }
}

/// The set of label pairs `(previous, next)` a tagger may use, as a bit matrix.
package struct PermittedTransitions: Sendable, Equatable {
    let labelCount: Int
    private(set) var bits: [UInt64]

    init(labelCount L: Int) {
        labelCount = L
        bits = [UInt64](repeating: 0, count: (L * L + 63) / 64)
        // Structure every BIO sequence needs.
        for l in 0..<L {
            insert(Int32(l), 0)                      // anything → O
            if l > 0 && l % 2 == 1 {
                insert(0, Int32(l))                   // O → B-x
                insert(Int32(l), Int32(l + 1))        // B-x → I-x
                insert(Int32(l + 1), Int32(l + 1))    // I-x → I-x
                insert(Int32(l), Int32(l))            // B-x → B-x (lists of one slot)
                insert(Int32(l + 1), Int32(l))        // I-x → B-x
            }
        }
    }

    init(labelCount: Int, bits: [UInt64]) {
        self.labelCount = labelCount
        self.bits = bits
    }

    mutating func insert(_ a: Int32, _ b: Int32) {
        let i = Int(a) * labelCount + Int(b)
        bits[i >> 6] |= 1 << UInt64(i & 63)
    }

    /// The structure plus every adjacency the labelled sequences show, and connectors.
    ///
    /// A connector is a slot said between two other slots most of the times it occurs (ATIS's
    /// `or` in "{airline_name} {or} {airline_code}"): the samples show it beside a few slots
    /// only, yet people put it between any two ("late monday evening or early tuesday", "la
    /// guardia or jfk"), so any slot may come before it and any slot begin after it. Without
    /// this the decoder could never tag `or` outside the pairs the samples name.
    package init(labelCount L: Int, sequences: [[Int32]]) {
        self.init(labelCount: L)
        var occurrences = [Int](repeating: 0, count: L), between = [Int](repeating: 0, count: L)
        for labels in sequences {
            for t in labels.indices {
                if t > 0 { insert(labels[t - 1], labels[t]) }
                let l = labels[t]
                guard SlotLabels.isBegin(l) else { continue }
                occurrences[Int(l)] += 1
                var end = t + 1
                while end < labels.count, labels[end] == l + 1 { end += 1 }
                if t > 0, labels[t - 1] > 0, end < labels.count, SlotLabels.isBegin(labels[end]) {
                    between[Int(l)] += 1
                }
            }
        }
        for b in stride(from: 1, to: L, by: 2) where occurrences[b] > 0 && 2 * between[b] > occurrences[b] {
            for other in 1..<L {
                insert(Int32(other), Int32(b))                    // any slot → B-connector
                if SlotLabels.isBegin(Int32(other)) {
                    insert(Int32(b), Int32(other))                // B-connector → B-any
                    insert(Int32(b + 1), Int32(other))            // I-connector → B-any
                }
            }
        }
    }

    func contains(_ a: Int32, _ b: Int32) -> Bool {
        let isInside = b > 0 && b % 2 == 0
        if isInside && !(a == b || a == b - 1) { return false }
        let i = Int(a) * labelCount + Int(b)
        return bits[i >> 6] & (1 << UInt64(i & 63)) != 0
    }
}
