// libFuzzer entry for the classifier: bytes → context flags + utterance → NLUModel.classify on
// the fixture skill. Built by Fuzz/fuzz.sh (not by SwiftPM: libFuzzer brings its own `main`).
import FuzzHarness

@_cdecl("LLVMFuzzerInitialize")
public func initializeClassifierFuzzer(_ argc: UnsafeMutablePointer<CInt>?,
                                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    SeedWriter.runIfAsked(fixed: SeedCorpus.classifierSeeds(fromModelJSON: Array(FuzzFixture.skillJSON.utf8)),
                          derive: { SeedCorpus.classifierSeeds(fromModelJSON: $0) })
    _ = FuzzFixture.model   // train once, before the first input is timed
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClassifier(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let problems = ClassifierFuzzer.violations(bytes)
    if !problems.isEmpty { fatalError("classifier: " + problems.joined(separator: "; ")) }
    return 0
}
