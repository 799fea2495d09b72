/// A read-only hash table from words to values, keyed by UTF-8 bytes and hashed with FNV-1a.
///
/// Every token of every utterance is looked up once; a `[String: Value]` dictionary spends
/// most of that time in SipHash and `Hasher` set-up, this table in a few multiplications.
struct ByteKeyTable<Value: Sendable>: Sendable {
    private var slots: [Int32]
    private var mask: Int
    private var keyStart: [Int32] = []
    private var keyLength: [Int32] = []
    private var hashes: [UInt32] = []
    private var bytes: [UInt8] = []
    private var values: [Value] = []

    init(_ dictionary: [String: Value]) {
        var capacity = 16
        while capacity < dictionary.count * 2 { capacity <<= 1 }
        slots = [Int32](repeating: -1, count: capacity)
        mask = capacity - 1
        for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            let utf8 = Array(key.utf8)
            let h = Self.hash(utf8)
            var slot = Int(h) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(values.count)
            keyStart.append(Int32(bytes.count))
            keyLength.append(Int32(utf8.count))
            hashes.append(h)
            bytes.append(contentsOf: utf8)
            values.append(value)
        }
    }

    @inline(__always)
    private static func hash<C: Collection>(_ utf8: C) -> UInt32 where C.Element == UInt8 {
        var h: UInt32 = 2_166_136_261
        for b in utf8 { h = (h ^ UInt32(b)) &* 16_777_619 }
        return h
    }

    /// The value stored for `key`, if any.
    func lookup(_ key: String) -> Value? {
        var key = key
        return key.withUTF8 { find($0) }
    }

    private func find(_ utf8: UnsafeBufferPointer<UInt8>) -> Value? {
        let h = Self.hash(utf8)
        var slot = Int(h) & mask
        while true {
            let entry = Int(slots[slot])
            if entry < 0 { return nil }
            if hashes[entry] == h && Int(keyLength[entry]) == utf8.count {
                let start = Int(keyStart[entry])
                var same = true
                for k in 0..<utf8.count where bytes[start + k] != utf8[k] { same = false; break }
                if same { return values[entry] }
            }
            slot = (slot + 1) & mask
        }
    }
}
