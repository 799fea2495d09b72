import Foundation
import Testing
@testable import SkillNLU

/// Hashing reads a string's UTF-8 bytes in place: every kind of string (small, native, bridged
/// from Foundation, with non-ASCII scalars) hashes as FNV-1a over its bytes, as model files
/// stored them.
@Suite struct StableHashTests {
    static func fnv(_ bytes: [UInt8]) -> UInt64 {
        var h = StableHash.offset
        for b in bytes { h = (h ^ UInt64(b)) &* StableHash.prime }
        return h
    }

    @Test(arguments: ["", "play", "a much longer string than fits inline", "café crème", "日本語のテキスト"])
    func hashesTheUTF8Bytes(_ text: String) {
        #expect(StableHash.hash(text) == Self.fnv(Array(text.utf8)))
        let bridged = NSString(string: text) as String
        #expect(StableHash.hash(bridged) == Self.fnv(Array(text.utf8)))
        #expect(text.withUTF8Bytes { Array($0) } == Array(text.utf8))
        #expect(bridged.withUTF8Bytes { Array($0) } == Array(text.utf8))
    }

    @Test func continuesFromASeed() {
        #expect(StableHash.hash("b", seed: StableHash.hash("a")) == StableHash.hash("ab"))
    }
}
