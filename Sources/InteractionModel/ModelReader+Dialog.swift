extension ModelReader {
    // MARK: Dialog and prompts

    mutating func readDialog(_ node: JSONNode) -> DialogModel {
        map.dialogAnchor = .json(node.offset)
        checkDuplicateKeys(node.members ?? [], .dialog)
        var dialog = DialogModel(delegationStrategy: optionalString(node, "delegationStrategy", .dialog))
        for intentNode in elements(of: node["intents"], "dialog intents", .field(.dialog, "intents")) {
            if let intent = readDialogIntent(intentNode, index: dialog.intents.count) { dialog.intents.append(intent) }
        }
        return dialog
    }

    mutating func readDialogIntent(_ node: JSONNode, index: Int) -> DialogIntent? {
        let path = ModelPath.dialogIntent(index)
        guard isObject(node, "a dialog intent", path) else { return nil }
        var anchors = SourceMap.DialogIntentAnchors(anchor: .json(node.offset))
        var intent = DialogIntent(name: requiredString(node, "name", of: "dialog intent", path) ?? "")
        intent.delegationStrategy = optionalString(node, "delegationStrategy", path)
        intent.confirmationRequired = flag(node, "confirmationRequired", path)
        intent.prompts = readDialogPrompts(node["prompts"], path)
        for slotNode in elements(of: node["slots"], "dialog slots", .field(path, "slots")) {
            let slotPath = ModelPath.dialogSlot(intent: index, slot: intent.slots.count)
            if let (slot, slotAnchors) = readDialogSlot(slotNode, path: slotPath) {
                intent.slots.append(slot)
                anchors.slots.append(slotAnchors)
            }
        }
        map.dialogIntents.append(anchors)
        return intent
    }

    mutating func readDialogSlot(_ node: JSONNode, path: ModelPath) -> (DialogSlot, SourceMap.DialogSlotAnchors)? {
        guard isObject(node, "a dialog slot", path) else { return nil }
        var anchors = SourceMap.DialogSlotAnchors(anchor: .json(node.offset))
        var slot = DialogSlot(name: requiredString(node, "name", of: "dialog slot", path) ?? "")
        slot.type = optionalString(node, "type", path)
        slot.elicitationRequired = flag(node, "elicitationRequired", path)
        slot.confirmationRequired = flag(node, "confirmationRequired", path)
        slot.prompts = readDialogPrompts(node["prompts"], path)
        let validations = elements(of: node["validations"], "validations", .field(path, "validations"), severity: .warning)
        guard case .dialogSlot(let d, let s) = path else { return (slot, anchors) }
        for validationNode in validations {
            let validationPath = ModelPath.validation(intent: d, slot: s, validation: slot.validations.count)
            if let validation = readValidation(validationNode, path: validationPath) {
                slot.validations.append(validation)
                anchors.validations.append(.json(validationNode.offset))
            }
        }
        return (slot, anchors)
    }

    mutating func readValidation(_ node: JSONNode, path: ModelPath) -> SlotValidation? {
        guard isObject(node, "a validation", path, severity: .warning) else { return nil }
        guard let type = node["type"]?.stringValue else {
            report(.warning, .unknownValidation, "validation has no type (such as isInSet or isGreaterThan); ignored",
                   path, at: node.offset)
            return nil
        }
        var validation = SlotValidation(type: type, prompt: optionalString(node, "prompt", path))
        if let values = node["values"], let elements = values.elements {
            validation.values = elements.compactMap { scalarString($0) }
        }
        if let value = node["value"] { validation.value = scalarString(value) }
        validation.start = node["start"].flatMap { scalarString($0) }
        validation.end = node["end"].flatMap { scalarString($0) }
        return validation
    }

    mutating func readDialogPrompts(_ node: JSONNode?, _ path: ModelPath) -> DialogPrompts {
        guard let node, !node.isNull else { return DialogPrompts() }
        guard node.members != nil else {
            report(.warning, .invalidField, "prompts should be an object with elicitation/confirmation prompt ids; ignored",
                   .field(path, "prompts"), at: node.offset)
            return DialogPrompts()
        }
        // Exports before 2018 spell the keys `elicit` and `confirm`.
        let elicitation = node["elicitation"]?.stringValue ?? node["elicit"]?.stringValue
        let confirmation = node["confirmation"]?.stringValue ?? node["confirm"]?.stringValue
        return DialogPrompts(elicitation: elicitation, confirmation: confirmation)
    }

    mutating func readPrompt(_ node: JSONNode, index: Int) -> Prompt? {
        let path = ModelPath.prompt(index)
        guard isObject(node, "a prompt", path) else { return nil }
        var anchors = SourceMap.PromptAnchors(anchor: .json(node.offset))
        var prompt = Prompt(id: requiredString(node, "id", of: "prompt", path) ?? "", variations: [])
        if let variations = node["variations"], let elements = variations.elements {
            for variationNode in elements {
                let type = variationNode["type"]?.stringValue ?? "PlainText"
                if let value = variationNode["value"]?.stringValue {
                    prompt.variations.append(PromptVariation(type: type, value: value))
                    anchors.variations.append(.json(variationNode.offset))
                } else {
                    report(.warning, .promptProblem, "prompt variation has no value text; ignored",
                           .variation(prompt: index, variation: prompt.variations.count), at: variationNode.offset)
                }
            }
        }
        map.prompts.append(anchors)
        return prompt
    }
}
