/// The catalog of Amazon's standard built-in intents with default sample utterances.
///
/// Alexa understands "stop" or "shut up" for `AMAZON.StopIntent` without the
/// skill listing a single sample; an on-device model only knows what it is given. So every
/// built-in intent comes with samples of our own, per language, and a model that lists
/// `AMAZON.StopIntent` with no samples still understands "stop". A model's own samples outrank
/// these defaults: a default that collides with a sample of another intent in the model (a
/// skill with its own `cancel` intent) is dropped for that model, and the drop is reported.
/// When one intent of the model says ``shadowingCollisions`` or more of a built-in intent's
/// defaults, that intent has claimed the built-in's meaning: the built-in keeps none of its
/// defaults (only the samples the model gives it), so "cancel it" goes to the skill's own
/// `cancel` intent as "cancel that" does, instead of splitting the meaning between the two.
public enum BuiltInIntents {
    /// The standard built-in intents (names are Amazon's).
    public static let names: [String] = [
        "AMAZON.CancelIntent", "AMAZON.FallbackIntent", "AMAZON.HelpIntent", "AMAZON.LoopOffIntent",
        "AMAZON.LoopOnIntent", "AMAZON.MoreIntent", "AMAZON.NavigateHomeIntent",
        "AMAZON.NavigateSettingsIntent", "AMAZON.NextIntent", "AMAZON.NoIntent", "AMAZON.PageDownIntent",
        "AMAZON.PageUpIntent", "AMAZON.PauseIntent", "AMAZON.PreviousIntent", "AMAZON.RepeatIntent",
        "AMAZON.ResumeIntent", "AMAZON.ScrollDownIntent", "AMAZON.ScrollLeftIntent",
        "AMAZON.ScrollRightIntent", "AMAZON.ScrollUpIntent", "AMAZON.SelectIntent",
        "AMAZON.SendToPhoneIntent", "AMAZON.ShuffleOffIntent", "AMAZON.ShuffleOnIntent",
        "AMAZON.StartOverIntent", "AMAZON.StopIntent", "AMAZON.YesIntent",
    ]

    private static let nameSet = Set(names)

    /// Whether `name` is a standard built-in intent.
    public static func isKnown(_ name: String) -> Bool { nameSet.contains(name) }

    /// The locales with samples of their own; other locales of the same language use these,
    /// and any other locale uses en-US.
    public static let supportedLocales = ["en-US", "de-DE", "es-ES", "fr-FR", "it-IT", "ja-JP", "pt-BR", "hi-IN", "ar-SA"]

    /// The locale whose default samples serve `locale`: itself, else the supported locale of
    /// the same language (en-GB → en-US, es-MX → es-ES, fr-CA → fr-FR), else en-US.
    public static func catalogLocale(for locale: String) -> String {
        let normalized = locale.replacingOccurrences(of: "_", with: "-")
        if let exact = supportedLocales.first(where: { $0.lowercased() == normalized.lowercased() }) { return exact }
        let language = normalized.split(separator: "-").first.map { $0.lowercased() } ?? ""
        return supportedLocales.first { $0.hasPrefix(language + "-") } ?? "en-US"
    }

    /// Our default samples for a built-in intent in a locale; empty for an intent we give no
    /// samples (`AMAZON.FallbackIntent`, which stands for everything *outside* the model) or
    /// do not know.
    public static func defaultSamples(for intent: String, locale: String) -> [String] {
        table(for: catalogLocale(for: locale))[intent] ?? []
    }

    static func table(for catalogLocale: String) -> [String: [String]] {
        switch catalogLocale {
        case "de-DE": return german
        case "es-ES": return spanish
        case "fr-FR": return french
        case "it-IT": return italian
        case "ja-JP": return japanese
        case "pt-BR": return portuguese
        case "hi-IN": return hindi
        case "ar-SA": return arabic
        default: return english
        }
    }

    /// A default sample that was left out because another intent of the model says the same.
    public struct DroppedDefault: Sendable, Equatable {
        /// The built-in intent whose default it was.
        public var intent: String
        public var sample: String
        /// The model's intent that owns the colliding sample.
        public var collidesWith: String
        /// Index of that intent and of the sample in the model.
        public var intentIndex: Int
        public var sampleIndex: Int
    }

    /// How many of a built-in intent's defaults one other intent must say for the built-in to
    /// lose all its defaults to it. One or two shared phrases ("help", "stop") are a
    /// coincidence of wording; three are a custom intent that means the same thing.
    public static let shadowingCollisions = 3

    /// A built-in intent whose defaults were all left out because another intent of the model
    /// says several of them.
    public struct ShadowedIntent: Sendable, Equatable {
        /// The built-in intent (e.g. `AMAZON.CancelIntent`).
        public var intent: String
        /// The model's intent that claimed its meaning, and the index of the built-in intent.
        public var shadowedBy: String
        public var intentIndex: Int
        /// How many defaults it shares with that intent, and how many defaults it had.
        public var collisions: Int
        public var defaults: Int
    }

