import Foundation
import InteractionModel

extension SkillSchema {
    /// Sample texts and, once asked for, their parsed templates; shared by copies of a schema.
    /// In a schema loaded from a file the texts too are read on first use, from the interaction
    /// model (``DeferredInteractionModel``).
    final class SampleList: @unchecked Sendable {
        private let stored: [String]?
        private let source: (model: DeferredInteractionModel, intent: Int)?
        /// How many samples there are (known without reading them).
        let count: Int
        private let lock = NSLock()
        private var parsed: [SampleTemplate]?

        init(texts: [String]) {
            stored = texts
            source = nil
            count = texts.count
        }

        init(templates: [SampleTemplate]) {
            stored = templates.map(\.canonicalText)
            source = nil
            count = templates.count
            parsed = templates
        }

        /// The `count` samples of intent `intent` of `model`'s schema.
        init(deferred model: DeferredInteractionModel, intent: Int, count: Int) {
            stored = nil
            source = (model, intent)
            self.count = count
        }

        var texts: [String] {
            if let stored { return stored }
            return source!.model.sampleTexts(source!.intent)
        }

        var templates: [SampleTemplate] {
            lock.withLock {
                if let parsed { return parsed }
                let all = texts.map(SampleTemplate.lenient)
                parsed = all
                return all
            }
        }

        /// Whether the whole list has been parsed.
        var isParsed: Bool { lock.withLock { parsed != nil } }

        func template(at index: Int) -> SampleTemplate {
            if let all = lock.withLock({ parsed }) { return all[index] }
            return SampleTemplate.lenient(texts[index])
        }

        /// `template(at: index).canonicalText`: the text as written when it surely reads back
        /// as itself (an exact match names its sample so on every answer), else the parse's.
        func canonicalText(at index: Int) -> String {
            let text = texts[index]
            return SampleTemplate.isSurelyCanonical(text) ? text : template(at: index).canonicalText
        }
    }
}
