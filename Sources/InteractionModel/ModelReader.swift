/// Turns a parsed JSON tree into an ``InteractionModel``, leniently.
///
/// Unknown fields are ignored, `null` reads as absent, ids may be numbers, booleans may be
/// strings; only what would lose meaning (a slot without a name, samples that are not text) is
/// an error. Every element's position goes into the ``SourceMap`` so that the validator can
/// point at it later.
struct ModelReader {
    let text: SourceText
    let file: String?
    var findings: [Finding] = []
    var map: SourceMap

    init(text: SourceText, file: String?) {
        self.text = text
        self.file = file
        self.map = SourceMap(file: file)
        map.documents[0].text = text
    }

    /// The model and the layout it was written in.
    mutating func read(_ root: JSONNode) throws(ImportError) -> (InteractionModel, ModelFormat) {
        guard let rootMembers = root.members else {
            throw ImportError.notAnInteractionModel(
                file: file, reason: "the file holds \(root.value.kindDescription), not a JSON object with an interaction model")
        }
        checkDuplicateKeys(rootMembers, .model)
        if let wrapper = root["interactionModel"], !wrapper.isNull {
            guard let wrapperMembers = wrapper.members else {
                throw ImportError.notAnInteractionModel(
                    file: file, reason: "interactionModel is \(wrapper.value.kindDescription), expected an object")
            }
            checkDuplicateKeys(wrapperMembers, .model)
            guard let lm = wrapper["languageModel"], lm.members != nil else {
                throw ImportError.notAnInteractionModel(
                    file: file, reason: "interactionModel has no languageModel object (keys: \(keys(wrapperMembers)))")
            }
            map.languageModelPath = "interactionModel.languageModel"
            map.dialogPath = "interactionModel.dialog"
            map.promptsPath = "interactionModel.prompts"
            let model = readModel(languageModel: lm, container: wrapper)
            return (model, .interactionModel)
        }
        if let lm = root["languageModel"], !lm.isNull {
            guard lm.members != nil else {
                throw ImportError.notAnInteractionModel(
                    file: file, reason: "languageModel is \(lm.value.kindDescription), expected an object")
            }
            map.languageModelPath = "languageModel"
            map.dialogPath = "dialog"
            map.promptsPath = "prompts"
            return (readModel(languageModel: lm, container: root), .languageModel)
        }
        if let intents = root["intents"], let elements = intents.elements {
            map.languageModelPath = ""
            map.dialogPath = "dialog"
            map.promptsPath = "prompts"
            let legacy = elements.contains { $0["intent"] != nil && $0["name"] == nil }
            if legacy {
                return (readLegacySchema(root), .legacyIntentSchema)
            }
            return (readModel(languageModel: root, container: root), .topLevelIntents)
        }
        if root["manifest"] != nil {
            throw ImportError.notAnInteractionModel(
                file: file, reason: "this is a skill manifest (skill.json), not an interaction model; give "
                    + "skill-package/interactionModels/custom/<locale>.json or the skill directory")
        }
        throw ImportError.notAnInteractionModel(
            file: file, reason: "no interactionModel.languageModel, languageModel or intents found "
                + "(top-level keys: \(keys(rootMembers)))")
    }

    private func keys(_ members: [JSONMember]) -> String {
        members.isEmpty ? "none" : members.map(\.key).joined(separator: ", ")
    }

    // MARK: Modern layouts

