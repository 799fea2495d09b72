/// A skill's handlers read ``NLUResult``, ``SlotValue`` and the other types of the contract
/// between a dialog and its understanding engine; importing SkillDialog brings them along.
@_exported import Understanding
