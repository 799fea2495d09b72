import Testing
@testable import SkillNLUTraining

@Suite struct SparseGradientTests {
    @Test func slotsGoToRowsInFirstTouchOrderAndStartAtZero() {
        var sparse = SparseGradient(rows: 200, embeddingWidth: 3, linearWidth: 2, linearRows: 100)
        // Whatever an earlier batch left in the buffers.
        for i in 0..<200 * 3 { sparse.embedding[i] = 9 }
        for i in 0..<200 * 2 { sparse.linear[i] = 9 }
        #expect(sparse.slot(150) == 0)
        #expect(sparse.slot(7) == 1)
        #expect(sparse.slot(150) == 0)
        #expect(sparse.slot(64) == 2)
        for s in 0..<3 { #expect((0..<3).allSatisfy { sparse.embedding[s * 3 + $0] == 0 }) }
        // Row 150 has no linear part: its slot's linear floats are left alone.
        #expect(sparse.linear[0] == 9 && sparse.linear[1] == 9)
        #expect(sparse.linear[2] == 0 && sparse.linear[3] == 0 && sparse.linear[4] == 0 && sparse.linear[5] == 0)
    }

    @Test func drainGivesTheTouchedRowsAscendingAndForgetsThem() {
        var sparse = SparseGradient(rows: 300, embeddingWidth: 1, linearWidth: 1, linearRows: 300)
        for row in [299, 3, 64, 63, 128, 3, 0] { _ = sparse.slot(row) }
        var rows: [Int32] = [42]
        sparse.drain(into: &rows)
        #expect(rows == [0, 3, 63, 64, 128, 299])
        #expect(sparse.slotOf(299) == 0 && sparse.slotOf(0) == 5)
        // The next batch starts afresh: slots from 0, and only its own rows drained.
        #expect(sparse.slot(5) == 0)
        sparse.drain(into: &rows)
        #expect(rows == [5])
    }

    @Test func sparseTablesKeepValuesAndMomentsOnly() {
        let table = TrainedParameter(rows: 4, width: 5, adam: true, gradient: false)
        #expect(table.stride == 15)
        #expect(table.moments(1) == table.values(1) + 5)
        let dense = TrainedParameter(rows: 1, width: 5, adam: true)
        #expect(dense.stride == 20)
        #expect(dense.moments(0) == dense.gradient(0) + 5)
    }
}
