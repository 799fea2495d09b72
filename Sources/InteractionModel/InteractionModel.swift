/// A skill's interaction model: what Alexa's developer console builds from the skill JSON.
///
/// The types mirror Alexa's schema field by field so that a model read from JSON and written
/// back keeps its meaning. Decoding is lenient where real skills are untidy (missing arrays,
/// `"id": null`, unknown fields) and strict only where the meaning would be lost; the
/// ``Validator`` reports the rest as findings that name the file and JSON path.
public struct InteractionModel: Codable, Sendable, Equatable {
    /// Intents, slot types and the invocation name.
    public var languageModel: LanguageModel
    /// The dialog model: which slots are required, confirmed or validated, and how.
    public var dialog: DialogModel?
    /// Prompts the dialog model refers to by id.
    public var prompts: [Prompt]
    /// The locale the model is for, such as `en-US`. Not part of Alexa's JSON: the importer
    /// takes it from the command line or the file name.
    public var locale: String

    public init(languageModel: LanguageModel, dialog: DialogModel? = nil, prompts: [Prompt] = [],
                locale: String = "en-US") {
        self.languageModel = languageModel
        self.dialog = dialog
        self.prompts = prompts
        self.locale = locale
    }

    enum CodingKeys: String, CodingKey { case languageModel, dialog, prompts, locale }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        languageModel = try c.decode(LanguageModel.self, forKey: .languageModel)
        dialog = try c.decodeIfPresent(DialogModel.self, forKey: .dialog)
        prompts = try c.decodeIfPresent([Prompt].self, forKey: .prompts) ?? []
        locale = try c.decodeIfPresent(String.self, forKey: .locale) ?? "en-US"
    }

    /// The intent with this name, if the model declares it.
    public func intent(named name: String) -> Intent? {
        languageModel.intents.first { $0.name == name }
    }

    /// The custom slot type with this name, if the model declares it.
    public func slotType(named name: String) -> SlotType? {
        languageModel.types.first { $0.name == name }
    }

    /// The prompt with this id, if the model declares it.
    public func prompt(id: String) -> Prompt? {
        prompts.first { $0.id == id }
    }
}
