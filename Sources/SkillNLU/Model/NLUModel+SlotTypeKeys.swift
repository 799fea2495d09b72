extension NLUModel {
    /// Each intent's slots with their types' keys (`typeKeys`, per type index: the span
    /// finder's, so that they match its spans) and ``SlotTypeKey/Group``, as the tagger's
    /// ``TypeAgreement`` features need them.
    package static func slotTypeKeys(_ schema: SkillSchema, typeKeys: [UInt64]) -> [[SlotTypeKey]] {
        let index = Dictionary(uniqueKeysWithValues: schema.slotNames.enumerated().map { ($1, $0) })
        return schema.intents.map { intent in
            intent.slots.compactMap { slot in
                guard let g = index[slot.name] else { return nil }
                let type = schema.types[slot.type]
                let group: SlotTypeKey.Group = type.isBuiltIn ? .builtIn
                    : (type.surfaceFormCount <= SlotTypeKey.Group.closedListLimit ? .closedList : .openList)
                return SlotTypeKey(begin: SlotLabels.begin(g), typeKey: typeKeys[slot.type], group: group)
            }
        }
    }
}
