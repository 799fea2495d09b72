/// A latency distribution in microseconds.
public struct Latency: Sendable, Equatable, Decodable {
    public var p50: Double
    public var p99: Double
    public var max: Double?

    public init(p50: Double, p99: Double, max: Double? = nil) {
        self.p50 = p50
        self.p99 = p99
        self.max = max
    }
}
