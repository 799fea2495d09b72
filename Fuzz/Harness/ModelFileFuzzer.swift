import Foundation
import InteractionModel
import SkillNLU

/// Fuzz target: bytes → `NLUModel(fileBytes:)`, and classification with whatever loads.
///
/// A flipped bit is caught by the checksum, so to reach the decoding of the units behind it
/// the first byte chooses: even, the rest is a whole file as found on disk; odd, the rest is a
/// model *body* that gets a valid header and checksum (a file damaged before it was
/// checksummed, or written by a buggy writer). Either way the loader must throw a
/// ``ModelFileError`` or return a model that classifies without breaking a result invariant.
public enum ModelFileFuzzer {
    /// A model file around `body`: magic, format version, length and checksum all valid.
    public static func file(body: [UInt8]) -> [UInt8] {
        var header = BinaryWriter()
        for b in NLUModel.fileMagic { header.write(b) }
        header.write(NLUModel.formatWithoutPack)
        header.write(UInt32(0))
        header.write(UInt64(body.count))
        header.write(NLUModel.fileChecksum(body: body))
        return header.bytes + body
    }

    /// A deliberately tiny skill: its model file is a few kilobytes, so that mutations are
    /// cheap and the inputs the fuzzer keeps are small enough to check in.
    public static let tinySkillJSON = #"""
    {"interactionModel": {"languageModel": {"invocationName": "lamp", "intents": [
      {"name": "TurnOn", "slots": [{"name": "room", "type": "Room"}],
       "samples": ["turn on the {room} light", "lights on in the {room}", "switch on the lamp"]},
      {"name": "TurnOff", "slots": [{"name": "room", "type": "Room"}],
       "samples": ["turn off the {room} light", "lights off", "switch off the lamp"]},
      {"name": "AMAZON.FallbackIntent", "samples": []}],
     "types": [{"name": "Room", "values": [{"id": "K", "name": {"value": "kitchen"}},
       {"name": {"value": "living room", "synonyms": ["lounge"]}}]}]}}}
    """#

    /// The tiny skill's model file, trained once per process: the seed of the corpus (behind a
    /// first byte of 0).
    public static let seedFile: [UInt8] = {
        var options = TrainingOptions()
        options.classifier = IntentClassifierOptions()
        options.classifier!.buckets = 1 << 12
        options.classifier!.dimension = 4
        options.classifier!.charNgrams = 3...3
        options.classifier!.epochs = 2
        options.tagger.epochs = 2
        guard let model = try? Importer.decode(Data(tinySkillJSON.utf8)),
              let nlu = try? NLUModel.train(from: model, options: options) else {
            fatalError("the tiny fuzz skill does not train")
        }
        return nlu.fileBytes()
    }()

    /// Utterances a loaded model is asked, to reach its classifier, tagger and matchers.
    static let probes = ["turn on the kitchen light", "lights off in the lounge", "switch on the lamp please",
                         "turn off the garage light", "borrow the hobbit", "", "zzz qqq"]

    /// What went wrong loading this fuzz input (empty when nothing did).
    public static func violations(_ data: [UInt8]) -> [String] {
        let rest = Array(data.dropFirst())
        let bytes = (data.first ?? 0) & 1 == 0 ? rest : file(body: rest)
        let model: NLUModel
        do {
            model = try NLUModel(fileBytes: bytes)
        } catch let error as ModelFileError {
            return error.description.isEmpty ? ["a model-file error without a description"] : []
        } catch {
            return ["loading threw \(type(of: error)), not a ModelFileError: \(error)"]
        }
        var problems: [String] = []
        let context = ClassificationContext(referenceDate: Date(timeIntervalSince1970: 1_790_000_000),
                                            timeZone: TimeZone(identifier: "UTC")!)
        for probe in probes {
            let result = model.classify(probe, context: context)
            problems += ResultInvariants.violations(of: result, input: probe, context: context, model: model)
        }
        return problems
    }
}
