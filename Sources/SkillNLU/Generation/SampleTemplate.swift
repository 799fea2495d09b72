import Foundation

/// A sample utterance split into literal text and `{slot}` references.
///
/// "add {song} to my {playlist} playlist" → text "add ", slot song, text " to my ", slot
/// playlist, text " playlist". Unbalanced braces are kept as literal text (the importer reports
/// them); the engine never fails on a sample.
public struct SampleTemplate: Sendable, Hashable {
    public enum Part: Sendable, Hashable {
        case text(String)
        case slot(String)
    }

    public var parts: [Part]

    public init(_ sample: String) {
        var parts: [Part] = []
        var literal = ""
        var i = sample.startIndex
        while i < sample.endIndex {
            let c = sample[i]
            if c == "{", let close = sample[i...].firstIndex(of: "}") {
                let name = String(sample[sample.index(after: i)..<close]).trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, !name.contains("{") {
                    if !literal.isEmpty { parts.append(.text(literal)); literal = "" }
                    parts.append(.slot(name))
                    i = sample.index(after: close)
                    continue
                }
            }
            literal.append(c)
            i = sample.index(after: i)
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
    }

    /// The slot names referenced, in order.
    public var slotNames: [String] {
        parts.compactMap { if case .slot(let n) = $0 { return n } else { return nil } }
    }
}
