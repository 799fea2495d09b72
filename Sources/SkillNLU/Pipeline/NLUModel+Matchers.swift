/// Where in classification an app's ``Matcher`` is asked.
public enum MatcherPlacement: String, Sendable, Codable, Equatable, CaseIterable {
    /// Before the exact layer: the app's override. The matcher is asked first (before the
    /// model's samples, also those of a slot a dialog asks for) and its answer wins even over
    /// an utterance that spells a sample. The classifier does not run for an utterance it
    /// answers, so the result lists no alternatives.
    case beforeExactMatch
    /// After the exact layer, before the statistical model (the default): an utterance that
    /// spells one of the model's samples is still the exact layer's; any other that the
    /// matcher answers is the matcher's, whatever the classifier would say.
    case beforeModel
    /// After the statistical model (and the fallback policy): the matcher's answer takes the
    /// turn when the model fell back to AMAZON.FallbackIntent, or when the matcher is surer
    /// than the model's answer (strictly: on a tie the model keeps it). An exact match is
    /// never replaced.
    case afterModel
}

/// A ``Matcher`` attached to a model, with where it is asked.
public struct AttachedMatcher: Sendable {
    public var matcher: any Matcher
    public var placement: MatcherPlacement

    public init(_ matcher: any Matcher, placement: MatcherPlacement) {
        self.matcher = matcher
        self.placement = placement
    }
}

extension NLUModel {
    /// This model with `matcher` asked at `placement` as well as the matchers it has already.
    ///
    /// Matchers are app code, not part of the model file: saving the model does not save them,
    /// and a loaded model has none until the app adds them. The model itself is not changed,
    /// so one trained model may serve with different matchers.
    ///
    /// When several matchers of one placement answer the same utterance, the most confident
    /// answer wins; on a tie, the matcher added first.
    public func adding(_ matcher: any Matcher, placement: MatcherPlacement = .beforeModel) -> NLUModel {
        var model = self
        model.matchers.append(AttachedMatcher(matcher, placement: placement))
        return model
    }
}
