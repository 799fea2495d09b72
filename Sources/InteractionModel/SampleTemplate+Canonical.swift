extension SampleTemplate {
    /// Whether `sample` is surely written as ``canonicalText`` writes it, read from its bytes
    /// without splitting it: no `|` anywhere (no legacy `{literal|Slot}` reference) and no
    /// reference whose name starts or ends with a byte that may be white space (ASCII spaces and
    /// control bytes, and every byte of a non-ASCII scalar). Then the parse of `sample`, if it
    /// has one, gives back `sample` itself; when this answers false it may still do so.
    public static func isSurelyCanonical(_ sample: String) -> Bool {
        var sample = sample
        return sample.withUTF8 { bytes in
            @inline(__always) func mayBeSpace(_ b: UInt8) -> Bool { b <= 0x20 || b >= 0x80 }
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x7C { return false }
                if b == 0x7B, i + 1 < bytes.count, mayBeSpace(bytes[i + 1]) { return false }
                if b == 0x7D, i > 0, mayBeSpace(bytes[i - 1]) { return false }
                i += 1
            }
            return true
        }
    }
}
