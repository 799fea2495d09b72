/// One entry of a speech recogniser's n-best list: what it thinks was said, and how sure it is.
///
/// Recognisers return several transcriptions of one request, best first; the top one is often
/// a near-miss ("order a pepper only pizza") while a lower one is what the user meant.
/// ``NLUModel/classify(hypotheses:context:scoring:)`` reads them all and picks the best joint
/// reading.
public struct RecognitionHypothesis: Sendable, Codable, Equatable {
    /// The transcription.
    public var text: String
    /// The recogniser's confidence in 0…1, when it gives one. Recognisers differ in whether
    /// their scores sum to one over the list; either works, since only the ratio between two
    /// hypotheses matters when they are compared.
    public var confidence: Double?

    public init(text: String, confidence: Double? = nil) {
        self.text = text
        self.confidence = confidence
    }
}

/// Why an n-best list could not be read.
public enum HypothesisListError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The list has no hypotheses.
    case empty
    /// A confidence is not a number in 0…1 (`index` counts from 0 in the list given).
    case invalidConfidence(index: Int, value: Double)

    public var description: String {
        switch self {
        case .empty:
            return "the recogniser's hypothesis list is empty; give at least one transcription"
        case .invalidConfidence(let index, let value):
            return "hypothesis \(index) has confidence \(value); a recogniser confidence must be a number from 0 to 1 (or left out)"
        }
    }
}
