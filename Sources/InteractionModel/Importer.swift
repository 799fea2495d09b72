import Foundation

/// Reads interaction-model JSON into an ``InteractionModel``.
///
/// Placeholder entry point kept small on purpose: the full importer (legacy layouts, skill
/// directories, locale detection, validation findings) grows behind this same API.
public enum Importer {
    /// Decodes a model from JSON bytes: the `interactionModel` wrapper or a bare `languageModel`.
    public static func decode(_ data: Data, locale: String = "en-US") throws -> InteractionModel {
        struct Wrapper: Decodable { var interactionModel: InteractionModel }
        if let wrapped = try? JSONDecoder().decode(Wrapper.self, from: data) {
            var model = wrapped.interactionModel
            model.locale = locale
            return model
        }
        var model = try JSONDecoder().decode(InteractionModel.self, from: data)
        model.locale = locale
        return model
    }
}
