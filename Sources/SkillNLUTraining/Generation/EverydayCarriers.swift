import BuiltInValues

/// Everyday carrier phrases per language: what people say before or after the words that
/// matter ("how about …", "… please"), for ``TrainingDataGenerator/carrierUtterances()``.
///
/// Short and generic on purpose: they are said to any skill, so they teach a tagger only
/// that such words are no slot's value. A language without a table takes its carriers from
/// the skill's own samples alone.
struct EverydayCarriers {
    /// Phrases said before a request's values.
    var leading: [String]
    /// Phrases said after them.
    var trailing: [String]
    /// Words said between two values ("take *the* rabbit"): articles and determiners.
    var between: [String]

    /// The table of the language of `localeIdentifier`, if there is one.
    static func forLocale(_ localeIdentifier: String) -> EverydayCarriers? {
        tables[BuiltInLocaleTables.language(of: localeIdentifier)]
    }

    static let tables: [String: EverydayCarriers] = [
        "en": .init(
            leading: ["show me", "how about", "what about", "i think", "i guess", "maybe", "um", "uh", "well", "okay",
                      "so", "actually", "honestly", "hmm", "oh", "alright", "let's go with", "let's do", "go with",
                      "i'd like", "i would like", "can i have", "can i get", "could i get", "i'll have", "let me",
                      "let's see", "yeah so", "okay so", "alexa"],
            trailing: ["please", "thanks", "thank you", "i think", "i guess", "for me", "today", "now", "then",
                       "for now", "right now", "if possible", "if you can", "as well", "too", "i suppose", "maybe",
                       "okay", "alexa"],
            between: ["the", "a", "an", "some", "my", "this", "that", "one of the"]),
        "de": .init(
            leading: ["zeig mir", "wie wäre es mit", "was ist mit", "ich glaube", "vielleicht", "ähm", "also", "na ja",
                      "okay", "gut", "ehrlich gesagt", "ich hätte gern", "ich möchte", "gib mir", "lass uns", "nimm"],
            trailing: ["bitte", "danke", "ich glaube", "heute", "jetzt", "dann", "vielleicht", "für mich", "auch"],
            between: ["den", "die", "das", "einen", "eine", "ein", "meinen", "meine"]),
        "fr": .init(
            leading: ["montre-moi", "et si on prenait", "je pense", "peut-être", "euh", "alors", "bon", "d'accord",
                      "je voudrais", "donne-moi", "j'aimerais", "franchement", "voyons"],
            trailing: ["s'il te plaît", "s'il vous plaît", "merci", "je pense", "aujourd'hui", "maintenant", "alors",
                       "pour moi", "aussi"],
            between: ["le", "la", "les", "un", "une", "des", "mon", "ma"]),
        "es": .init(
            leading: ["muéstrame", "qué tal", "creo que", "quizás", "eh", "bueno", "vale", "pues", "quiero",
                      "me gustaría", "dame", "a ver"],
            trailing: ["por favor", "gracias", "creo", "hoy", "ahora", "entonces", "para mí", "también"],
            between: ["el", "la", "los", "las", "un", "una", "unos", "mi"]),
        "it": .init(
            leading: ["mostrami", "che ne dici di", "penso", "forse", "ehm", "allora", "va bene", "vorrei", "dammi",
                      "vediamo"],
            trailing: ["per favore", "grazie", "penso", "oggi", "adesso", "allora", "per me", "anche"],
            between: ["il", "la", "lo", "i", "le", "un", "una", "mio"]),
        "pt": .init(
            leading: ["me mostra", "que tal", "acho que", "talvez", "bom", "então", "quero", "eu queria", "me dá",
                      "vamos ver"],
            trailing: ["por favor", "obrigado", "obrigada", "acho", "hoje", "agora", "então", "pra mim", "também"],
            between: ["o", "a", "os", "as", "um", "uma", "meu", "minha"]),
    ]
}
