/// An utterance's tokens looked up once in a locale's tables, so that every built-in grammar
/// reads the same precomputed facts instead of hashing the same words again.
struct LexedUtterance {
    let tokens: ArraySlice<Token>
    let count: Int
    /// Number pieces of all tokens, flattened; a token that is not a number word holds one
    /// sentinel piece (id -1) so phrases cannot run across it.
    var pieces: [NumberPiece] = []
    /// Index of each token's first piece; `pieceStart[count] == pieces.count`.
    var pieceStart: [Int32] = []
    /// The token each piece belongs to.
    var pieceToken: [Int32] = []
    /// Tokens typed as digits.
    var literals: [NumberLiteral?] = []
    /// Date and time words.
    var words: [DateWordInfo?] = []
    /// Tokens that can start a number (number words and digits).
    var numeric: [Bool] = []
    /// Tokens the tokenizer made of digits (whether or not they read as a number).
    var isNumberToken: [Bool] = []

    init(tokens: ArraySlice<Token>, tables: BuiltInLocaleTables) {
        self.tokens = tokens
        count = tokens.count
        let numbers = tables.numbers
        pieces.reserveCapacity(count + 4)
        pieceStart.reserveCapacity(count + 1)
        pieceToken.reserveCapacity(count + 4)
        literals.reserveCapacity(count)
        words.reserveCapacity(count)
        numeric.reserveCapacity(count)
        isNumberToken.reserveCapacity(count)
        let table = tables.words
        let morphology = numbers.hasMorphology
        var k = 0
        for index in tokens.indices {
            pieceStart.append(Int32(pieces.count))
            let before = pieces.count
            if tokens[index].kind == .number {
                let literal = NumberLiteral.read(tokens[index].normalized, decimal: numbers.decimalSeparator,
                                                 grouping: numbers.groupingSeparator)
                literals.append(literal)
                words.append(nil)
                numeric.append(literal != nil)
                isNumberToken.append(true)
            } else {
                literals.append(nil)
                let folded = tokens[index].folded
                let entry = table.lookup(folded)
                if let entry, entry.piece >= 0, entry.pieceIsWhole {
                    pieces.append(NumberPiece(id: entry.piece, ordinal: false))
                } else if entry?.piece ?? -1 >= 0 || morphology || folded.utf8.contains(45) {
                    _ = numbers.analyze(folded, into: &pieces)
                }
                words.append(entry?.date)
                numeric.append(pieces.count > before)
                isNumberToken.append(false)
            }
            if pieces.count == before { pieces.append(NumberPiece(id: -1, ordinal: false)) }
            for _ in before..<pieces.count { pieceToken.append(Int32(k)) }
            k += 1
        }
        pieceStart.append(Int32(pieces.count))
    }

    @inline(__always)
    func token(_ i: Int) -> Token { tokens[tokens.startIndex + i] }

    @inline(__always)
    func folded(_ i: Int) -> String { tokens[tokens.startIndex + i].folded }

    /// Whether token `b` starts where token `a` ends, or one character later (no space or one
    /// separator between them: "2026-12-25", "90's").
    func isAdjacent(_ a: Int, _ b: Int, allowingOneSeparator: Bool = false) -> Bool {
        let gap = token(b).range.lowerBound - token(a).range.upperBound
        return gap == 0 || (allowingOneSeparator && gap == 1)
    }
}
