import ArgumentParser
import SkillNLU

/// The hidden overrides of the pretrained knowledge (language pack, contextual head) and the
/// tier it is read in, shared by the commands that train and score (`accuracy`, `skills`), for
/// choosing settings on dev.
struct KnowledgeOverrides: ParsableArguments {
    @Option(help: ArgumentHelp("Override: the language pack to read utterances through, such as en, or none.", visibility: .hidden))
    var languagePack: String?
    @Option(help: ArgumentHelp("Override: the language-pack scorer's weight in the mixture.", visibility: .hidden))
    var packInfluence: Float?
    @Option(help: ArgumentHelp("Override: the sentence encoder a contextual head is trained over, such as en, or none.", visibility: .hidden))
    var contextualHead: String?
    @Option(help: ArgumentHelp("Override: the contextual head's weight in the mixture.", visibility: .hidden))
    var contextualInfluence: Float?
    @Option(help: ArgumentHelp("Override: training utterances per intent for the contextual head.", visibility: .hidden))
    var contextualPerIntent: Int?
    @Option(help: ArgumentHelp("Override: the word clusters the slot tagger reads, such as en, auto or none.", visibility: .hidden))
    var wordClusters: String?
    @Option(help: "Intent tier to classify in (fast, accurate, auto), for models with a contextual head.")
    var tier: ClassificationContext.Tier = .auto
    @Option(help: ArgumentHelp("Override: the auto tier's confidence under which the encoder runs.", visibility: .hidden))
    var autoConfidence: Float?
    @Option(help: ArgumentHelp("Override: whether unseen words make the auto tier run the encoder.", visibility: .hidden))
    var autoOnUnseen: Bool?
    @Option(help: ArgumentHelp("Override: how much more the contextual head weighs per share of unseen words (0: as equals).", visibility: .hidden))
    var unseenWordWeight: Float?

    /// Sets the overridden training options in `options`.
    func apply(to options: inout TrainingOptions) {
        if let languagePack { options.languagePack = languagePack }
        if let packInfluence { options.packInfluence = packInfluence }
        if let contextualHead { options.contextualHead = contextualHead }
        if let contextualInfluence { options.contextualInfluence = contextualInfluence }
        if let contextualPerIntent { options.contextualHeadUtterancesPerIntent = contextualPerIntent }
        if let wordClusters { options.tagger.wordClusters = wordClusters }
    }

    /// The tier and its auto rule as the options ask.
    var classificationContext: ClassificationContext {
        var context = ClassificationContext()
        context.tier = tier
        if let autoConfidence { context.autoTierConfidence = autoConfidence }
        if let autoOnUnseen { context.autoTierOnUnseenWords = autoOnUnseen }
        if let unseenWordWeight { context.unseenWordWeight = unseenWordWeight }
        return context
    }

    /// The options given, as they are spelt on the command line (for "reproduce:" lines).
    var commandLineParts: [String] {
        var parts: [String] = []
        if let languagePack { parts.append("--language-pack \(languagePack)") }
        if let packInfluence { parts.append("--pack-influence \(packInfluence)") }
        if let contextualHead { parts.append("--contextual-head \(contextualHead)") }
        if let contextualInfluence { parts.append("--contextual-influence \(contextualInfluence)") }
        if let contextualPerIntent { parts.append("--contextual-per-intent \(contextualPerIntent)") }
        if let wordClusters { parts.append("--word-clusters \(wordClusters)") }
        if tier != .auto { parts.append("--tier \(tier.rawValue)") }
        if let autoConfidence { parts.append("--auto-confidence \(autoConfidence)") }
        if let autoOnUnseen { parts.append("--auto-on-unseen \(autoOnUnseen)") }
        if let unseenWordWeight { parts.append("--unseen-word-weight \(unseenWordWeight)") }
        return parts
    }
}