    mutating func readModel(languageModel lm: JSONNode, container: JSONNode) -> InteractionModel {
        map.languageModelAnchor = .json(lm.offset)
        checkDuplicateKeys(lm.members ?? [], .languageModel)
        var language = LanguageModel(intents: [])
        if let name = lm["invocationName"], !name.isNull {
            if let s = name.stringValue { language.invocationName = s } else {
                report(.warning, .invalidField, "invocationName should be a string; ignored",
                       .field(.languageModel, "invocationName"), at: name.offset)
            }
        }
        let intents = elements(of: lm["intents"], "intents", .field(.languageModel, "intents"))
        language.intents.reserveCapacity(intents.count)
        map.intents.reserveCapacity(intents.count)
        for node in intents {
            if let intent = readIntent(node, index: language.intents.count) { language.intents.append(intent) }
        }
        for node in elements(of: lm["types"], "types", .field(.languageModel, "types")) {
            if let type = readType(node, index: language.types.count) { language.types.append(type) }
        }
        if let configuration = lm["modelConfiguration"], configuration.members != nil {
            map.modelConfigurationAnchor = .json(configuration.offset)
            language.modelConfiguration = readConfiguration(configuration)
        }
        var model = InteractionModel(languageModel: language)
        if let dialog = container["dialog"], !dialog.isNull {
            if dialog.members != nil {
                model.dialog = readDialog(dialog)
            } else {
                report(.error, .invalidField, "dialog must be an object, found \(dialog.value.kindDescription)",
                       .dialog, at: dialog.offset)
            }
        }
        for node in elements(of: container["prompts"], "prompts", .field(.model, map.promptsPath)) {
            if let prompt = readPrompt(node, index: model.prompts.count) { model.prompts.append(prompt) }
        }
        return model
    }

    mutating func readIntent(_ node: JSONNode, index: Int) -> Intent? {
        let path = ModelPath.intent(index)
        guard isObject(node, "an intent", path) else { return nil }
        var anchors = SourceMap.IntentAnchors(anchor: .json(node.offset))
        let name = requiredString(node, "name", of: "intent", path)
        var intent = Intent(name: name ?? "")
        for slotNode in elements(of: node["slots"], "slots", .field(path, "slots")) {
            if let (slot, slotAnchors) = readSlot(slotNode, path: .slot(intent: index, slot: intent.slots.count)) {
                intent.slots.append(slot)
                anchors.slots.append(slotAnchors)
            }
        }
        if let samples = node["samples"] {
            intent.samples = strings(samples, field: "samples", .field(path, "samples"), anchors: &anchors.samples,
                                     severity: .error)
        }
        map.intents.append(anchors)
        return intent
    }

    mutating func readSlot(_ node: JSONNode, path: ModelPath) -> (Slot, SourceMap.SlotAnchors)? {
        guard isObject(node, "a slot", path) else { return nil }
        var anchors = SourceMap.SlotAnchors(anchor: .json(node.offset))
        let name = requiredString(node, "name", of: "slot", path)
        var type = ""
        if let t = node["type"], let s = t.stringValue {
            type = s
        } else {
            report(.error, .invalidField, "slot \(name ?? "") has no type (give a custom type's name or an AMAZON.* type)",
                   .field(path, "type"), at: node["type"]?.offset ?? node.offset)
        }
        var slot = Slot(name: name ?? "", type: type)
        if let samples = node["samples"] {
            slot.samples = strings(samples, field: "samples", .field(path, "samples"), anchors: &anchors.samples,
                                   severity: .error)
        }
        if let multiple = node["multipleValues"], !multiple.isNull {
            if let enabled = multiple["enabled"], let b = bool(enabled) {
                slot.multipleValues = MultipleValues(enabled: b)
            } else if let b = bool(multiple) {
                slot.multipleValues = MultipleValues(enabled: b)
            } else {
                report(.warning, .invalidField, "multipleValues should be {\"enabled\": true|false}; ignored",
                       .field(path, "multipleValues"), at: multiple.offset)
            }
        }
        return (slot, anchors)
    }

    mutating func readType(_ node: JSONNode, index: Int) -> SlotType? {
        let path = ModelPath.type(index)
        guard isObject(node, "a slot type", path) else { return nil }
        var anchors = SourceMap.TypeAnchors(anchor: .json(node.offset))
        let name = requiredString(node, "name", of: "slot type", path)
        var type = SlotType(name: name ?? "")
        let values = elements(of: node["values"], "values", .field(path, "values"))
        type.values.reserveCapacity(values.count)
        anchors.values.reserveCapacity(values.count)
        for valueNode in values {
            let valuePath = ModelPath.value(type: index, value: type.values.count)
            if let (value, valueAnchors) = readValue(valueNode, path: valuePath) {
                type.values.append(value)
                anchors.values.append(valueAnchors)
            }
        }
        if let supplier = node["valueSupplier"], supplier.members != nil {
            var id = supplier["valueSourceId"]?.stringValue ?? supplier["valueSourceID"]?.stringValue
            if id == nil, let catalog = supplier["valueCatalog"] {
                id = catalog["catalogId"]?.stringValue ?? catalog["id"]?.stringValue
            }
            type.valueSupplier = ValueSupplier(type: supplier["type"]?.stringValue, valueSourceId: id)
        }
        map.types.append(anchors)
        return type
    }

