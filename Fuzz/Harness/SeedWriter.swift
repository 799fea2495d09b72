import Foundation

/// The seed step of `make fuzz`: a fuzz binary started with `FUZZ_SEEDS_OUT=DIR` writes its
/// seeds to DIR and exits before libFuzzer starts. `FUZZ_SEEDS_FROM=FILE:FILE…` names the
/// models seeds are derived from (small parts only: the shared third-party models are never
/// copied whole, and exist in the corpus only at run time); `FUZZ_SEEDS_WHOLE=FILE:FILE…` names
/// our own models, which are seeds whole as well.
public enum SeedWriter {
    /// Writes `fixed` seeds, our own models whole (when `whole`), and the seeds `derive` makes
    /// of every model, when `FUZZ_SEEDS_OUT` is set, then exits; returns when it is not set.
    public static func runIfAsked(fixed: [[UInt8]] = [], whole: Bool = false,
                                  derive: ([UInt8]) -> [[UInt8]] = { _ in [] }) {
        let environment = ProcessInfo.processInfo.environment
        guard let out = environment["FUZZ_SEEDS_OUT"], !out.isEmpty else { return }
        let directory = URL(fileURLWithPath: out)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func files(_ variable: String) -> [[UInt8]] {
            (environment[variable] ?? "").split(separator: ":").compactMap {
                FileManager.default.contents(atPath: String($0)).map { [UInt8]($0) }
            }
        }
        let own = files("FUZZ_SEEDS_WHOLE")
        var seeds = fixed + (whole ? own : [])
        for model in own + files("FUZZ_SEEDS_FROM") { seeds += derive(model) }
        var written = 0
        for seed in seeds {
            let name = String(format: "seed-%016llx", StableSeedHash.hash(seed))
            if (try? Data(seed).write(to: directory.appendingPathComponent(name))) != nil { written += 1 }
        }
        print("wrote \(written) seeds to \(out)")
        exit(0)
    }
}

/// FNV-1a, to name seed files by their contents.
enum StableSeedHash {
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return h
    }
}
