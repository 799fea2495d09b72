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
        // Braces are ASCII, so the sample is split on its UTF-8 bytes and the pieces are copied
        // out whole; scalar positions are counted only for an error message.
        let utf8 = sample.utf8
        guard utf8.contains(where: { $0 == 0x7B || $0 == 0x7D }) else {
            self.parts = sample.isEmpty ? [] : [.text(sample)]
            return
        }
        func scalarPosition(_ i: String.Index) -> Int { sample.unicodeScalars[..<i].count }
        var parts: [Part] = []
        var padded = false
        var textStart = utf8.startIndex
        var open: String.Index? = nil
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let b = utf8[i]
            if b == 0x7B {
                if open != nil { throw Problem(kind: .nestedBrace, position: scalarPosition(i)) }
                if textStart != i { parts.append(.text(String(sample[textStart..<i]))) }
                open = i
            } else if b == 0x7D {
                guard let o = open else { throw Problem(kind: .unopenedBrace, position: scalarPosition(i)) }
                let content = sample[utf8.index(after: o)..<i]
                var name = Substring(content)
                var example: String?
                // Most references have no bar: their bytes say so without a search by
                // characters (which breaks graphemes one by one from the end).
                if content.utf8.contains(0x7C), let bar = content.lastIndex(of: "|") {
                    example = String(content[..<bar]).trimmingSpaces
                    name = content[content.index(after: bar)...]
                }
                let trimmed = String(name).trimmingSpaces
                if trimmed.utf8.count != name.utf8.count { padded = true }
                if trimmed.isEmpty { throw Problem(kind: .emptySlotName, position: scalarPosition(o)) }
                parts.append(.slot(name: trimmed, example: example))
                open = nil
                textStart = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        if let o = open { throw Problem(kind: .unclosedBrace, position: scalarPosition(o)) }
        if textStart != utf8.endIndex { parts.append(.text(String(sample[textStart...]))) }
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
        // Nothing to trim (a slot name as written): the text itself, not a copy built scalar by scalar.
        if let first = scalars.first, let last = scalars.last, !first.properties.isWhitespace, !last.properties.isWhitespace {
            return self
        }
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
