extension Validator {
    /// The validation rule types Alexa's dialog model defines.
    public static let validationTypes: Set<String> = [
        "isInSet", "isNotInSet", "isGreaterThan", "isGreaterThanOrEqualTo", "isLessThan",
        "isLessThanOrEqualTo", "isInDuration", "isNotInDuration", "hasEntityResolutionMatch",
    ]

    /// The delegation strategies Alexa defines.
    public static let delegationStrategies: Set<String> = ["ALWAYS", "SKILL_RESPONSE"]

    /// Dialog model: references to intents, slots and prompts must resolve; settings must make sense.
    mutating func checkDialog() {
        guard let dialog = model.dialog else { return }
        if let strategy = dialog.delegationStrategy, !Self.delegationStrategies.contains(strategy) {
            report(.warning, .dialogInconsistency, .field(.dialog, "delegationStrategy"), text: strategy,
                   "unknown delegation strategy (use ALWAYS or SKILL_RESPONSE); SKILL_RESPONSE assumed")
        }
        var seen: [String: Int] = [:]
        for (d, dialogIntent) in dialog.intents.enumerated() {
            let path = ModelPath.dialogIntent(d)
            if let first = seen[dialogIntent.name] {
                report(.warning, .dialogInconsistency, .field(path, "name"), text: dialogIntent.name,
                       "dialog rules for intent \(dialogIntent.name) are given twice (first as intents[\(first)]); the first is used")
            } else {
                seen[dialogIntent.name] = d
            }
            if let strategy = dialogIntent.delegationStrategy, !Self.delegationStrategies.contains(strategy) {
                report(.warning, .dialogInconsistency, .field(path, "delegationStrategy"), text: strategy,
                       "unknown delegation strategy (use ALWAYS or SKILL_RESPONSE); the dialog's default is used")
            }
            let intent = intentIndex[dialogIntent.name].map { model.languageModel.intents[$0] }
            if intent == nil && !dialogIntent.name.isEmpty {
                let names = model.languageModel.intents.map(\.name)
                let hint = Self.closest(to: dialogIntent.name, in: names).map { " Did you mean \($0)?" } ?? ""
                report(.error, .dialogUnknownIntent, .field(path, "name"), text: dialogIntent.name,
                       "the dialog model names intent \(dialogIntent.name), which the language model does not declare.\(hint)")
            }
            if dialogIntent.confirmationRequired && dialogIntent.prompts.confirmation == nil {
                report(.warning, .dialogInconsistency, .field(path, "confirmationRequired"),
                       "intent confirmation is required but no confirmation prompt is given (add prompts.confirmation)")
            }
            checkPromptReference(dialogIntent.prompts.confirmation, .field(path, "prompts.confirmation"), intent: intent)
            checkPromptReference(dialogIntent.prompts.elicitation, .field(path, "prompts.elicitation"), intent: intent)
            var slotSeen: Set<String> = []
            for (s, dialogSlot) in dialogIntent.slots.enumerated() {
                checkDialogSlot(dialogSlot, intent: intent, d: d, s: s)
                if !slotSeen.insert(dialogSlot.name).inserted {
                    report(.warning, .dialogInconsistency, .field(.dialogSlot(intent: d, slot: s), "name"),
                           text: dialogSlot.name, "dialog rules for slot \(dialogSlot.name) are given twice; the first is used")
                }
            }
        }
    }

    mutating func checkDialogSlot(_ dialogSlot: DialogSlot, intent: Intent?, d: Int, s: Int) {
        let path = ModelPath.dialogSlot(intent: d, slot: s)
        if let intent {
            if let slot = intent.slot(named: dialogSlot.name) {
                if let type = dialogSlot.type, !type.isEmpty,
                   (BuiltInSlotTypes.canonicalName(for: type) ?? type) != (BuiltInSlotTypes.canonicalName(for: slot.type) ?? slot.type) {
                    report(.warning, .dialogInconsistency, .field(path, "type"), text: type,
                           "the dialog gives slot \(dialogSlot.name) type \(type), but intent \(intent.name) declares "
                           + "\(slot.type); the intent's type is used")
                }
            } else if !dialogSlot.name.isEmpty {
                let declared = intent.slots.map(\.name)
                let list = declared.isEmpty ? "none" : declared.joined(separator: ", ")
                let hint = Self.closest(to: dialogSlot.name, in: declared).map { " Did you mean \($0)?" } ?? ""
                report(.error, .dialogUnknownSlot, .field(path, "name"), text: dialogSlot.name,
                       "the dialog model names slot \(dialogSlot.name), which intent \(intent.name) does not declare "
                       + "(declared: \(list)).\(hint)")
            }
        }
        if dialogSlot.elicitationRequired && dialogSlot.prompts.elicitation == nil {
            report(.warning, .dialogInconsistency, .field(path, "elicitationRequired"),
                   "slot \(dialogSlot.name) is required but has no elicitation prompt to ask for it (add prompts.elicitation)")
        }
        if dialogSlot.confirmationRequired && dialogSlot.prompts.confirmation == nil {
            report(.warning, .dialogInconsistency, .field(path, "confirmationRequired"),
                   "slot \(dialogSlot.name) needs confirmation but has no confirmation prompt (add prompts.confirmation)")
        }
        checkPromptReference(dialogSlot.prompts.elicitation, .field(path, "prompts.elicitation"), intent: intent)
        checkPromptReference(dialogSlot.prompts.confirmation, .field(path, "prompts.confirmation"), intent: intent)
        for (v, validation) in dialogSlot.validations.enumerated() {
            checkValidation(validation, .validation(intent: d, slot: s, validation: v), intent: intent)
        }
    }

