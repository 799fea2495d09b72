/// Every number, digit string and ordinal that starts at each token, read once per utterance
/// and shared by all the grammars. Stored flat (one array per kind plus ranges per token) so
/// building it costs a handful of allocations.
struct ReadingCache {
    private var numberStore: [NumberReading] = []
    private var numberRanges: [Range<Int32>]
    private var digitStore: [DigitReading] = []
    private var digitRanges: [Range<Int32>]
    private var ordinalStore: [OrdinalReading] = []
    private var ordinalRanges: [Range<Int32>]

    init(scanner: NumberScanner, numeric: [Bool], wantDigits: Bool, wantOrdinals: Bool) {
        let n = numeric.count
        let empty = Int32(0)..<Int32(0)
        var numberStore: [NumberReading] = []
        var numberRanges = [Range<Int32>](filled: empty, count: n + 1)
        var digitStore: [DigitReading] = []
        var digitRanges = [Range<Int32>](filled: empty, count: n + 1)
        var ordinalStore: [OrdinalReading] = []
        var ordinalRanges = [Range<Int32>](filled: empty, count: n + 1)
        for i in 0..<n where numeric[i] {
            let a = Int32(numberStore.count)
            scanner.readings(from: i, into: &numberStore)
            numberRanges[i] = a..<Int32(numberStore.count)
            if wantDigits {
                let b = Int32(digitStore.count)
                scanner.digitReadings(from: i, into: &digitStore)
                digitRanges[i] = b..<Int32(digitStore.count)
            }
        }
        if wantOrdinals {
            for i in 0..<n where numeric[i] {
                let a = Int32(ordinalStore.count)
                scanner.ordinalReadings(from: i, numbers: { k in
                    numberStore[Int(numberRanges[k].lowerBound)..<Int(numberRanges[k].upperBound)]
                }, into: &ordinalStore)
                ordinalRanges[i] = a..<Int32(ordinalStore.count)
            }
        }
        self.numberStore = numberStore
        self.numberRanges = numberRanges
        self.digitStore = digitStore
        self.digitRanges = digitRanges
        self.ordinalStore = ordinalStore
        self.ordinalRanges = ordinalRanges
    }

    /// Number readings starting at token `i`, shortest first.
    @inline(__always)
    func numbers(_ i: Int) -> ArraySlice<NumberReading> {
        let r = numberRanges[i]
        return numberStore[Int(r.lowerBound)..<Int(r.upperBound)]
    }

    @inline(__always)
    func digits(_ i: Int) -> ArraySlice<DigitReading> {
        let r = digitRanges[i]
        return digitStore[Int(r.lowerBound)..<Int(r.upperBound)]
    }

    @inline(__always)
    func ordinals(_ i: Int) -> ArraySlice<OrdinalReading> {
        let r = ordinalRanges[i]
        return ordinalStore[Int(r.lowerBound)..<Int(r.upperBound)]
    }
}
