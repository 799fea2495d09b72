/// The locales a custom Alexa skill can be built for, as Amazon's "Develop Skills in Multiple
/// Languages" page lists them. The tools check a `--locale` against this list, so that a typo
/// (`en-UK`, `english`) is caught at once instead of training a model for a locale no device
/// speaks. Models read from files keep whatever locale they name.
public enum AlexaLocales {
    /// Every locale, in Alexa's spelling, sorted.
    public static let all: [String] = [
        "ar-SA", "de-DE", "en-AU", "en-CA", "en-GB", "en-IN", "en-US", "es-ES", "es-MX", "es-US",
        "fr-CA", "fr-FR", "hi-IN", "it-IT", "ja-JP", "nl-NL", "pt-BR",
    ]

    /// Alexa's spelling of `locale` (`de_de` and `DE-de` are `de-DE`), or nil when Alexa has no
    /// such locale.
    public static func canonical(_ locale: String) -> String? {
        let normalized = String(locale.map { $0 == "_" ? "-" : $0 }).lowercased()
        return all.first { $0.lowercased() == normalized }
    }
}
