import Foundation
import SkillNLU

/// Reads one `nlu-classify --hypotheses` input: a recogniser's n-best list as a JSON array
/// whose elements are transcriptions (`"order a pizza"`) or objects with `text` and an
/// optional `confidence` (`{"text": "order a pizza", "confidence": 0.8}`), best first.
public enum HypothesisListReading {
    /// The hypotheses, or a message that says what is wrong and where.
    public static func parse(_ line: String) -> Result<[RecognitionHypothesis], HypothesisListInputError> {
        guard !line.allSatisfy(\.isWhitespace) else {
            return .failure(.init("empty line: expected a JSON array of hypotheses, such as [\"order a pizza\", \"order a pita\"]"))
        }
        let elements: [Element]
        do {
            elements = try JSONDecoder().decode([Element].self, from: Data(line.utf8))
        } catch let DecodingError.typeMismatch(_, context) where !context.codingPath.isEmpty {
            return .failure(.init(message(context)))
        } catch let DecodingError.keyNotFound(_, context) where !context.codingPath.isEmpty {
            return .failure(.init(message(context)))
        } catch let DecodingError.valueNotFound(_, context) where !context.codingPath.isEmpty {
            return .failure(.init(message(context)))
        } catch {
            return .failure(.init("not a JSON array of hypotheses: give [\"text\", …] or [{\"text\": …, \"confidence\": …}, …]"))
        }
        return .success(elements.map(\.hypothesis))
    }

    static func message(_ context: DecodingError.Context) -> String {
        let index = context.codingPath.first?.intValue.map(String.init) ?? "?"
        return "hypothesis \(index) must be a string or an object with a \"text\" string and an optional numeric \"confidence\""
    }

    /// A string or an object, as a hypothesis.
    struct Element: Decodable {
        var hypothesis: RecognitionHypothesis

        enum Keys: String, CodingKey { case text, confidence }

        init(from decoder: Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                hypothesis = RecognitionHypothesis(text: text)
                return
            }
            let c = try decoder.container(keyedBy: Keys.self)
            hypothesis = RecognitionHypothesis(text: try c.decode(String.self, forKey: .text),
                                               confidence: try c.decodeIfPresent(Double.self, forKey: .confidence))
        }
    }
}

/// Why one `--hypotheses` input line could not be read.
public struct HypothesisListInputError: Error, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
