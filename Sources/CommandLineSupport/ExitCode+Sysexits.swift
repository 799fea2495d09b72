import ArgumentParser

/// The BSD `sysexits.h` codes every SkillNLU tool uses, so scripts can tell a usage error
/// from a bad model from a missing file.
public extension ExitCode {
    /// 64: the command was used wrongly.
    static let usage = ExitCode(64)
    /// 65: the input data (interaction model, model file) is invalid.
    static let dataError = ExitCode(65)
    /// 66: an input file does not exist or cannot be read.
    static let noInput = ExitCode(66)
    /// 69: a service the tool needs (such as a skill's backend) cannot be reached.
    static let unavailable = ExitCode(69)
    /// 73: the output file cannot be created.
    static let cannotCreate = ExitCode(73)
    /// 74: reading or writing failed part-way.
    static let ioError = ExitCode(74)
}
