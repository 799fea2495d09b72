import ArgumentParser
import SkillNLU

/// `--tier fast|accurate|auto` on the tools that classify.
extension ClassificationContext.Tier: ExpressibleByArgument {}
