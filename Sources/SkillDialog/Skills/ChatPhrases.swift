import Foundation
import InteractionModel

/// What the ``EchoSkill`` says in its own words — the welcome, goodbye, "I didn't get that",
/// help — in the skill's language: a German skill greets in German. There is a set for every
/// language of the built-in intent catalogs (``BuiltInIntents/supportedLocales``); other
/// locales of a language use its set (es-MX Spanish, fr-CA French), any other language English.
public struct ChatPhrases: Sendable, Equatable {
    /// "Welcome to @. What would you like to do?" (`@` is the invocation name).
    public var welcome: String
    /// The name used when the model has no invocation name ("this skill").
    public var thisSkill: String
    public var whatToDo: String
    public var whatElse: String
    public var goodbye: String
    /// The answer to AMAZON.FallbackIntent.
    public var notUnderstood: String
    /// "You can say, for example: @." (`@` is a list of the skill's samples).
    public var helpWithExamples: String
    /// Help when the skill has no sample to quote.
    public var help: String
    /// "Sorry, something went wrong: " (the error follows).
    public var somethingWentWrong: String
    /// The quotation marks around a sample, what separates samples in a list, and the word
    /// that joins the last two.
    public var openQuote: String
    public var closeQuote: String
    public var listSeparator: String
    public var or: String
    /// How to judge the last answer in a chat that records feedback: the commands `/right`
    /// and `/wrong IntentName slot=value …` (the command words stay English).
    public var feedbackHelp: String

    /// The phrases for a locale (`de-AT` → German, `xx-YY` → English).
    public static func forLocale(_ locale: String) -> ChatPhrases {
        switch BuiltInIntents.catalogLocale(for: locale) {
        case "de-DE": return german
        case "fr-FR": return french
        case "es-ES": return spanish
        case "it-IT": return italian
        case "pt-BR": return portuguese
        case "ja-JP": return japanese
        case "hi-IN": return hindi
        case "ar-SA": return arabic
        default: return english
        }
    }

    /// The greeting for a skill invoked as `name` (empty: this skill).
    public func welcome(to name: String) -> String {
        welcome.replacingOccurrences(of: "@", with: name.isEmpty ? thisSkill : name)
    }

