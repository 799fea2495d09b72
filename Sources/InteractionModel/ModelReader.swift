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
}
