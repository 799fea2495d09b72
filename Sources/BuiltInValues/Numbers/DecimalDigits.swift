/// A short string of decimal digits (leading zeros kept) stored in an integer, so readings
/// that carry digits ("0427", a phone number, the "5" of "2.5") copy without allocating.
struct DecimalDigits: Sendable, Equatable {
    /// The digits as a number.
    private(set) var value: UInt64 = 0
    /// How many digits, leading zeros included.
    private(set) var count: Int = 0

    /// Digits can be added while there are at most this many.
    static let capacity = 19

    init() {}

    /// The digits of an ASCII digit string; nil when it has other characters or is too long.
    init?(_ text: String) {
        guard text.utf8.count <= Self.capacity else { return nil }
        for b in text.utf8 {
            guard b >= 48 && b <= 57 else { return nil }
            value = value * 10 + UInt64(b - 48)
            count += 1
        }
    }

    var isEmpty: Bool { count == 0 }

    /// Appends one digit 0…9, or the two digits of 10…99; false when full.
    mutating func append(_ chunk: Int64) -> Bool {
        let width = chunk >= 10 ? 2 : 1
        guard chunk >= 0, chunk < 100, count + width <= Self.capacity else { return false }
        value = value * (width == 2 ? 100 : 10) + UInt64(chunk)
        count += width
        return true
    }

    /// Appends other digits; false when full.
    mutating func append(_ other: DecimalDigits) -> Bool {
        guard count + other.count <= Self.capacity else { return false }
        for _ in 0..<other.count { value *= 10 }
        value += other.value
        count += other.count
        return true
    }

    /// The same digits without trailing zeros ("50" → "5").
    var trimmingTrailingZeros: DecimalDigits {
        var d = self
        while d.count > 0 && d.value % 10 == 0 {
            d.value /= 10
            d.count -= 1
        }
        return d
    }

    /// The digits as text, leading zeros included.
    var text: String {
        guard count > 0 else { return "" }
        let s = String(value)
        return s.utf8.count >= count ? s : String(repeating: "0", count: count - s.utf8.count) + s
    }
}
