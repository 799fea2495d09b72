/// What `classify` answers (``NLUResult`` and its types), the `LanguageUnderstanding` contract
/// `NLUModel` fulfils, and the feedback a user gives on an answer live in the Understanding
/// target, which a dialog links without the engine; importing SkillNLU brings them along.
@_exported import Understanding
