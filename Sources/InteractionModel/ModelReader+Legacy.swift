extension ModelReader {
    // MARK: Legacy intent schema

    /// `{"intents": [{"intent": "Name", "slots": [{"name", "type"}]}]}`; samples come from the
    /// utterances file, read separately.
    mutating func readLegacySchema(_ root: JSONNode) -> InteractionModel {
        map.languageModelAnchor = .json(root.offset)
        var language = LanguageModel(intents: [])
        for node in root["intents"]?.elements ?? [] {
            let index = language.intents.count
            let path = ModelPath.intent(index)
            guard isObject(node, "an intent", path) else { continue }
            var anchors = SourceMap.IntentAnchors(anchor: .json(node.offset))
            let name = requiredString(node, "intent", of: "intent", path)
            var intent = Intent(name: name ?? "")
            for slotNode in node["slots"]?.elements ?? [] {
                if let (slot, slotAnchors) = readSlot(slotNode, path: .slot(intent: index, slot: intent.slots.count)) {
                    intent.slots.append(slot)
                    anchors.slots.append(slotAnchors)
                }
            }
            language.intents.append(intent)
            map.intents.append(anchors)
        }
        return InteractionModel(languageModel: language)
    }
}
