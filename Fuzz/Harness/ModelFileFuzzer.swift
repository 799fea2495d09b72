import Foundation
import InteractionModel
import SkillNLU
import SkillNLUTraining

/// Fuzz target: bytes → `NLUModel(fileBytes:)`, and classification with whatever loads.
///
/// A flipped bit is caught by a checksum, so to reach the decoding of the units behind it the
/// first byte chooses: even, the rest is a whole file as found on disk; 1, the rest is a body
/// of format 6 (the units one after the other) that gets a valid format 6 header and
/// checksum; any other odd byte, the rest is a run of sections of the chunked format that get
/// valid checksums and a valid header (a file damaged before it was sealed, or written by a
/// buggy writer). Either way the loader must throw a ``ModelFileError`` or return a model that
/// classifies without breaking a result invariant.
public enum ModelFileFuzzer {
    /// A format 6 model file around `body`: magic, format version, length and checksum all valid.
    public static func legacyFile(body: [UInt8]) -> [UInt8] {
        var header = BinaryWriter()
        for b in NLUModel.fileMagic { header.write(b) }
        header.write(UInt32(6))
        header.write(UInt32(0))
        header.write(UInt64(body.count))
        header.write(NLUModel.fileChecksum(body: body))
        return header.bytes + body
    }

    /// A chunked model file around `sections`, every checksum and the header made valid.
    public static func file(sections: [UInt8]) -> [UInt8] {
        NLUModel.sealedFile(sections: sections)
    }

    /// The fuzz input that stands for `file` (a whole file, first byte 0).
    public static func wholeFileInput(_ file: [UInt8]) -> [UInt8] { [0] + file }

    /// The fuzz input of a chunked file's sections (first byte 3): damage there is sealed again.
    public static func sectionsInput(_ file: [UInt8]) -> [UInt8] { [3] + file.dropFirst(NLUModel.headerSize) }

    /// The bytes `data` stands for, as ``violations(_:)`` loads them.
    public static func fileBytes(_ data: [UInt8]) -> [UInt8] {
        let rest = Array(data.dropFirst())
        switch data.first ?? 0 {
        case let b where b & 1 == 0: return rest
        case 1: return legacyFile(body: rest)
        default: return file(sections: rest)
        }
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

    /// The tiny skill's model file, trained once per process: a seed of the corpus (whole,
    /// and its sections).
    public static let seedFile: [UInt8] = train(pack: nil)

    /// The tiny skill trained with the shipped English language pack: its file has the pack
    /// section too. Nil when the pack is not installed beside the fuzzer.
    public static let packSeedFile: [UInt8]? = LanguagePack.bundled(named: "en") == nil ? nil : train(pack: "en")

    /// The seeds of the corpus: each model file whole and as sections.
    public static var seeds: [[UInt8]] {
        ([seedFile] + (packSeedFile.map { [$0] } ?? [])).flatMap { [wholeFileInput($0), sectionsInput($0)] }
    }

    static func train(pack: String?) -> [UInt8] {
        var options = TrainingOptions()
        options.languagePack = pack
        // A few kilobytes, so that every byte can be tried: without the contextual head's section.
        options.contextualHead = "none"
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
    }

    /// Utterances a loaded model is asked, to reach its classifier, tagger and matchers.
    static let probes = ["turn on the kitchen light", "lights off in the lounge", "switch on the lamp please",
                         "turn off the garage light", "borrow the hobbit", "", "zzz qqq"]

    /// What went wrong loading this fuzz input (empty when nothing did).
    public static func violations(_ data: [UInt8]) -> [String] {
        let bytes = fileBytes(data)
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
