import CInt8Products

/// A map from 64-bit keys that already are good hashes (trie edges: a node and a token's
/// hash, combined) to non-negative 32-bit values, kept in one flat array of slots with linear
/// probing.
///
/// A `Dictionary` would hash every key again with SipHash and a per-process seed. Here a
/// lookup is a multiplication and, nearly always, one cache line — a slot holds its key and
/// its value together, where two arrays cost a miss each — and the table is a pure function of
/// what was inserted, in order: inserting the same edges in the same order when a model file
/// is read gives the same table as training built.
package struct HashIndex: Sendable, Equatable {
    /// A key and its value; empty when the value is -1.
    struct Slot: Sendable, Equatable {
        var key: UInt64
        var value: Int32

        static let empty = Slot(key: 0, value: -1)
    }

    private(set) var slots: [Slot]
    private(set) var count = 0

    /// An empty table with room for `count` keys before it grows.
    package init(reserving count: Int = 0) {
        var size = 16
        while size * 2 < count * 3 { size *= 2 }
        slots = [Slot](repeating: .empty, count: size)
    }

    /// The table of `entries` (key → value), inserted in order, as ``insertNew(_:_:)`` one by
    /// one would build it (the same slots), or nil when a key repeats; `count` is how many
    /// entries there are. One tight loop: reading a model file builds its tries' tables this
    /// way, where a loop that also decodes each entry waits on each slot's cache miss in turn.
    package init?<S: Sequence>(count: Int, distinct entries: S) where S.Element == (key: UInt64, value: Int32) {
        self.init(reserving: count)
        let mask = slots.count - 1
        var inserted = 0
        let placed = slots.withUnsafeMutableBufferPointer { slots in
            for (key, value) in entries {
                precondition(value >= 0 && inserted < count, "HashIndex values are non-negative, and as many as said")
                guard Self.place(key, value, slots: slots, mask: mask) else { return false }
                inserted += 1
            }
            return true
        }
        guard placed else { return nil }
        self.count = inserted
    }

    /// Puts `key` → `value` in the first free slot from the key's home, probing linearly;
    /// false, and the slots unchanged, when the key is already there.
    @inline(__always)
    private static func place(_ key: UInt64, _ value: Int32, slots: UnsafeMutableBufferPointer<Slot>, mask: Int) -> Bool {
        var i = home(key, mask: mask)
        while slots[i].value >= 0 {
            if slots[i].key == key { return false }
            i = (i + 1) & mask
        }
        slots[i] = Slot(key: key, value: value)
        return true
    }

    @inline(__always)
    private static func home(_ key: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The value of `key`, or nil.
    @inline(__always)
    package func value(_ key: UInt64) -> Int32? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var i = Self.home(key, mask: mask)
            while true {
                let slot = slots[i]
                if slot.value < 0 { return nil }
                if slot.key == key { return slot.value }
                i = (i + 1) & mask
            }
        }
    }

    /// Starts fetching the slot where a lookup of `key` begins, without waiting for it: a
    /// caller with many independent lookups to make issues their fetches first.
    @inline(__always)
    package func prefetch(_ key: UInt64) {
        slots.withUnsafeBufferPointer { slots in
            snlu_prefetch(slots.baseAddress! + Self.home(key, mask: slots.count - 1))
        }
    }

    /// Every key in the table, in slot order.
    package var keysPresent: [UInt64] { slots.filter { $0.value >= 0 }.map(\.key) }

    /// Sets the value of `key` (a value of 0 or more).
    package mutating func set(_ key: UInt64, _ value: Int32) {
        precondition(value >= 0, "HashIndex values are non-negative")
        if (count + 1) * 3 > slots.count * 2 { grow() }
        let mask = slots.count - 1
        var i = Self.home(key, mask: mask)
        while slots[i].value >= 0 && slots[i].key != key { i = (i + 1) & mask }
        if slots[i].value < 0 { count += 1 }
        slots[i] = Slot(key: key, value: value)
    }

    /// Sets the value of `key` when the table lacks it (one probe where ``value(_:)`` then
    /// ``set(_:_:)`` take two); false, and the table unchanged, when it has it.
    package mutating func insertNew(_ key: UInt64, _ value: Int32) -> Bool {
        precondition(value >= 0, "HashIndex values are non-negative")
        if (count + 1) * 3 > slots.count * 2 { grow() }
        let placed = slots.withUnsafeMutableBufferPointer { slots in
            Self.place(key, value, slots: slots, mask: slots.count - 1)
        }
        if placed { count += 1 }
        return placed
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: .empty, count: old.count * 2)
        count = 0
        for slot in old where slot.value >= 0 { set(slot.key, slot.value) }
    }
}
