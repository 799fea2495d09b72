/// Why no model could be imported at all. Problems *inside* a model that was read are
/// ``Finding``s instead, so that one run reports all of them.
public enum ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing exists at the path.
    case fileNotFound(path: String)
    /// The path exists but could not be read.
    case unreadable(path: String, reason: String)
    /// A directory that holds no interaction model in any layout the importer knows.
    case noModelInDirectory(path: String, searched: [String])
    /// The requested locale is not among the directory's models.
    case localeNotFound(path: String, locale: String, available: [String])
    /// A directory with models for several locales and no locale chosen.
    case ambiguousLocale(path: String, available: [String])
    /// The file is not valid JSON.
    case malformedJSON(file: String?, JSONSyntaxError)
    /// The file is JSON but not an interaction model in any known layout.
    case notAnInteractionModel(file: String?, reason: String)
    /// The model was read but has errors (from ``Importer/decode(_:locale:)``, which has no
    /// other way to return findings).
    case invalidModel([Finding])

    /// The error as findings, so that a tool prints every problem the same way.
    public var findings: [Finding] {
        switch self {
        case .malformedJSON(let file, let e):
            return [Finding(.error, .malformedJSON, e.message, file: file, location: e.location)]
        case .notAnInteractionModel(let file, let reason):
            return [Finding(.error, .notAnInteractionModel, reason, file: file)]
        case .invalidModel(let findings):
            return findings
        default:
            return [Finding(.error, .notAnInteractionModel, description)]
        }
    }

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): no such file or directory"
        case .unreadable(let path, let reason):
            return "\(path): cannot be read (\(reason))"
        case .noModelInDirectory(let path, let searched):
            return "\(path): no interaction model found (looked for \(searched.joined(separator: ", ")))"
        case .localeNotFound(let path, let locale, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "\(path): no model for locale \(locale) (available: \(list))"
        case .ambiguousLocale(let path, let available):
            return "\(path): models for several locales (\(available.joined(separator: ", "))); choose one with a locale"
        case .malformedJSON(let file, let e):
            return "\(file.map { "\($0):" } ?? "")\(e.location.line):\(e.location.column): error: \(e.message)"
        case .notAnInteractionModel(let file, let reason):
            return "\(file.map { "\($0): " } ?? "")error: \(reason)"
        case .invalidModel(let findings):
            let errors = findings.filter(\.isError)
            return (errors.isEmpty ? findings : errors).map(\.description).joined(separator: "\n")
        }
    }
}
