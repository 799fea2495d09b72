/// Anything that reads an utterance into an ``NLUResult``: SkillNLU's trained `NLUModel`, a test
/// double, or a remote service.
///
/// The dialog manager depends on this protocol and on `NLUResult` alone, never on how a result
/// was produced, so it can be tested with a table-driven fake and run with any engine — and it
/// links neither the trained engine nor BLAS.
public protocol LanguageUnderstanding: Sendable {
    /// What the utterance means, given where the conversation stands.
    func understand(_ text: String, context: UnderstandingContext) -> NLUResult
}
