import CInt8Products

/// ``UnlistedValuePrior``'s penalties laid out over one graph's labels, once when the graph is
/// made, so that a decode pays per token rather than per slot and token.
///
/// Most tokens are listed by no slot's type: each of them takes the same penalty row —
/// every paying slot's penalty on its begin column, and on its inside column where the inside
/// label pays (a closed phrase list's always, every slot's on the first token) — subtracted
/// from the emission row in one pass. A slot whose type lists the token keeps its two cells as
/// they were, and an inside label after a listed token (where an unlisted run starts) pays
/// after the pass. Each cell takes at most one subtraction of the same float as
/// ``UnlistedValuePrior/addPenalties(slots:tokenKeys:localOf:labels:into:heard:)`` takes off
/// it (subtracting zero leaves any float as it was), so the emissions are the same bits.
struct UnlistedPenaltyColumns: Sendable {
    /// A slot whose penalty is positive, with its local columns (−1: not among the labels).
    struct Slot: Sendable {
        let begin: Int
        let inside: Int
        /// What an unlisted heard token pays, and an unheard one.
        let heard: Float
        let unheard: Float
        let closed: Bool
        let listed: ListedTokens
    }

    /// The penalty rows: of an unlisted token after the first, heard and unheard; then of the
    /// first token.
    enum Row: Int {
        case heard, unheard, firstHeard, firstUnheard
    }

    let slots: [Slot]
    /// The slots' ``ListedTokens`` filters, word `w` of slot `j` at `w · slots.count + j`: a
    /// token's question to every slot reads one run of words, and a clear bit spares the search.
    let filters: [UInt64]
    let labels: Int
    /// Four penalty rows of ``labels`` each (``Row``): what an unlisted token pays.
    let rows: [Float]
    /// Whether an unheard token pays less than a heard one anywhere (whether to ask).
    let asksHeard: Bool

    /// The columns of `slots` (a graph's ``TransitionGraph/slotTypes``) over `labels` (its
    /// labels, global ids); nil when no slot pays, or when two paying slots share a begin label
    /// (a cell would then take two subtractions, whose order the one pass could not keep).
    init?(slots: [SlotTypeKey], labels: [Int32]) {
        guard slots.contains(where: { $0.unlistedPenalty > 0 }) else { return nil }
        // By global label (an array: a graph is made for every intent at load).
        let limit = Int(labels.max() ?? 0) + 1
        var localOf = [Int](repeating: -1, count: limit)
        for (k, l) in labels.enumerated() where l >= 0 { localOf[Int(l)] = k }
        func local(_ l: Int32) -> Int { l >= 0 && Int(l) < limit ? localOf[Int(l)] : -1 }
        let least = slots.lazy.filter { !$0.closedPhrases && $0.group != .builtIn }.map(\.unlistedPenalty).min() ?? 0
        let K = labels.count
        var rows = [Float](repeating: 0, count: 4 * K)
        func set(_ row: Row, _ k: Int, _ penalty: Float) { rows[row.rawValue * K + k] = penalty }
        var paying: [Slot] = [], begins: [Int32] = []
        for slot in slots where slot.unlistedPenalty > 0 {
            begins.append(slot.begin)
            let penalty = slot.unlistedPenalty, closed = slot.closedPhrases
            // As addPenalties works it out: an unheard token pays less unless the slot is a
            // closed phrase list or some slot has no prior.
            let unheard = closed || least == 0 ? penalty : penalty - least
            let entry = Slot(begin: local(slot.begin), inside: local(slot.begin + 1),
                             heard: penalty, unheard: unheard, closed: closed, listed: slot.listed)
            for k in [entry.begin, entry.inside] where k >= 0 {
                // The inside label pays after the first token only in a closed phrase list.
                if k == entry.begin || closed {
                    set(.heard, k, penalty)
                    set(.unheard, k, unheard)
                }
                set(.firstHeard, k, penalty)
                set(.firstUnheard, k, unheard)
            }
            paying.append(entry)
        }
        begins.sort()
        for i in begins.indices.dropFirst() where begins[i] == begins[i - 1] { return nil }
        self.slots = paying
        var filters = [UInt64](repeating: 0, count: ListedTokens.filterWords * paying.count)
        for (j, slot) in paying.enumerated() {
            for w in 0..<ListedTokens.filterWords { filters[w * paying.count + j] = slot.listed.filterWord(w) }
        }
        self.filters = filters
        self.labels = K
        self.rows = rows
        asksHeard = paying.contains { $0.heard != $0.unheard }
    }

