extension String {
    /// The string of `scalars`, encoded straight into the new string's storage: appending
    /// them to a `String.UnicodeScalarView` one at a time costs several times as much, and
    /// every slot value's raw text is made this way.
    init(scalars: ArraySlice<Unicode.Scalar>) {
        var count = 0
        for s in scalars { count += UTF8.width(s) }
        self.init(unsafeUninitializedCapacity: count) { buffer in
            var n = 0
            for s in scalars {
                UTF8.encode(s) { unit in
                    buffer[n] = unit
                    n += 1
                }
            }
            return n
        }
    }
}