    /// Help that quotes `samples` (a few things the user can say), or the plain help; with
    /// `feedbackCommands`, also how to judge an answer (``feedbackHelp``).
    public func help(quoting samples: [String], feedbackCommands: Bool = false) -> String {
        let question = feedbackCommands ? Self.sentences(feedbackHelp, whatToDo) : whatToDo
        guard !samples.isEmpty else { return Self.sentences(help, question) }
        let quoted = samples.map { openQuote + $0 + closeQuote }
        let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: listSeparator) + or + quoted.last!
        return Self.sentences(helpWithExamples.replacingOccurrences(of: "@", with: list), question)
    }

    /// Two sentences, with a space between them unless the first ends in full-width
    /// punctuation (Japanese writes none).
    static func sentences(_ first: String, _ second: String) -> String {
        first + (first.last.map { "。！？".contains($0) } == true ? "" : " ") + second
    }

    static let english = ChatPhrases(
        welcome: "Welcome to @. What would you like to do?", thisSkill: "this skill",
        whatToDo: "What would you like to do?", whatElse: "What else would you like to do?", goodbye: "Goodbye.",
        notUnderstood: "Sorry, I didn't get that. What would you like to do?",
        helpWithExamples: "You can say, for example, @.", help: "Tell me what you would like to do.",
        somethingWentWrong: "Sorry, something went wrong: ", openQuote: "“", closeQuote: "”",
        listSeparator: ", ", or: " or ",
        feedbackHelp: "To judge my last answer, type /right, or /wrong with the intent you meant and its slots as slot=value.")

    static let german = ChatPhrases(
        welcome: "Willkommen bei @. Was möchtest du tun?", thisSkill: "diesem Skill",
        whatToDo: "Was möchtest du tun?", whatElse: "Was möchtest du sonst noch tun?", goodbye: "Auf Wiedersehen.",
        notUnderstood: "Entschuldigung, das habe ich nicht verstanden. Was möchtest du tun?",
        helpWithExamples: "Du kannst zum Beispiel @ sagen.", help: "Sag mir einfach, was du tun möchtest.",
        somethingWentWrong: "Entschuldigung, etwas ist schiefgelaufen: ", openQuote: "„", closeQuote: "“",
        listSeparator: ", ", or: " oder ",
        feedbackHelp: "Um meine letzte Antwort zu bewerten, tippe /right, oder /wrong mit dem gemeinten Intent und seinen Slots als slot=value.")

    static let french = ChatPhrases(
        welcome: "Bienvenue dans @. Que voulez-vous faire ?", thisSkill: "cette skill",
        whatToDo: "Que voulez-vous faire ?", whatElse: "Que voulez-vous faire d'autre ?", goodbye: "Au revoir.",
        notUnderstood: "Désolé, je n'ai pas compris. Que voulez-vous faire ?",
        helpWithExamples: "Vous pouvez dire par exemple @.", help: "Dites-moi ce que vous voulez faire.",
        somethingWentWrong: "Désolé, une erreur s'est produite : ", openQuote: "« ", closeQuote: " »",
        listSeparator: ", ", or: " ou ",
        feedbackHelp: "Pour juger ma dernière réponse, tapez /right, ou /wrong suivi de l'intent voulu et de ses slots sous la forme slot=value.")

    static let spanish = ChatPhrases(
        welcome: "Bienvenido a @. ¿Qué quieres hacer?", thisSkill: "esta skill",
        whatToDo: "¿Qué quieres hacer?", whatElse: "¿Qué más quieres hacer?", goodbye: "Adiós.",
        notUnderstood: "Lo siento, no te he entendido. ¿Qué quieres hacer?",
        helpWithExamples: "Puedes decir, por ejemplo, @.", help: "Dime qué quieres hacer.",
        somethingWentWrong: "Lo siento, algo ha salido mal: ", openQuote: "«", closeQuote: "»",
        listSeparator: ", ", or: " o ",
        feedbackHelp: "Para valorar mi última respuesta, escribe /right, o /wrong con el intent que querías y sus slots como slot=value.")

    static let italian = ChatPhrases(
        welcome: "Benvenuto in @. Cosa vuoi fare?", thisSkill: "questa skill",
        whatToDo: "Cosa vuoi fare?", whatElse: "Cos'altro vuoi fare?", goodbye: "Arrivederci.",
        notUnderstood: "Scusa, non ho capito. Cosa vuoi fare?",
        helpWithExamples: "Puoi dire, per esempio, @.", help: "Dimmi cosa vuoi fare.",
        somethingWentWrong: "Scusa, qualcosa è andato storto: ", openQuote: "«", closeQuote: "»",
        listSeparator: ", ", or: " o ",
        feedbackHelp: "Per giudicare la mia ultima risposta, scrivi /right, oppure /wrong con l'intent che intendevi e i suoi slot come slot=value.")

    static let portuguese = ChatPhrases(
        welcome: "Bem-vindo a @. O que você gostaria de fazer?", thisSkill: "esta skill",
        whatToDo: "O que você gostaria de fazer?", whatElse: "O que mais você gostaria de fazer?", goodbye: "Até logo.",
        notUnderstood: "Desculpe, não entendi. O que você gostaria de fazer?",
        helpWithExamples: "Você pode dizer, por exemplo, @.", help: "Diga o que você gostaria de fazer.",
        somethingWentWrong: "Desculpe, algo deu errado: ", openQuote: "“", closeQuote: "”",
        listSeparator: ", ", or: " ou ",
        feedbackHelp: "Para avaliar minha última resposta, digite /right, ou /wrong com o intent que você queria e seus slots como slot=value.")

    static let japanese = ChatPhrases(
        welcome: "@へようこそ。何をしますか？", thisSkill: "このスキル",
        whatToDo: "何をしますか？", whatElse: "ほかに何をしますか？", goodbye: "さようなら。",
        notUnderstood: "すみません、よくわかりませんでした。何をしますか？",
        helpWithExamples: "たとえば、@と言ってみてください。", help: "したいことを話しかけてください。",
        somethingWentWrong: "すみません、問題が発生しました：", openQuote: "「", closeQuote: "」",
        listSeparator: "、", or: "、",
        feedbackHelp: "直前の応答を評価するには、/right と入力するか、/wrong の後に意図したインテントとスロットを slot=value の形で入力してください。")

    static let hindi = ChatPhrases(
        welcome: "@ में आपका स्वागत है। आप क्या करना चाहेंगे?", thisSkill: "इस स्किल",
        whatToDo: "आप क्या करना चाहेंगे?", whatElse: "आप और क्या करना चाहेंगे?", goodbye: "अलविदा।",
        notUnderstood: "माफ़ कीजिए, मैं समझ नहीं पाई। आप क्या करना चाहेंगे?",
        helpWithExamples: "आप कह सकते हैं, जैसे @।", help: "बताइए कि आप क्या करना चाहते हैं।",
        somethingWentWrong: "माफ़ कीजिए, कुछ गड़बड़ हो गई: ", openQuote: "“", closeQuote: "”",
        listSeparator: ", ", or: " या ",
        feedbackHelp: "मेरे पिछले उत्तर को आँकने के लिए /right लिखें, या /wrong के बाद सही इंटेंट और उसके स्लॉट slot=value के रूप में लिखें।")

    static let arabic = ChatPhrases(
        welcome: "مرحبًا بك في @. ماذا تريد أن تفعل؟", thisSkill: "هذه المهارة",
        whatToDo: "ماذا تريد أن تفعل؟", whatElse: "ماذا تريد أن تفعل أيضًا؟", goodbye: "مع السلامة.",
        notUnderstood: "عذرًا، لم أفهم ذلك. ماذا تريد أن تفعل؟",
        helpWithExamples: "يمكنك أن تقول مثلًا @.", help: "أخبرني بما تريد أن تفعله.",
        somethingWentWrong: "عذرًا، حدث خطأ: ", openQuote: "«", closeQuote: "»",
        listSeparator: "، ", or: " أو ",
        feedbackHelp: "لتقييم إجابتي الأخيرة، اكتب /right، أو /wrong متبوعًا بالنية المقصودة وخاناتها بالشكل slot=value.")
}
