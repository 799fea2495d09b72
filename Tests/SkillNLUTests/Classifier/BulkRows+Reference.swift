@testable import SkillNLU

extension BulkRows {
    /// The levels of one row, decoded the plain way the layout describes, as the reference the
    /// scoring kernel and the reader are checked against: code 0, 1 or 2 is `base - 1 + code`,
    /// code 3 (``escape``) takes the next level of `exceptions` (nibbles, low first, each
    /// level plus ``top``) from index `first` on. Writes `4 × rowBytes` levels (codes past the
    /// row's width are the last byte's zero padding).
    static func decode(codes: UnsafePointer<UInt8>, rowBytes: Int, base: Int8, exceptions: UnsafePointer<UInt8>,
                       first: Int, into levels: UnsafeMutablePointer<Int8>) {
        var e = first
        for k in 0..<(rowBytes * 4) {
            let code = (codes[k / 4] >> UInt8((k % 4) * 2)) & 3
            if code == escape {
                let nibble = (exceptions[e / 2] >> UInt8((e % 2) * 4)) & 15
                levels[k] = Int8(nibble) - Int8(top)
                e += 1
            } else {
                levels[k] = base - 1 + Int8(code)
            }
        }
    }
}
