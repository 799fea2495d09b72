import BuiltInValues
import Understanding

/// A yes or a no, read from the user's words ("yeah", "sure", "that's right", "nope",
/// "no thanks"), in the locale's language.
///
/// Used for slot and intent confirmation when the model has no AMAZON.YesIntent/NoIntent (or
/// the NLU did not pick them), and by handlers that ask a yes/no question of their own.
/// Answers that hedge ("not sure", "maybe") or say both are neither.
public enum YesNoAnswer: String, Sendable, Codable, Equatable {
    case yes
    case no

    /// The answer in `text`, or nil when it is neither (or both).
    public static func parse(_ text: String, locale: String = "en-US") -> YesNoAnswer? {
        let tokenizer = Tokenizer(locale: locale)
        let words = tokenizer.tokenize(text).map(\.folded)
        guard !words.isEmpty else { return nil }
        let lexicon = Lexicon.for(tokenizer)
        if lexicon.neutral.contains(where: { words.containsSequence($0) }) { return nil }
        let yes = lexicon.yes.contains { words.containsSequence($0) }
        let no = lexicon.no.contains { words.containsSequence($0) }
        switch (yes, no) {
        case (true, false): return .yes
        case (false, true): return .no
        default: return nil
        }
    }

    /// The answer an NLU result gives: AMAZON.YesIntent / AMAZON.NoIntent.
    public static func from(intentName: String?) -> YesNoAnswer? {
        switch intentName {
        case "AMAZON.YesIntent": .yes
        case "AMAZON.NoIntent": .no
        default: nil
        }
    }

    struct Lexicon {
        var yes: [[String]]
        var no: [[String]]
        var neutral: [[String]]

        static func `for`(_ tokenizer: Tokenizer) -> Lexicon {
            let (yes, no, neutral) = phrases[tokenizer.languageCode] ?? phrases["en"]!
            func prepare(_ list: [String]) -> [[String]] {
                list.map { tokenizer.tokenize($0).map(\.folded) }.filter { !$0.isEmpty }
            }
            return Lexicon(yes: prepare(yes), no: prepare(no), neutral: prepare(neutral))
        }
    }

    static let phrases: [String: (yes: [String], no: [String], neutral: [String])] = [
        "en": (["yes", "yeah", "yep", "yup", "ya", "yea", "sure", "ok", "okay", "correct", "right", "affirmative",
                "absolutely", "definitely", "certainly", "of course", "sounds good", "go ahead", "do it", "please do",
                "exactly", "alright", "all right", "confirm", "confirmed", "true", "indeed", "that's it"],
               ["no", "nope", "nah", "negative", "never", "wrong", "incorrect", "not really", "no thanks",
                "not at all", "false", "cancel that", "don't", "do not"],
               ["not sure", "don't know", "do not know", "maybe", "perhaps", "not certain"]),
        "de": (["ja", "jawohl", "genau", "richtig", "klar", "okay", "ok", "gerne", "stimmt", "sicher", "bestätigen"],
               ["nein", "nee", "falsch", "nicht", "auf keinen fall", "stimmt nicht"],
               ["vielleicht", "weiß nicht", "nicht sicher"]),
        "fr": (["oui", "ouais", "d'accord", "exactement", "absolument", "bien sûr", "correct", "ok", "confirmer"],
               ["non", "pas du tout", "incorrect", "faux", "jamais"],
               ["peut-être", "je ne sais pas", "pas sûr"]),
        "es": (["sí", "claro", "vale", "correcto", "exacto", "de acuerdo", "ok", "por supuesto", "confirmar"],
               ["no", "para nada", "incorrecto", "nunca"],
               ["quizás", "tal vez", "no sé", "no estoy seguro"]),
        "it": (["sì", "certo", "esatto", "va bene", "d'accordo", "ok", "corretto", "confermo"],
               ["no", "per niente", "sbagliato", "mai"],
               ["forse", "non so", "non sono sicuro"]),
        "pt": (["sim", "claro", "certo", "correto", "exato", "ok", "com certeza", "confirmo"],
               ["não", "nunca", "errado", "de jeito nenhum"],
               ["talvez", "não sei"]),
        "ja": (["はい", "うん", "ええ", "そうです", "お願いします", "オーケー"],
               ["いいえ", "いや", "違います", "ちがう", "結構です"],
               ["たぶん", "わからない"]),
        "hi": (["हाँ", "हां", "जी", "जी हाँ", "ठीक है", "बिल्कुल", "सही", "ओके", "हाँ जी"],
               ["नहीं", "नही", "जी नहीं", "गलत", "बिल्कुल नहीं"],
               ["शायद", "पता नहीं", "मालूम नहीं"]),
        "ar": (["نعم", "أجل", "اجل", "أيوه", "ايوه", "صح", "صحيح", "تمام", "موافق", "طبعا", "بالتأكيد", "حسنا", "أكيد"],
               ["لا", "كلا", "خطأ", "غلط", "أبدا", "ابدا"],
               ["ربما", "يمكن", "لا أعرف", "لا اعرف", "مش عارف"]),
    ]
}

extension Array where Element == String {
    /// Whether `sequence` occurs here as consecutive elements.
    func containsSequence(_ sequence: [String]) -> Bool {
        firstIndexOfSequence(sequence) != nil
    }

    func firstIndexOfSequence(_ sequence: [String], from start: Int = 0) -> Int? {
        guard !sequence.isEmpty, sequence.count <= count - start else { return nil }
        var i = start
        while i + sequence.count <= count {
            if self[i] == sequence[0] && Array(self[i..<(i + sequence.count)]) == sequence { return i }
            i += 1
        }
        return nil
    }
}
