import BuiltInValues

/// Turns tokens into hashed feature ids: word unigrams, word bigrams (with sentence-boundary
/// markers) and character n-grams of each word wrapped in `<` `>`.
///
/// The hash is FNV-1a (64 bit) over the UTF-8 bytes of `Token.normalized`, with a distinct
/// starting byte per feature kind so that the word "ing" and the trigram "ing" are different
/// features, followed by a multiply–xorshift finaliser and a multiply–shift reduction to the
/// bucket range. Everything is defined on bytes, so a model trained on one platform hashes the
/// same way on every other. Nothing here allocates: features are handed to a closure as they
/// are produced.
package struct FeatureHasher: Sendable, Equatable {
    /// Size of the hash space (ids are in `0..<buckets`).
    let buckets: Int
    /// 1: unigrams only; 2: unigrams and bigrams; 3: and trigrams.
    let wordNgrams: Int
    /// Character n-gram lengths, in Unicode scalars of `<word>`; empty when `minChar == 0`.
    let minChar: Int
    let maxChar: Int

    init(buckets: Int, wordNgrams: Int, minChar: Int, maxChar: Int) {
        self.buckets = buckets
        self.wordNgrams = wordNgrams
        self.minChar = minChar
        self.maxChar = maxChar
    }

    static let fnvOffset: UInt64 = 0xCBF2_9CE4_8422_2325
    static let fnvPrime: UInt64 = 0x0000_0100_0000_01B3

    private static let unigramKind: UInt8 = 0x01
    private static let bigramKind: UInt8 = 0x02
    private static let charKind: UInt8 = 0x03
    private static let boundaryHash: UInt64 = 0x5EED_0F5E_47E7_CE00
    private static let trigramSalt: UInt64 = 0x7219_6A3D_0C4B_51F3

    @inline(__always)
    static func step(_ h: UInt64, _ byte: UInt8) -> UInt64 {
        (h ^ UInt64(byte)) &* fnvPrime
    }

    /// Final mixing then reduction of a 64-bit hash to `0..<buckets`.
    @inline(__always)
    func bucket(_ h: UInt64) -> Int {
        var z = h
        z = (z ^ (z >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        z ^= z >> 29
        return Int(((z >> 32) &* UInt64(buckets)) >> 32)
    }

    /// Calls `body` with the bucket of every feature of `tokens`, in a fixed order, and whether
    /// it is a word unigram or bigram (rather than a character n-gram).
    @inline(__always)
    package func forEachFeature(_ tokens: [Token], _ body: (_ bucket: Int, _ isWordLevel: Bool) -> Void) {
        forEachFeature(tokens) { bucket, wordLevel, _ in body(bucket, wordLevel) }
    }

    /// ``forEachFeature(_:_:)`` that also tells which tokens each feature is made of: a
    /// unigram or character n-gram its word's, a bigram or trigram its words' (sentence
    /// boundaries left out), as the range of their positions.
    @inline(__always)
    package func forEachFeature(_ tokens: [Token], _ body: (_ bucket: Int, _ isWordLevel: Bool, _ tokens: Range<Int>) -> Void) {
        var previous = Self.boundaryHash, beforePrevious = Self.boundaryHash
        // Tokens read in place: copying each would retain its three strings.
        tokens.withUnsafeBufferPointer { tokens in
        for position in tokens.indices {
            let wordHash: UInt64
            func own(_ bucket: Int, _ wordLevel: Bool) { body(bucket, wordLevel, position..<position + 1) }
            if let h = tokens[position].normalized.utf8.withContiguousStorageIfAvailable({ hashWord($0, own) }) {
                wordHash = h
            } else {
                let bytes = Array(tokens[position].normalized.utf8)
                wordHash = bytes.withUnsafeBufferPointer { hashWord($0, own) }
            }
            if wordNgrams >= 2 {
                body(bucket(Self.pair(previous, wordHash)), true, max(0, position - 1)..<position + 1)
            }
            if wordNgrams >= 3, position >= 1 {
                body(bucket(Self.pair(Self.pair(beforePrevious, previous) ^ Self.trigramSalt, wordHash)), true,
                     max(0, position - 2)..<position + 1)
            }
            beforePrevious = previous
            previous = wordHash
        }
        }
        if wordNgrams >= 2, !tokens.isEmpty {
            body(bucket(Self.pair(previous, Self.boundaryHash)), true, tokens.count - 1..<tokens.count)
        }
        if wordNgrams >= 3, !tokens.isEmpty {
            body(bucket(Self.pair(Self.pair(beforePrevious, previous) ^ Self.trigramSalt, Self.boundaryHash)), true,
                 max(0, tokens.count - 2)..<tokens.count)
        }
    }

    /// Calls `body` with the bucket and position of every word-level feature of `tokens` made of
    /// one word alone — its unigram, the opening bigram of the first word, the closing bigram of
    /// the last, the closing trigram of a one-word utterance: the word-level features of
    /// ``forEachFeature(_:_:)`` whose tokens are one word, found without hashing any character
    /// n-gram.
    package func forEachOneWordFeature(_ tokens: [Token], _ body: (_ bucket: Int, _ position: Int) -> Void) {
        for (position, token) in tokens.enumerated() {
            var h = Self.step(Self.fnvOffset, Self.unigramKind)
            for b in token.normalized.utf8 { h = Self.step(h, b) }
            body(bucket(h), position)
            if wordNgrams >= 2, position == 0 { body(bucket(Self.pair(Self.boundaryHash, h)), 0) }
            if position == tokens.count - 1 {
                if wordNgrams >= 2 { body(bucket(Self.pair(h, Self.boundaryHash)), position) }
                if wordNgrams >= 3, tokens.count == 1 {
                    body(bucket(Self.pair(Self.pair(Self.boundaryHash, h) ^ Self.trigramSalt, Self.boundaryHash)), 0)
                }
            }
        }
    }

    /// At least as many features as ``forEachFeature(_:_:)`` produces for `tokens`: per word
    /// its unigram, bigram and trigram, and for each n-gram length as many character n-grams
    /// as `<word>` has bytes to start one (a scalar is at least a byte); plus the closing
    /// bigram and trigram.
    func featureCountBound(_ tokens: [Token]) -> Int {
        var n = 2
        for t in tokens {
            n += 3
            guard minChar > 0 else { continue }
            let wrapped = t.normalized.utf8.count + 2
            for length in minChar...max(minChar, maxChar) where wrapped >= length { n += wrapped - length + 1 }
        }
        return n
    }

    @inline(__always)
    private static func pair(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var h = step(fnvOffset, bigramKind)
        h = (h ^ a) &* fnvPrime
        h = (h ^ (h >> 29)) &* 0x9E37_79B9_7F4A_7C15
        return (h ^ b) &* fnvPrime
    }

    /// Emits the word's unigram and character n-grams; returns the word's own hash (before
    /// reduction) for the bigram that follows.
    @inline(__always)
    private func hashWord(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Bool) -> Void) -> UInt64 {
        var h = Self.step(Self.fnvOffset, Self.unigramKind)
        var high: UInt8 = 0
        for b in bytes {
            h = Self.step(h, b)
            high |= b
        }
        body(bucket(h), true)
        if minChar > 0 {
            if high < 0x80 { asciiCharNgrams(bytes, body) } else { charNgrams(bytes, body) }
        }
        return h
    }

    /// ``charNgrams(_:_:)`` for a word of ASCII bytes alone, where a scalar is a byte: the same
    /// n-grams in the same order (by start, then length), with no test for continuation bytes.
    /// `<word>` is written out once into a stack buffer, so each step of a hash is one read,
    /// not a test of whether it is at a boundary.
    @inline(__always)
    private func asciiCharNgrams(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Bool) -> Void) {
        let n = bytes.count &+ 2
        guard n >= minChar else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n) { wrapped in
            let w = wrapped.baseAddress!
            w[0] = 0x3C
            for k in 0..<bytes.count { w[k &+ 1] = bytes[k] }
            w[n &- 1] = 0x3E
            let first = Self.step(Self.fnvOffset, Self.charKind)
            for start in 0...(n &- minChar) {
                var h = first
                var i = start
                let shortest = start &+ minChar
                while i < shortest {
                    h = Self.step(h, w[i])
                    i &+= 1
                }
                body(bucket(h), false)
                let end = Swift.min(n, start &+ maxChar)
                while i < end {
                    h = Self.step(h, w[i])
                    i &+= 1
                    body(bucket(h), false)
                }
            }
        }
    }

    /// Character n-grams of `<word>`, counted in Unicode scalars (a UTF-8 continuation byte
    /// never starts or ends an n-gram).
    @inline(__always)
    private func charNgrams(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (Int, Bool) -> Void) {
        let n = bytes.count + 2
        @inline(__always) func byte(_ i: Int) -> UInt8 {
            i == 0 ? 0x3C : (i == n - 1 ? 0x3E : bytes[i - 1])
        }
        @inline(__always) func isContinuation(_ b: UInt8) -> Bool { b & 0xC0 == 0x80 }
        var start = 0
        while start < n {
            var h = Self.step(Self.fnvOffset, Self.charKind)
            var i = start
            var length = 0
            while i < n, length < maxChar {
                h = Self.step(h, byte(i))
                i += 1
                while i < n, isContinuation(byte(i)) { h = Self.step(h, byte(i)); i += 1 }
                length += 1
                if length >= minChar { body(bucket(h), false) }
            }
            if length < minChar { break }   // later starts are shorter still
            start += 1
            while start < n, isContinuation(byte(start)) { start += 1 }
        }
    }
}
