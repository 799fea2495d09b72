import CInt8Products

/// Lists of ids under 64-bit hashes, in one flat table: what ``NearSpellings`` looks its
/// words and keys up in.
///
/// A lookup of a hash nobody listed — most of a fuzzy search's lookups — reads one 8-byte
/// slot; a hash listing one id, most of the rest, finds the id in its slot too. Only a hash
/// listing several reads a run of ``runs``. Slots hold the upper half of the hash, so two
/// hashes that share it share a list: callers check what they find.
struct HashedLists: Sendable {
    /// `hash >> 32 << 32 | value`, 0 when empty. A value with ``singleFlag`` is the one id
    /// listed; any other is one more than where the list's run begins in ``runs``.
    private let slots: [UInt64]
    private let shift: UInt64
    /// The lists of several ids, each a run: its length, then its ids in the order given.
    private let runs: [Int32]

    private static let singleFlag: UInt32 = 1 << 31

    /// The lists of `pairs`: each id under its hash, in the order given within a hash. Ids are
    /// below 2³¹.
    init(_ pairs: [(hash: UInt64, id: Int32)]) {
        // At most two thirds of the slots are full.
        var bits: UInt64 = 4
        while (1 << bits) * 2 < pairs.count * 3 { bits += 1 }
        let capacity = 1 << Int(bits)
        let shift = 64 - bits
        self.shift = shift
        var slots = [UInt64](repeating: 0, count: capacity)
        // Each pair's list: the slot of its hash, which holds the list's number + 1 meanwhile.
        var slotOf = [Int32](repeating: 0, count: pairs.count)
        var counts: [Int32] = [0]
        slots.withUnsafeMutableBufferPointer { slots in
            for (p, pair) in pairs.enumerated() {
                precondition(pair.id >= 0, "ids are not negative")
                let h = UInt32(truncatingIfNeeded: pair.hash >> 32)
                var i = Self.home(h, shift: shift)
                while slots[i] != 0 && UInt32(truncatingIfNeeded: slots[i] >> 32) != h { i = (i + 1) & (capacity - 1) }
                if slots[i] == 0 {
                    slots[i] = UInt64(h) << 32 | UInt64(counts.count)
                    counts.append(0)
                }
                counts[Int(UInt32(truncatingIfNeeded: slots[i]))] += 1
                slotOf[p] = Int32(i)
            }
        }
        // Each list's ids in the order given (lists in the order their hashes were first met).
        for l in 1..<counts.count { counts[l] += counts[l - 1] }
        var next = counts
        var ids = [Int32](repeating: 0, count: pairs.count)
        for (p, pair) in pairs.enumerated() {
            let l = Int(UInt32(truncatingIfNeeded: slots[Int(slotOf[p])])) - 1
            ids[Int(next[l])] = pair.id
            next[l] += 1
        }
        // A list of one id goes into its slot; a longer one becomes a run.
        var runs: [Int32] = []
        for i in slots.indices where slots[i] != 0 {
            let l = Int(UInt32(truncatingIfNeeded: slots[i])) - 1
            let list = ids[Int(counts[l])..<Int(counts[l + 1])]
            let value: UInt32
            if list.count == 1 {
                value = UInt32(list.first!) | Self.singleFlag
            } else {
                value = UInt32(runs.count + 1)
                runs.append(Int32(list.count))
                runs.append(contentsOf: list)
            }
            slots[i] = (slots[i] >> 32) << 32 | UInt64(value)
        }
        self.slots = slots
        self.runs = runs
    }

    @inline(__always)
    private static func home(_ upper: UInt32, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (UInt64(upper) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Starts fetching the slot a lookup of `hash` begins at, without waiting for it: a caller
    /// with many lookups to make issues their fetches first.
    @inline(__always)
    func prefetch(_ hash: UInt64) {
        slots.withUnsafeBufferPointer { slots in
            snlu_prefetch(slots.baseAddress! + Self.home(UInt32(truncatingIfNeeded: hash >> 32), shift: shift))
        }
    }

    /// Calls `body` with each id listed under `hash` (and under any hash sharing its upper half).
    @inline(__always)
    func forEach(_ hash: UInt64, _ body: (Int32) -> Void) {
        let h = UInt32(truncatingIfNeeded: hash >> 32)
        let value: UInt32? = slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var i = Self.home(h, shift: shift)
            while slots[i] != 0 {
                if UInt32(truncatingIfNeeded: slots[i] >> 32) == h { return UInt32(truncatingIfNeeded: slots[i]) }
                i = (i + 1) & mask
            }
            return nil
        }
        guard let value else { return }
        if value & Self.singleFlag != 0 {
            body(Int32(value & ~Self.singleFlag))
            return
        }
        let start = Int(value) - 1
        for p in (start + 1)..<(start + 1 + Int(runs[start])) { body(runs[p]) }
    }
}
