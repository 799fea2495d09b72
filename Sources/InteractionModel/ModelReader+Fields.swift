extension ModelReader {
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