    mutating func readValue(_ node: JSONNode, path: ModelPath) -> (SlotTypeValue, SourceMap.ValueAnchors)? {
        var anchors = SourceMap.ValueAnchors(anchor: .json(node.offset))
        if let s = node.stringValue {
            report(.warning, .invalidField, "a slot value should be {\"name\": {\"value\": \"\(s)\"}}; read as that value",
                   path, at: node.offset)
            return (SlotTypeValue(value: s), anchors)
        }
        guard node.members != nil else {
            report(.error, .invalidField, "a slot value must be an object, found \(node.value.kindDescription); skipped",
                   path, at: node.offset)
            return nil
        }
        var id: String?
        if let idNode = node["id"] {
            switch idNode.value {
            case .string(let s): id = s
            case .number(let n): id = n
            case .null: id = nil
            default:
                report(.warning, .invalidField, "id should be a string, found \(idNode.value.kindDescription); ignored",
                       .field(path, "id"), at: idNode.offset)
            }
        }
        guard let nameNode = node["name"], nameNode.members != nil else {
            report(.error, .invalidField, "slot value has no name object (write \"name\": {\"value\": \"…\", \"synonyms\": […]})",
                   .field(path, "name"), at: node.offset)
            return nil
        }
        guard let valueNode = nameNode["value"], let value = scalarString(valueNode) else {
            report(.error, .invalidField, "slot value has no name.value text",
                   .field(path, "name.value"), at: nameNode.offset)
            return nil
        }
        var synonyms: [String] = []
        if let synonymsNode = nameNode["synonyms"] {
            synonyms = strings(synonymsNode, field: "synonyms", .field(path, "name.synonyms"),
                               anchors: &anchors.synonyms, severity: .warning)
        }
        return (SlotTypeValue(id: id, value: value, synonyms: synonyms), anchors)
    }

    mutating func readConfiguration(_ node: JSONNode) -> ModelConfiguration {
        var configuration = ModelConfiguration()
        if let sensitivity = node["fallbackIntentSensitivity"], sensitivity.members != nil {
            let raw = sensitivity["level"]?.stringValue ?? "LOW"
            if let level = FallbackIntentSensitivity.Level(rawValue: raw.uppercased()) {
                configuration.fallbackIntentSensitivity = FallbackIntentSensitivity(level: level)
            } else {
                report(.warning, .unknownSetting,
                       "unknown fallback intent sensitivity \"\(raw)\" (use LOW, MEDIUM or HIGH); LOW assumed",
                       .field(.modelConfiguration, "fallbackIntentSensitivity.level"), at: sensitivity.offset)
                configuration.fallbackIntentSensitivity = FallbackIntentSensitivity(level: .low)
            }
        }
        return configuration
    }

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

    // MARK: Field helpers

    /// The elements of an array-valued field: none when it is absent or `null`; anything other
    /// than an array is reported ("`what` must be an array") and read as none.
    mutating func elements(of node: JSONNode?, _ what: String, _ path: ModelPath,
                           severity: Finding.Severity = .error) -> [JSONNode] {
        guard let node, !node.isNull else { return [] }
        if let elements = node.elements { return elements }
        report(severity, .invalidField,
               "\(what) must be an array, found \(node.value.kindDescription)\(severity == .error ? "" : "; ignored")",
               path, at: node.offset)
        return []
    }

    /// Whether an element is the JSON object it must be; if so its keys are checked for
    /// duplicates, if not it is reported ("`what` must be an object") for the caller to skip.
    mutating func isObject(_ node: JSONNode, _ what: String, _ path: ModelPath,
                           severity: Finding.Severity = .error) -> Bool {
        guard let members = node.members else {
            report(severity, .invalidField,
                   "\(what) must be an object, found \(node.value.kindDescription); \(severity == .error ? "skipped" : "ignored")",
                   path, at: node.offset)
            return false
        }
        checkDuplicateKeys(members, path)
        return true
    }

