/// How many terminal columns text takes: two for East Asian wide and full-width characters
/// and emoji, none for combining marks and format characters, one for the rest — what a
/// line editor needs to put the cursor back under the right character.
public enum DisplayWidth {
    public static func columns(of characters: some Sequence<Character>) -> Int {
        characters.reduce(0) { $0 + columns(of: $1) }
    }

    public static func columns(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if first.properties.isEmojiPresentation { return 2 }
        return isWide(first.value) ? 2 : 1
    }

    /// The wide ranges of Unicode's East Asian Width property (W and F), in outline.
    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
