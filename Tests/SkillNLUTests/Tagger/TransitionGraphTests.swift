import Testing
@testable import SkillNLU

@Suite struct TransitionGraphTests {
    // Three slots: a (B 1, I 2), or (B 3, I 4), c (B 5, I 6).
    let labelCount = SlotLabels.count(slots: 3)

    @Test func adjacenciesComeFromTheSequences() {
        let permitted = PermittedTransitions(labelCount: labelCount, sequences: [[0, 1, 2, 5, 0]])
        #expect(permitted.contains(2, 5), "I-a → B-c was seen")
        #expect(!permitted.contains(6, 1), "I-c → B-a was not")
        #expect(permitted.contains(0, 1) && permitted.contains(1, 2) && permitted.contains(6, 0), "BIO structure")
        #expect(!permitted.contains(0, 2), "I-a never follows O")
    }

    @Test func aSlotSaidBetweenTwoOthersMayFollowAndPrecedeAnySlot() {
        // "{a} {or} {c}" twice, and "{or}" once on its own: between two slots two times in three.
        let permitted = PermittedTransitions(labelCount: labelCount,
                                             sequences: [[0, 1, 3, 5], [1, 2, 3, 5, 6], [0, 3, 0]])
        #expect(permitted.contains(6, 3), "I-c → B-or, never seen")
        #expect(permitted.contains(3, 1), "B-or → B-a, never seen")
        #expect(permitted.contains(4, 1), "I-or → B-a")
        #expect(!permitted.contains(6, 1), "a and c are no connectors: I-c → B-a stays out")
        #expect(!permitted.contains(3, 6), "I-c still needs B-c or I-c before it")
    }

    @Test func aSlotMostlyOnItsOwnIsNoConnector() {
        let permitted = PermittedTransitions(labelCount: labelCount,
                                             sequences: [[1, 3, 5], [0, 3, 0], [3, 0], [0, 3]])
        #expect(!permitted.contains(6, 3), "between two slots once in four times")
    }
}
