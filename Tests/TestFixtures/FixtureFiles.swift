import Foundation

/// Files the tests read from `Tests/Fixtures` (outside every target, so that the package
/// builds no resource bundle for them): committed model files of each older format and the
/// skill they were trained from.
public enum FixtureFiles {
    /// `Tests/Fixtures`, found from this source file's place in the package.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// A file under ``directory``.
    public static func url(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }
}