    /// Subtracts the penalties from a T × ``labels`` emission table; `tokenKeys` are the
    /// utterance's tokens' ``PhraseTrie/key(_:)``, and `heard` says whether the model heard
    /// token `t` in training (asked only when the answer changes what a token pays).
    func add(tokenKeys: [UInt64], into emission: UnsafeMutableBufferPointer<Float>, heard: (Int) -> Bool) {
        let T = tokenKeys.count, K = labels, S = slots.count
        guard T > 0 else { return }
        precondition(emission.count >= T * K, "one emission row per token")
        // Which slots list each token, as one bit a slot for this token and the one before.
        let words = (S + 63) >> 6
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * words) { bits in
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 2 * S) { kept in
        slots.withUnsafeBufferPointer { slots in
        filters.withUnsafeBufferPointer { filters in
        rows.withUnsafeBufferPointer { rows in
            var listed = bits.baseAddress!, before = listed + words
            before.initialize(repeating: 0, count: words)
            for t in 0..<T {
                let key = tokenKeys[t], bit = ListedTokens.bit(of: key)
                var anyListed = false
                let column = filters.baseAddress! + (bit &>> 6) &* S, mask: UInt64 = 1 &<< UInt64(bit & 63)
                // The slots whose filters hold the key's bit (four a step in C where there are
                // enough slots to pay for the call), then their lists.
                if S < Self.slotsForFilterHits {
                    listed.initialize(repeating: 0, count: words)
                    for j in 0..<S where column[j] & mask != 0 && slots[j].listed.contains(key, bit: bit) {
                        listed[j >> 6] |= 1 << UInt64(j & 63)
                        anyListed = true
                    }
                } else if snlu_filter_hits(column, S, mask, listed) != 0 {
                    for w in 0..<words {
                        var word = listed[w], kept: UInt64 = 0
                        while word != 0 {
                            let j = w &<< 6 &+ word.trailingZeroBitCount
                            word &= word &- 1
                            if slots[j].listed.contains(key, bit: bit) { kept |= 1 &<< UInt64(j & 63) }
                        }
                        listed[w] = kept
                        if kept != 0 { anyListed = true }
                    }
                }
                let pays = !asksHeard || heard(t)
                let paid: Row = t == 0 ? (pays ? .firstHeard : .firstUnheard) : (pays ? .heard : .unheard)
                let penalties = rows.baseAddress! + paid.rawValue &* K
                let row = emission.baseAddress! + t &* K
                // A listed slot's two cells, kept aside across the pass.
                if anyListed {
                    forEach(listed, words) { j in
                        if slots[j].begin >= 0 { kept[2 &* j] = row[slots[j].begin] }
                        if slots[j].inside >= 0 { kept[2 &* j &+ 1] = row[slots[j].inside] }
                    }
                }
                for k in 0..<K { row[k] -= penalties[k] }
                if anyListed {
                    forEach(listed, words) { j in
                        if slots[j].begin >= 0 { row[slots[j].begin] = kept[2 &* j] }
                        if slots[j].inside >= 0 { row[slots[j].inside] = kept[2 &* j &+ 1] }
                    }
                }
                // An unlisted run starting after a listed token: the inside label pays there.
                if t > 0 {
                    for w in 0..<words {
                        var word = before[w] & ~listed[w]
                        while word != 0 {
                            let j = w &<< 6 &+ word.trailingZeroBitCount
                            word &= word &- 1
                            // Fields read in place: a copy of the slot would retain its lists.
                            let inside = slots[j].inside
                            if !slots[j].closed && inside >= 0 { row[inside] -= pays ? slots[j].heard : slots[j].unheard }
                        }
                    }
                }
                swap(&listed, &before)
            }
        }
        }
        }
        }
        }
    }

    /// The fewest paying slots whose filter words `snlu_filter_hits` reads for a token: with
    /// fewer, the call costs more than the loop over them.
    static let slotsForFilterHits = 8

    /// Calls `body` with each set bit's index of `bits[0 ..< words]`, ascending.
    @inline(__always)
    private func forEach(_ bits: UnsafeMutablePointer<UInt64>, _ words: Int, _ body: (Int) -> Void) {
        for w in 0..<words {
            var word = bits[w]
            while word != 0 {
                body(w &<< 6 &+ word.trailingZeroBitCount)
                word &= word &- 1
            }
        }
    }
}
