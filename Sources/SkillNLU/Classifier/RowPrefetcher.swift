import CInt8Products

/// Fetches rows of one ``WeightRows`` table into the cache ahead of their sums, with the
/// table's pointers and row size taken once (``WeightRows/withRowPrefetcher(_:)``) rather than
/// found again, through the table's form, for every row: the classifier names a row for each
/// feature it hashes, a few hundred an utterance.
struct RowPrefetcher {
    /// The table's first byte (nil for a table with no bytes).
    let rows: UnsafeRawPointer?
    /// The row scales of a quantized table.
    let scales: UnsafePointer<Float>?
    /// The bits a row takes: row `r` is bits `r * bitsPerRow ..< (r + 1) * bitsPerRow` from `rows`.
    let bitsPerRow: Int
    /// The bytes a row takes when rows start on byte boundaries and one takes 1 to 64 bytes
    /// (so touches at most two cache lines: its first byte's and its last byte's); 0 otherwise.
    let shortRowBytes: Int

    init(rows: UnsafeRawPointer?, scales: UnsafePointer<Float>?, bitsPerRow: Int) {
        self.rows = rows
        self.scales = scales
        self.bitsPerRow = bitsPerRow
        shortRowBytes = bitsPerRow & 7 == 0 && bitsPerRow > 0 && bitsPerRow <= 512 ? bitsPerRow >> 3 : 0
    }

    /// Starts fetching row `row`'s bytes (every cache line they touch) and its scale, without
    /// waiting for them: the same lines a fetch of each 64-byte step of the row and of its last
    /// byte reads.
    @inline(__always)
    func prefetch(row: Int) {
        if let scales { snlu_prefetch(scales + row) }
        guard let rows else { return }
        if shortRowBytes > 0 {
            let start = rows + row &* shortRowBytes
            snlu_prefetch(start)
            snlu_prefetch(start + (shortRowBytes &- 1))
            return
        }
        let first = row &* bitsPerRow
        let bytes = (first & 7 &+ bitsPerRow &+ 7) &>> 3
        guard bytes > 0 else { return }
        let start = rows + (first &>> 3)
        var offset = 0
        while offset < bytes {
            snlu_prefetch(start + offset)
            offset &+= 64
        }
        // The last byte's line, when the row does not start on a line boundary.
        snlu_prefetch(start + (bytes &- 1))
    }
}

extension WeightRows {
    /// Calls `body` with a prefetcher of this table's rows, valid during the call.
    @inline(__always)
    func withRowPrefetcher<R>(_ body: (RowPrefetcher) -> R) -> R {
        if bits == 32 {
            return floats.withUnsafeBytes { f in
                body(RowPrefetcher(rows: f.baseAddress, scales: nil, bitsPerRow: width &* 32))
            }
        }
        let bitsPerRow = bits == 2 ? BulkRows.stride(width: width) &* 8 : bits == 8 ? rowBytes &* 8 : width &* bits
        return bytes.withUnsafeBytes { b in
            scales.withUnsafeBufferPointer { s in
                body(RowPrefetcher(rows: b.baseAddress.map { $0 + start }, scales: s.baseAddress, bitsPerRow: bitsPerRow))
            }
        }
    }
}
