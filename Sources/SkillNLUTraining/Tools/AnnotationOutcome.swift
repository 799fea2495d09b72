/// How one annotation fared.
public struct AnnotationOutcome: Sendable, Equatable {
    /// A slot that did not come out as expected.
    public struct SlotProblem: Sendable, Equatable {
        public enum Kind: String, Sendable, Equatable {
            /// The slot was expected and not found.
            case missing
            /// The slot was found with another value.
            case wrongValue
            /// The slot was found and not expected.
            case unexpected
        }
        public var kind: Kind
        public var slot: String
        public var expected: String?
        public var actual: String?
    }

    public var annotation: Annotation
    public var result: NLUResult
    /// The expectation the result was compared with: the one it meets, else the first with the
    /// same intent, else the first.
    public var expectation: Annotation.Expectation
    public var passed: Bool
    public var intentCorrect: Bool
    public var problems: [SlotProblem]
    /// Slot counts for precision and recall: expected, found, and found as expected.
    public var expectedSlots: Int
    public var foundSlots: Int
    public var correctSlots: Int
}
