import Foundation

/// How the report writes numbers: one place, so every table reads the same.
public enum Format {
    /// The cell of a figure that is not there.
    public static let missing = "–"

    /// A fraction as a percentage with two decimals: 0.96142 → "96.14".
    public static func percent(_ fraction: Double?) -> String {
        guard let fraction, fraction.isFinite else { return missing }
        return String(format: "%.2f", fraction * 100)
    }

    /// The difference of two fractions in percentage points with its sign: +0.28, -1.30, 0.00.
    public static func points(_ difference: Double?) -> String {
        guard let difference, difference.isFinite else { return missing }
        let value = (difference * 100 * 100).rounded() / 100
        if value == 0 { return "0.00" }
        return String(format: "%+.2f", value)
    }

    /// A ratio with two significant digits under 10 (0.014×, 0.50×, 3.2×) and whole above.
    public static func ratio(_ value: Double?) -> String {
        guard let value, value.isFinite, value >= 0 else { return missing }
        if value == 0 { return "0×" }
        if value >= 9.95 { return String(format: "%.0f×", value) }
        if value >= 0.995 { return String(format: "%.1f×", value) }
        let decimals = Int((-log10(value)).rounded(.up)) + 1
        return String(format: "%.\(decimals)f×", value)
    }

    /// A plain number with a printf format, or the missing mark.
    public static func number(_ value: Double?, _ format: String) -> String {
        guard let value, value.isFinite else { return missing }
        return String(format: format, value)
    }
}
