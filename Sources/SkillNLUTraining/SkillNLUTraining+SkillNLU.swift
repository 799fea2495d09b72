/// Training produces an `NLUModel` and reads `TrainingOptions`, which live in SkillNLU because a
/// model file records the options it was trained with; importing SkillNLUTraining brings them.
@_exported import SkillNLU