    mutating func report(_ severity: Finding.Severity, _ rule: Finding.Rule, _ message: String,
                         _ path: ModelPath, at offset: Int, text: String? = nil) {
        var jsonPath: String? = path.suffix(languageModel: map.languageModelPath, dialog: map.dialogPath,
                                            prompts: map.promptsPath)
        if jsonPath?.isEmpty == true { jsonPath = nil }
        findings.append(Finding(severity, rule, message, text: text, file: file, path: jsonPath,
                                location: self.text.location(ofByte: offset)))
    }

    mutating func requiredString(_ node: JSONNode, _ key: String, of what: String, _ path: ModelPath) -> String? {
        guard let field = node[key], !field.isNull else {
            report(.error, .invalidField, "\(what) has no \"\(key)\"", .field(path, key), at: node.offset)
            return nil
        }
        guard let s = field.stringValue else {
            report(.error, .invalidField, "\(what) \"\(key)\" must be a string, found \(field.value.kindDescription)",
                   .field(path, key), at: field.offset)
            return nil
        }
        return s
    }

    mutating func optionalString(_ node: JSONNode, _ key: String, _ path: ModelPath) -> String? {
        guard let field = node[key], !field.isNull else { return nil }
        if let s = scalarString(field) { return s }
        report(.warning, .invalidField, "\"\(key)\" should be a string, found \(field.value.kindDescription); ignored",
               .field(path, key), at: field.offset)
        return nil
    }

    mutating func flag(_ node: JSONNode, _ key: String, _ path: ModelPath) -> Bool {
        guard let field = node[key], !field.isNull else { return false }
        if let b = bool(field) { return b }
        report(.warning, .invalidField, "\"\(key)\" should be true or false, found \(field.value.kindDescription); false assumed",
               .field(path, key), at: field.offset)
        return false
    }

    func bool(_ node: JSONNode) -> Bool? {
        switch node.value {
        case .bool(let b): return b
        case .string(let s):
            switch s.lowercased() {
            case "true": return true
            case "false": return false
            default: return nil
            }
        default: return nil
        }
    }

    /// A string, or a number's text (validation values are written both ways).
    func scalarString(_ node: JSONNode) -> String? {
        switch node.value {
        case .string(let s): return s
        case .number(let n): return n
        default: return nil
        }
    }

    /// An array of strings; other elements are reported and skipped.
    mutating func strings(_ node: JSONNode, field: String, _ path: ModelPath, anchors: inout [SourceMap.Anchor],
                          severity: Finding.Severity) -> [String] {
        if node.isNull { return [] }
        guard let elements = node.elements else {
            if let s = node.stringValue {
                report(.warning, .invalidField, "\(field) should be an array of strings; read as one element", path,
                       at: node.offset, text: s)
                anchors.append(.json(node.offset))
                return [s]
            }
            report(severity, .invalidField, "\(field) must be an array of strings, found \(node.value.kindDescription)",
                   path, at: node.offset)
            return []
        }
        var result: [String] = []
        result.reserveCapacity(elements.count)
        anchors.reserveCapacity(elements.count)
        for (k, element) in elements.enumerated() {
            if let s = element.stringValue {
                result.append(s)
                anchors.append(.json(element.offset))
            } else {
                report(severity, .invalidField, "\(field) must hold strings, found \(element.value.kindDescription); skipped",
                       .field(path, "[\(k)]"), at: element.offset)
            }
        }
        return result
    }

    mutating func checkDuplicateKeys(_ members: [JSONMember], _ path: ModelPath) {
        guard members.count > 1 else { return }
        for a in 1..<members.count {
            let key = members[a].key
            var b = 0
            while b < a {
                if members[b].key == key {
                    report(.warning, .duplicateKey,
                           "key \"\(key)\" appears twice in this object; the last one is used (merge or delete one)",
                           path, at: members[a].keyOffset)
                    break
                }
                b += 1
            }
        }
    }
}
