extension Array {
    /// `count` copies of `value`, as `init(repeating:count:)` makes them, allocated through
    /// code specialized for `Element`.
    ///
    /// The standard library's `init(repeating:count:)` and `init(unsafeUninitializedCapacity:)`
    /// allocate in an unspecialized function that looks the array storage's generic metadata
    /// up in the runtime's cache on every call — a few hundred instructions, more than the
    /// allocation. Classification makes several small arrays an utterance; this one's
    /// metadata is found once.
    @inlinable
    package init(filled value: Element, count: Int) {
        self.init(repeatElement(value, count: count))
    }
}
