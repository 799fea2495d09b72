/// The version of SkillNLU, shown by every tool's `--version`.
public enum SkillNLUVersion {
    public static let string = "0.1.0"
}
