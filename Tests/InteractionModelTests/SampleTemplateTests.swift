import Testing
@testable import InteractionModel

/// Splitting a sample into text and slot references: the forms of a reference (plain, padded,
/// legacy `{literal|Slot}`) and the trimming of slot names, whose common case (nothing to
/// trim, no bar) takes a shortcut that must read the same parts.
@Suite struct SampleTemplateTests {
    @Test func plainReferencesKeepTheirNamesAndTheTextAround() throws {
        let t = try SampleTemplate(parsing: "book a table in {city} for {count} people")
        #expect(t.parts == [.text("book a table in "), .slot(name: "city", example: nil), .text(" for "),
                            .slot(name: "count", example: nil), .text(" people")])
        #expect(!t.hasPaddedSlotName)
        #expect(t.canonicalText == "book a table in {city} for {count} people")
    }

    @Test func paddedNamesAreTrimmedAndReported() throws {
        let t = try SampleTemplate(parsing: "fly to { city }\u{00A0}and {\u{00A0}date}")
        #expect(t.slotNames == ["city", "date"])
        #expect(t.hasPaddedSlotName)
    }

    @Test func legacyLiteralsAreSplitAtTheLastBar() throws {
        let t = try SampleTemplate(parsing: "play {the beatles | Artist} and {a|b|Song}")
        #expect(t.parts == [.text("play "), .slot(name: "Artist", example: "the beatles"), .text(" and "),
                            .slot(name: "Song", example: "a|b")])
        #expect(t.hasPaddedSlotName)
        #expect(t.canonicalText == "play {Artist} and {Song}")
    }

    @Test func namesOutsideASCIIAreKept() throws {
        let t = try SampleTemplate(parsing: "réserve {ville} à {heure}")
        #expect(t.slotNames == ["ville", "heure"])
        #expect(!t.hasPaddedSlotName)
    }

    @Test func trimmingLeavesUntouchedTextAsItIs() {
        #expect("city".trimmingSpaces == "city")
        #expect(" city\t".trimmingSpaces == "city")
        #expect("\u{2003}".trimmingSpaces == "")
        #expect("".trimmingSpaces == "")
        #expect("e\u{301}".trimmingSpaces == "e\u{301}")
    }

    /// A sample said to be surely canonical reads back as itself (through the parse, or as
    /// written when it has none); padded names and legacy literals are never said to be.
    @Test func surelyCanonicalSamplesReadBackAsThemselves() {
        let samples = ["book a table in {city} for {count} people", "play {song} by {artist}", "hello", "",
                       "{city}", "{}", "{a {b}", "unclosed {city", "close} only", "fly to {\u{00A0}city}",
                       "fly to { city }", "{Paris|city} please", "naïve {café} test", "{\u{2003}x}"]
        for s in samples where SampleTemplate.isSurelyCanonical(s) {
            #expect(((try? SampleTemplate(parsing: s))?.canonicalText ?? s) == s, "\(s)")
        }
        #expect(SampleTemplate.isSurelyCanonical("book a table in {city} for {count} people"))
        #expect(SampleTemplate.isSurelyCanonical("hello"))
        #expect(!SampleTemplate.isSurelyCanonical("fly to { city }"))
        #expect(!SampleTemplate.isSurelyCanonical("fly to {\u{00A0}city}"))
        #expect(!SampleTemplate.isSurelyCanonical("{Paris|city} please"))
    }
}
