/// A map from 64-bit keys that already are good hashes (trie edges: a node and a token's
/// hash, combined) to non-negative 32-bit values, kept in two flat arrays with linear probing.
///
/// A `Dictionary` would hash every key again with SipHash and a per-process seed. Here a
/// lookup is a multiplication and, nearly always, one cache line, and the table is a pure
/// function of what was inserted, in order: inserting the same edges in the same order when a
/// model file is read gives the same table as training built.
package struct HashIndex: Sendable, Equatable {
    /// Slot keys; a slot is empty when its value is -1.
    private(set) var keys: [UInt64]
    private(set) var values: [Int32]
    private(set) var count = 0

    /// An empty table with room for `count` keys before it grows.
    package init(reserving count: Int = 0) {
        var size = 16
        while size * 2 < count * 3 { size *= 2 }
        keys = [UInt64](repeating: 0, count: size)
        values = [Int32](repeating: -1, count: size)
    }

    /// The table of `entries` (key → value), inserted in order, as ``insertNew(_:_:)`` one by
    /// one would build it (the same slots), or nil when a key repeats; `count` is how many
    /// entries there are. One tight loop: reading a model file builds its tries' tables this
    /// way, where a loop that also decodes each entry waits on each slot's cache miss in turn.
    package init?<S: Sequence>(count: Int, distinct entries: S) where S.Element == (key: UInt64, value: Int32) {
        self.init(reserving: count)
        let mask = keys.count - 1
        var inserted = 0
        let placed = keys.withUnsafeMutableBufferPointer { slots in
            values.withUnsafeMutableBufferPointer { slotValues in
                for (key, value) in entries {
                    precondition(value >= 0 && inserted < count, "HashIndex values are non-negative, and as many as said")
                    guard Self.place(key, value, keys: slots, values: slotValues, mask: mask) else { return false }
                    inserted += 1
                }
                return true
            }
        }
        guard placed else { return nil }
        self.count = inserted
    }

    /// Puts `key` → `value` in the first free slot from the key's home, probing linearly;
    /// false, and the slots unchanged, when the key is already there.
    @inline(__always)
    private static func place(_ key: UInt64, _ value: Int32, keys: UnsafeMutableBufferPointer<UInt64>,
                              values: UnsafeMutableBufferPointer<Int32>, mask: Int) -> Bool {
        var i = home(key, mask: mask)
        while values[i] >= 0 {
            if keys[i] == key { return false }
            i = (i + 1) & mask
        }
        keys[i] = key
        values[i] = value
        return true
    }

    @inline(__always)
    private static func home(_ key: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The value of `key`, or nil.
    @inline(__always)
    package func value(_ key: UInt64) -> Int32? {
        keys.withUnsafeBufferPointer { keys in
            values.withUnsafeBufferPointer { values in
                let mask = keys.count - 1
                var i = Self.home(key, mask: mask)
                while true {
                    let v = values[i]
                    if v < 0 { return nil }
                    if keys[i] == key { return v }
                    i = (i + 1) & mask
                }
            }
        }
    }

    /// Every key in the table, in slot order.
    package var keysPresent: [UInt64] { keys.indices.filter { values[$0] >= 0 }.map { keys[$0] } }

    /// Sets the value of `key` (a value of 0 or more).
    package mutating func set(_ key: UInt64, _ value: Int32) {
        precondition(value >= 0, "HashIndex values are non-negative")
        if (count + 1) * 3 > keys.count * 2 { grow() }
        let mask = keys.count - 1
        var i = Self.home(key, mask: mask)
        while values[i] >= 0 && keys[i] != key { i = (i + 1) & mask }
        if values[i] < 0 { count += 1 }
        keys[i] = key
        values[i] = value
    }

    /// Sets the value of `key` when the table lacks it (one probe where ``value(_:)`` then
    /// ``set(_:_:)`` take two); false, and the table unchanged, when it has it.
    package mutating func insertNew(_ key: UInt64, _ value: Int32) -> Bool {
        precondition(value >= 0, "HashIndex values are non-negative")
        if (count + 1) * 3 > keys.count * 2 { grow() }
        let placed = keys.withUnsafeMutableBufferPointer { keys in
            values.withUnsafeMutableBufferPointer { values in
                Self.place(key, value, keys: keys, values: values, mask: keys.count - 1)
            }
        }
        if placed { count += 1 }
        return placed
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
        values = [Int32](repeating: -1, count: oldKeys.count * 2)
        count = 0
        for i in 0..<oldKeys.count where oldValues[i] >= 0 { set(oldKeys[i], oldValues[i]) }
    }
}
