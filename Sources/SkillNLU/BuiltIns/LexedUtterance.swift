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

    init(tokens: ArraySlice<Token>, numbers: NumberLexicon, dates: DateTimeLexicon) {
        self.tokens = tokens
        count = tokens.count
        pieces.reserveCapacity(count + 4)
        pieceStart.reserveCapacity(count + 1)
        pieceToken.reserveCapacity(count + 4)
        literals.reserveCapacity(count)
        words.reserveCapacity(count)
        let table = numbers.table
        for (k, token) in tokens.enumerated() {
            pieceStart.append(Int32(pieces.count))
            let before = pieces.count
            if token.kind == .number {
                literals.append(NumberLiteral.read(token.normalized, decimal: table.decimalSeparator,
                                                   grouping: table.groupingSeparator))
                words.append(nil)
            } else {
                literals.append(nil)
                _ = numbers.analyze(token.folded, into: &pieces)
                words.append(dates.info[token.folded])
            }
            if pieces.count == before { pieces.append(NumberPiece(id: -1, ordinal: false)) }
            for _ in before..<pieces.count { pieceToken.append(Int32(k)) }
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
