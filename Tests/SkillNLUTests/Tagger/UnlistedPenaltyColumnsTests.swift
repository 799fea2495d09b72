import Testing
@testable import SkillNLU

/// The penalties laid out per column take off every emission cell the very bits that
/// ``UnlistedValuePrior/addPenalties(slots:tokenKeys:localOf:labels:into:heard:)`` takes,
/// over random graphs: slots of closed phrase lists, closed and open lists and built-in types,
/// with and without a prior, tokens listed by several slots' types or by none, heard or not,
/// and slots whose labels the graph lacks.
@Suite struct UnlistedPenaltyColumnsTests {
    @Test func columnsGiveTheSlotBySlotEmissions() {
        var g = SeededGenerator(seed: 5)
        var laidOut = 0
        for trial in 0..<400 {
            let slotCount = 1 + g.index(70)
            let L = SlotLabels.count(slots: slotCount + 2)
            let vocabulary = 2 + g.index(40)
            let groups: [SlotTypeKey.Group] = [.closedList, .openList, .builtIn]
            var slots: [SlotTypeKey] = []
            for s in 0..<slotCount {
                var slot = SlotTypeKey(begin: SlotLabels.begin(s), typeKey: UInt64(s), group: groups[g.index(3)])
                if g.index(5) > 0 {
                    slot.unlistedPenalty = Float(1 + g.index(3000)) / 997
                    slot.listedTokens = Set((0..<g.index(8)).map { _ in UInt64(g.index(vocabulary)) })
                    slot.closedPhrases = g.index(4) == 0
                }
                slots.append(slot)
            }
            // Every slot's labels in the graph, or a random three quarters of them.
            let labels: [Int32] = [0] + (0..<slotCount).filter { _ in trial % 3 != 0 || g.index(4) > 0 }
                .flatMap { [SlotLabels.begin($0), SlotLabels.inside($0)] }
            let K = labels.count
            let T = 1 + g.index(12)
            let tokenKeys = (0..<T).map { _ in UInt64(g.index(vocabulary)) }
            let heard = (0..<T).map { _ in g.index(3) > 0 }
            let start: [Float] = (0..<(T * K)).map { _ in
                [Float(0), -0.0, Float(g.index(2001)) / 331 - 3, -.infinity][g.index(4)]
            }
            var expected = start
            var localOf = [Int32](repeating: -1, count: L)
            for (k, l) in labels.enumerated() { localOf[Int(l)] = Int32(k) }
            localOf.withUnsafeBufferPointer { localOf in
                expected.withUnsafeMutableBufferPointer { emission in
                    UnlistedValuePrior.addPenalties(slots: slots, tokenKeys: tokenKeys, localOf: localOf, labels: K,
                                                    into: emission, heard: { heard[$0] })
                }
            }
            guard let columns = UnlistedPenaltyColumns(slots: slots, labels: labels) else {
                #expect(!slots.contains { $0.unlistedPenalty > 0 }, "trial \(trial)")
                continue
            }
            laidOut += 1
            var emission = start
            emission.withUnsafeMutableBufferPointer { emission in
                columns.add(tokenKeys: tokenKeys, into: emission) { heard[$0] }
            }
            #expect(emission.map(\.bitPattern) == expected.map(\.bitPattern), "trial \(trial)")
        }
        #expect(laidOut > 300)
    }

    /// Two paying slots on one begin label would take two subtractions a cell: no columns.
    @Test func slotsSharingABeginLabelAreNotLaidOut() {
        var first = SlotTypeKey(begin: 1, typeKey: 1, group: .closedList)
        first.unlistedPenalty = 1
        var second = SlotTypeKey(begin: 1, typeKey: 2, group: .openList)
        second.unlistedPenalty = 2
        #expect(UnlistedPenaltyColumns(slots: [first, second], labels: [0, 1, 2]) == nil)
        #expect(UnlistedPenaltyColumns(slots: [first], labels: [0, 1, 2]) != nil)
    }
}
