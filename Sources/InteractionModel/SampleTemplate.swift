/// A sample utterance split into literal text and slot references: `"book a table in {city}"`
/// is `[.text("book a table in "), .slot("city")]`.
///
/// Validation uses it to check braces and slot names; training-data generation uses it to
/// fill slots with values. The legacy form `{literal|SlotName}` (sample-utterance files from
/// before 2017) reads as a reference to `SlotName` and keeps the literal as an example value.
public struct SampleTemplate: Sendable, Equatable {
    /// A piece of a sample.
    public enum Part: Sendable, Equatable {
        case text(String)
        /// A slot reference; `example` is the literal of the legacy `{literal|Slot}` form.
        case slot(name: String, example: String?)
    }

    public var parts: [Part]

    /// Whether a slot reference had spaces inside its braces (`{ city }`).
    public var hasPaddedSlotName = false

    /// Why a sample's braces cannot be read.
    public struct Problem: Error, Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// `{` without a matching `}`.
            case unclosedBrace
            /// `}` without a matching `{`.
            case unopenedBrace
            /// `{` inside braces.
            case nestedBrace
            /// `{}` with no slot name.
            case emptySlotName
        }

        public var kind: Kind
        /// Position of the offending brace, in Unicode scalars from the start of the sample.
        public var position: Int

        public var message: String {
            switch kind {
            case .unclosedBrace: return "'{' at character \(position + 1) is never closed (add '}' after the slot name)"
            case .unopenedBrace: return "'}' at character \(position + 1) has no opening '{'"
            case .nestedBrace: return "'{' at character \(position + 1) opens inside another slot reference (slot references cannot nest)"
            case .emptySlotName: return "'{}' at character \(position + 1) names no slot (write {slotName})"
            }
        }
    }

    public init(parts: [Part]) {
        self.parts = parts
    }

    /// Splits a sample; throws when its braces are unbalanced, nested or empty.
    public init(parsing sample: String) throws(Problem) {
        // Unicode scalars, not Characters: braces are ASCII, and scalar iteration avoids
        // grapheme breaking, which dominates the cost for models with thousands of samples.
        var parts: [Part] = []
        var text = String.UnicodeScalarView()
        var inside: String.UnicodeScalarView? = nil
        var openPosition = 0
        var padded = false
        var position = 0
        for scalar in sample.unicodeScalars {
            defer { position += 1 }
            if scalar == "{" {
                if inside != nil { throw Problem(kind: .nestedBrace, position: position) }
                if !text.isEmpty { parts.append(.text(String(text))); text = String.UnicodeScalarView() }
                inside = String.UnicodeScalarView()
                openPosition = position
            } else if scalar == "}" {
                guard let content = inside.map(String.init) else { throw Problem(kind: .unopenedBrace, position: position) }
                var name = content
                var example: String?
                if let bar = content.lastIndex(of: "|") {
                    example = String(content[..<bar]).trimmingSpaces
                    name = String(content[content.index(after: bar)...])
                }
                let trimmed = name.trimmingSpaces
                if trimmed != name { padded = true }
                if trimmed.isEmpty { throw Problem(kind: .emptySlotName, position: openPosition) }
                parts.append(.slot(name: trimmed, example: example))
                inside = nil
            } else if inside != nil {
                inside!.append(scalar)
            } else {
                text.append(scalar)
            }
        }
        if inside != nil { throw Problem(kind: .unclosedBrace, position: openPosition) }
        if !text.isEmpty { parts.append(.text(String(text))) }
        self.parts = parts
        self.hasPaddedSlotName = padded
    }

    /// The slot names referenced, in order (a name may repeat).
    public var slotNames: [String] {
        parts.compactMap { if case .slot(let name, _) = $0 { return name } else { return nil } }
    }

    /// Whether any reference uses the legacy `{literal|Slot}` form.
    public var hasLegacyLiterals: Bool {
        parts.contains { if case .slot(_, let example) = $0 { return example != nil } else { return false } }
    }

    /// The literal text only, slots left out.
    public var literalText: String {
        parts.map { if case .text(let t) = $0 { return t } else { return " " } }.joined()
    }

    /// The sample in today's syntax: `{Slot}` references, no legacy literals, no padding.
    public var canonicalText: String {
        parts.map {
            switch $0 {
            case .text(let t): return t
            case .slot(let name, _): return "{\(name)}"
            }
        }.joined()
    }
}

extension String {
    /// The text without leading and trailing white space (spaces, tabs, no-break spaces, line breaks).
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// The text trimmed with runs of white space collapsed to one space.
    var collapsingSpaces: String {
        // Fast path: printable ASCII with single inner spaces needs no change.
        var tidy = true
        var previousSpace = true
        for b in utf8 {
            if b == 0x20 {
                if previousSpace { tidy = false; break }
                previousSpace = true
            } else if b > 0x20 && b < 0x7F {
                previousSpace = false
            } else {
                tidy = false
                break
            }
        }
        if tidy && !previousSpace { return self }
        if tidy && isEmpty { return self }
        var out = ""
        var pendingSpace = false
        for scalar in unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.unicodeScalars.append(" "); pendingSpace = false }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
