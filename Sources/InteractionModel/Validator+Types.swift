extension Validator {
    /// Slot types: duplicates, empty types, repeated values and synonyms, untidy text.
    mutating func checkTypes() {
        var seenTypes: [String: Int] = [:]
        for (t, type) in model.languageModel.types.enumerated() {
            if let first = seenTypes[type.name], !type.name.isEmpty {
                report(.warning, .duplicateSlotType, .field(.type(t), "name"), text: type.name,
                       "slot type \(type.name) is declared twice (first as types[\(first)]); the first is used, merge their values")
            } else {
                seenTypes[type.name] = t
            }
            if type.values.isEmpty && type.valueSupplier == nil && !context.openSlotTypes.contains(type.name) {
                report(.warning, .emptySlotType, .type(t), text: type.name,
                       "custom slot type \(type.name) has no values; it is treated as open (any value in a slot's "
                       + "place), but listing values makes recognition much better")
            }
            checkValues(of: type, t)
            checkPlaceholders(of: type, t)
        }
    }

    /// Placeholders listed as values (``PlaceholderValue``): what training makes of them, and
    /// how to give the model what users say instead.
    mutating func checkPlaceholders(of type: SlotType, _ t: Int) {
        let placeholders = PlaceholderValue.placeholders(in: type.values)
        guard !placeholders.isEmpty else { return }
        let shown = placeholders.prefix(3).map(Finding.quoted).joined(separator: ", ")
            + (placeholders.count > 3 ? " and \(placeholders.count - 3) more" : "")
        let one = placeholders.count == 1
        let treated = PlaceholderValue.isPlaceholderList(type.values)
            ? "as placeholders make up most of its list, the type is trained as an open list: its slots take the "
                + "words users say (entity resolution reports no match for them, as Alexa's does)"
            : (one ? "it is" : "they are") + " left out of matching and entity resolution"
        let listed = one ? "a placeholder" : "placeholders"
        report(.warning, .placeholderValues, .type(t), text: type.name,
               "slot type \(type.name) lists \(listed), not values users say (\(shown)); \(treated). "
               + "List the values users say (with synonyms), or supply them as dynamic entities at run time")
    }

    /// Values and synonyms of one type: each text should name one value only.
    mutating func checkValues(of type: SlotType, _ t: Int) {
        // Normalized text → (value index, synonym index or -1) of its first occurrence.
        var owner: [String: (Int, Int)] = [:]
        owner.reserveCapacity(type.values.count * 2)
        // Synonyms that merely repeat their own value: common and harmless, so reported once per type.
        var sameAsValue: [(path: ModelPath, synonym: String, value: String)] = []
        for (v, value) in type.values.enumerated() {
            let valuePath = ModelPath.value(type: t, value: v)
            let text = value.name.value
            guard checkLength(text, .field(valuePath, "name.value"), "slot value") else { continue }
            let key = Self.valueKey(text)
            if key.isEmpty {
                report(.warning, .emptyText, .field(valuePath, "name.value"), text: text, "empty slot value; dropped")
            } else {
                if text.collapsingSpaces != text {
                    report(.warning, .untrimmedText, .field(valuePath, "name.value"), text: text,
                           "slot value has extra spaces; trimmed")
                }
                if let (firstValue, firstSynonym) = owner[key] {
                    let other = type.values[firstValue]
                    let whereText = firstSynonym < 0
                        ? "value \(Finding.quoted(other.name.value)) (values[\(firstValue)])"
                        : "a synonym of \(Finding.quoted(other.name.value)) (values[\(firstValue)])"
                    report(.warning, .duplicateValue, .field(valuePath, "name.value"), text: text,
                           "duplicate value in slot type \(type.name): already \(whereText); entity resolution "
                           + "will return both (remove one, or merge them with synonyms)")
                } else {
                    owner[key] = (v, -1)
                }
            }
            var ownSynonyms: Set<String> = []
            for (s, synonym) in value.name.synonyms.enumerated() {
                let synonymPath = ModelPath.synonym(type: t, value: v, synonym: s)
                guard checkLength(synonym, synonymPath, "synonym") else { continue }
                let synonymKey = Self.valueKey(synonym)
                if synonymKey.isEmpty {
                    report(.warning, .emptyText, synonymPath, text: synonym, "empty synonym; dropped")
                    continue
                }
                if synonym.collapsingSpaces != synonym {
                    report(.warning, .untrimmedText, synonymPath, text: synonym, "synonym has extra spaces; trimmed")
                }
                if synonymKey == key {
                    sameAsValue.append((synonymPath, synonym, text))
                    continue
                }
                if !ownSynonyms.insert(synonymKey).inserted {
                    report(.warning, .duplicateValue, synonymPath, text: synonym,
                           "listed twice among the synonyms of \(Finding.quoted(text)); kept once")
                    continue
                }
                if let (firstValue, _) = owner[synonymKey], firstValue != v {
                    let other = type.values[firstValue].name.value
                    report(.warning, .duplicateValue, synonymPath, text: synonym,
                           "synonym of \(Finding.quoted(text)) is also value or synonym \(Finding.quoted(other)) "
                           + "(values[\(firstValue)]) in slot type \(type.name); entity resolution will return both")
                } else if owner[synonymKey] == nil {
                    owner[synonymKey] = (v, s)
                }
            }
        }
        if let first = sameAsValue.first {
            let more = sameAsValue.count - 1
            let message = more == 0
                ? "synonym repeats its own value \(Finding.quoted(first.value)); dropped (a value always matches itself)"
                : "synonym repeats its own value \(Finding.quoted(first.value)), and \(more) more synonym"
                    + "\(more == 1 ? "" : "s") in slot type \(type.name) do the same; dropped (a value always matches itself)"
            report(.warning, .duplicateValue, first.path, text: first.synonym, message)
        }
    }

    /// How values are compared for duplicates: case and spacing ignored.
    static func valueKey(_ text: String) -> String {
        text.lowercased().collapsingSpaces
    }
}
