/// One piece of a token after morphology: a known number word, possibly marked ordinal by a
/// suffix or prefix that was stripped.
struct NumberPiece: Sendable, Equatable {
    var id: Int32
    var ordinal: Bool
}
