/// What one folded word is to the built-in grammars: a number piece, a date or time word,
/// or both ("second"). One dictionary lookup per token answers all of it.
struct BuiltInWordEntry: Sendable {
    /// The number piece id, or -1.
    var piece: Int32 = -1
    /// The piece is a whole number phrase by itself.
    var pieceIsWhole = false
    var date: DateWordInfo?
}
