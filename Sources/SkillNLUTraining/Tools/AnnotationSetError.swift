/// Why an annotation set could not be read: the file, the line when known, and what is wrong.
public struct AnnotationSetError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public var description: String {
        "\(file)\(line.map { ":\($0)" } ?? ""): \(message)"
    }
}