    /// What a model's built-in intents understand: the model's own samples plus our defaults.
    public struct EffectiveSamples: Sendable, Equatable {
        /// For each built-in intent the model declares: its own samples, then the defaults kept.
        public var samples: [String: [String]]
        /// The defaults added per intent (those kept).
        public var defaultsAdded: [String: [String]]
        /// Defaults dropped because they collide with another intent's sample.
        public var dropped: [DroppedDefault]
        /// Built-in intents that keep no defaults because another intent claimed their meaning.
        public var shadowed: [ShadowedIntent] = []
    }

    /// The effective samples of every built-in intent the model declares. A default is dropped
    /// when it equals (ignoring case, punctuation, spacing, hyphens, the apostrophe's form and
    /// accents — what the engine's tokens do not tell apart) a sample of another intent, or
    /// is already among the intent's own samples (then it is simply not repeated).
    public static func effectiveSamples(in model: InteractionModel) -> EffectiveSamples {
        var owner: [String: (intent: Int, sample: Int)] = [:]
        for (i, intent) in model.languageModel.intents.enumerated() {
            for (s, sample) in intent.samples.enumerated() {
                let key = collisionKey(sample)
                if owner[key] == nil { owner[key] = (i, s) }
            }
        }
        var result = EffectiveSamples(samples: [:], defaultsAdded: [:], dropped: [])
        for (index, intent) in model.languageModel.intents.enumerated() where BuiltInSlotTypes.isBuiltInName(intent.name) {
            var own = Set(intent.samples.map(collisionKey))
            var added: [String] = []
            let defaults = defaultSamples(for: intent.name, locale: model.locale)
            let droppedBefore = result.dropped.count
            for sample in defaults {
                let key = collisionKey(sample)
                if own.contains(key) { continue }
                if let (i, s) = owner[key] {
                    let other = model.languageModel.intents[i].name
                    if other != intent.name {
                        result.dropped.append(DroppedDefault(intent: intent.name, sample: sample, collidesWith: other,
                                                             intentIndex: i, sampleIndex: s))
                        continue
                    }
                }
                own.insert(key)
                added.append(sample)
            }
            // One intent saying several of these defaults has claimed them all.
            var perOwner: [String: Int] = [:]
            for d in result.dropped[droppedBefore...] { perOwner[d.collidesWith, default: 0] += 1 }
            if let (claimant, count) = perOwner.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
               count >= shadowingCollisions {
                result.shadowed.append(ShadowedIntent(intent: intent.name, shadowedBy: claimant, intentIndex: index,
                                                      collisions: count, defaults: defaults.count))
                added = []
            }
            result.samples[intent.name, default: []] += intent.samples + added
            if !added.isEmpty { result.defaultsAdded[intent.name, default: []] += added }
        }
        return result
    }

    /// The form in which a default sample is compared with the model's samples: the
    /// ``normalize(_:)`` form with hyphens as spaces, ’ as ' and accents removed, so that a
    /// skill's "that’s enough" or "go-back" claims the default "that's enough" or "go back".
    static func collisionKey(_ sample: String) -> String {
        let normal = normalize(sample)
        guard normal.unicodeScalars.contains(where: { !$0.isASCII || $0 == "-" }) else { return normal }
        let folded = normal.replacingOccurrences(of: "’", with: "'").replacingOccurrences(of: "-", with: " ")
            .folding(options: .diacriticInsensitive, locale: nil)
        return folded.split(separator: " ").joined(separator: " ")
    }

    /// The form in which two samples are compared: lower case, punctuation removed, runs of
    /// white space collapsed.
    public static func normalize(_ sample: String) -> String {
        // Fast path: lower-case ASCII words with single spaces are already normal.
        var normal = true
        var previousSpace = true
        for b in sample.utf8 {
            switch b {
            case 0x20:
                if previousSpace { normal = false }
                previousSpace = true
            case 0x61...0x7A, 0x30...0x39, 0x27, 0x7B, 0x7D, 0x2D, 0x5F:
                previousSpace = false
            default:
                normal = false
            }
            if !normal { break }
        }
        if normal && (!previousSpace || sample.isEmpty) { return sample }
        var out = ""
        var pendingSpace = false
        for scalar in sample.lowercased().unicodeScalars {
            let p = scalar.properties
            if p.isWhitespace || (p.generalCategory.isPunctuation && scalar != "'" && scalar != "’" && scalar != "{"
                                  && scalar != "}" && scalar != "-" && scalar != "_") {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.unicodeScalars.append(" "); pendingSpace = false }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Unicode.GeneralCategory {
    var isPunctuation: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default:
            return false
        }
    }
}