    mutating func checkValidation(_ validation: SlotValidation, _ path: ModelPath, intent: Intent?) {
        let type = validation.type
        if !Self.validationTypes.contains(type) {
            let hint = Self.closest(to: type, in: Self.validationTypes.sorted()).map { " Did you mean \($0)?" } ?? ""
            report(.warning, .unknownValidation, .field(path, "type"), text: type,
                   "unknown validation type; it is ignored.\(hint) Alexa defines "
                   + Self.validationTypes.sorted().joined(separator: ", "))
        } else {
            switch type {
            case "isInSet", "isNotInSet":
                if (validation.values ?? []).isEmpty {
                    report(.warning, .unknownValidation, path, text: type, "\(type) needs a non-empty \"values\" list; it is ignored")
                }
            case "isGreaterThan", "isGreaterThanOrEqualTo", "isLessThan", "isLessThanOrEqualTo":
                if validation.value == nil || Double(validation.value!) == nil {
                    report(.warning, .unknownValidation, path, text: type, "\(type) needs a numeric \"value\"; it is ignored")
                }
            case "isInDuration", "isNotInDuration":
                if validation.start == nil && validation.end == nil {
                    report(.warning, .unknownValidation, path, text: type,
                           "\(type) needs \"start\" and/or \"end\" (ISO-8601 durations such as P1D); it is ignored")
                }
            default:
                break
            }
        }
        if validation.prompt == nil {
            report(.warning, .dialogInconsistency, .field(path, "prompt"), text: type,
                   "validation has no prompt to say when the value fails it (add \"prompt\")")
        }
        checkPromptReference(validation.prompt, .field(path, "prompt"), intent: intent)
    }

    mutating func checkPromptReference(_ id: String?, _ path: ModelPath, intent: Intent?) {
        guard let id else { return }
        if let p = promptIndex[id] {
            guard let intent else { return }
            // A prompt may speak the intent's slot values: {slotName} must be a slot of the intent.
            for (v, variation) in model.prompts[p].variations.enumerated() {
                guard let template = try? SampleTemplate(parsing: variation.value) else { continue }
                for name in template.slotNames where intent.slot(named: name) == nil {
                    report(.warning, .promptProblem, .variation(prompt: p, variation: v), text: variation.value,
                           "prompt \(id) is used by intent \(intent.name) but speaks {\(name)}, which that intent does not declare")
                }
            }
            return
        }
        let ids = model.prompts.map(\.id)
        let hint = Self.closest(to: id, in: ids).map { " Did you mean \($0)?" } ?? ""
        report(.error, .unknownPrompt, path, text: id,
               "prompt id \(id) does not exist in prompts (\(ids.count) prompt\(ids.count == 1 ? "" : "s") declared).\(hint) "
               + "Add a prompt with this id or fix the reference.")
    }

    /// Prompts: ids unique, each with at least one variation.
    mutating func checkPrompts() {
        var seen: [String: Int] = [:]
        for (p, prompt) in model.prompts.enumerated() {
            if let first = seen[prompt.id], !prompt.id.isEmpty {
                report(.warning, .duplicatePrompt, .field(.prompt(p), "id"), text: prompt.id,
                       "prompt id \(prompt.id) is declared twice (first as prompts[\(first)]); the first is used")
            } else {
                seen[prompt.id] = p
            }
            if prompt.variations.isEmpty {
                report(.warning, .promptProblem, .prompt(p), text: prompt.id,
                       "prompt \(prompt.id) has no variations, so there is nothing to say (add at least one)")
            }
        }
    }
}
