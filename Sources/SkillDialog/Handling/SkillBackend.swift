/// What answers a ``Conversation``'s requests: the handlers of an in-process ``Skill``, or a
/// skill's own backend reached over HTTPS (``SkillEndpoint``).
///
/// The conversation plays Alexa's part either way — it reads the words, runs the dialog model,
/// carries the session attributes from one response to the next request and carries out the
/// dialog directives — so the same conversation drives a skill ported to Swift and one that
/// stays in Node.js, Python or Java.
public protocol SkillBackend: Sendable {
    /// Answers one request as a skill endpoint would. `extras` is what only an on-device
    /// conversation knows (the words typed, the NLU's reading); a backend that receives Alexa's
    /// JSON alone ignores it.
    func invoke(_ envelope: RequestEnvelope, extras: RequestExtras) async throws -> ResponseEnvelope
}

extension Skill: SkillBackend {}
