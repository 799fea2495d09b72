import SkillNLU

/// Namespace placeholder: the ASK-SDK-style dialog manager grows here (handler chain,
/// interceptors, attributes, the Alexa dialog model).
public enum SkillDialogInfo {
    /// The version of the dialog manager's API.
    public static let version = "0.1.0"
}
