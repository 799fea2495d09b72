import ArgumentParser
import SkillNLU

/// The value of `--contextual-head NAME` on the tools that train a model (nlu-train, and
/// nlu-classify and nlu-chat when they train a skill at start): a shipped sentence encoder's
/// name, `auto` (the locale's encoder, when one is shipped) or `none`.
public enum ContextualHeadOption {
    /// The help text the tools share.
    public static let help = ArgumentHelp(
        "The shipped sentence encoder a contextual intent head is trained over: en, auto (the locale's, when one is "
            + "shipped: the default, so English models have a head), or none (the fast tier only): "
            + "the auto and accurate tiers then read utterances in context; the model then needs the same encoder to load.",
        valueName: "name")

    /// Refuses, as a usage error, a name that is neither a shipped encoder nor `auto` or `none`.
    public static func validate(_ name: String?) throws {
        guard let name, !["none", "auto"].contains(name), SentenceEncoder.bundled(named: name) == nil else { return }
        throw ValidationError("--contextual-head: no sentence encoder named '\(name)' is shipped (shipped: en; or auto, none).")
    }

    /// Training options with `name` as their contextual head (nil leaves the default: the
    /// locale's encoder, when one is shipped).
    public static func trainingOptions(_ name: String?) -> TrainingOptions {
        var options = TrainingOptions()
        if let name { options.contextualHead = name }
        return options
    }
}
