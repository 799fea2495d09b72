extension String {
    /// Calls `body` with the string's UTF-8 bytes, read in place when the string holds them
    /// contiguously (a native or small string). `withUTF8` is mutating, so calling it on a
    /// `let` takes a copy, and the copy retains and releases the string's storage: on the
    /// classification path, where every token's words are hashed and compared, that was a
    /// retain and a release per word. A string without contiguous UTF-8 (a bridged one) is
    /// copied, as before.
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        if let r = try utf8.withContiguousStorageIfAvailable(body) { return r }
        var copy = self
        return try copy.withUTF8(body)
    }
}
