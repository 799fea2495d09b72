import InteractionModel
import SkillNLU
import SkillNLUTraining

/// Utterance conflicts as importer findings (rule `sampleConflict`, like the identical samples
/// the validator reports), so that they print, count and fail `--strict` the same way.
public enum ConflictReport {
    /// One warning per conflict, at the first sample's place in the file, naming the intent the
    /// sample belongs to as well as the other one.
    public static func findings(_ conflicts: [SampleConflict], source: ModelSource) -> [Finding] {
        conflicts.map { c in
            let path: ModelPath = c.place.sampleIndex.map { .sample(intent: c.place.intentIndex, sample: $0) }
                ?? .intent(c.place.intentIndex)
            let at = source.sourceMap.resolve(path)
            // The path alone says where, not whose: the intent is named as the other one is.
            let owner = c.place.sampleIndex == nil ? "default sample of \(c.place.intent)" : "in \(c.place.intent)"
            let message = owner + ": " + c.message
            return Finding(.warning, .sampleConflict, message, text: c.place.sample, file: at.file, path: at.path,
                           location: at.location)
        }
    }
}
