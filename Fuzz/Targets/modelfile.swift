// libFuzzer entry for model files: bytes → NLUModel(fileBytes:) → classify with what loads.
// Built by Fuzz/fuzz.sh (not by SwiftPM: libFuzzer brings its own `main`).
import FuzzHarness

@_cdecl("LLVMFuzzerInitialize")
public func initializeModelFileFuzzer(_ argc: UnsafeMutablePointer<CInt>?,
                                      _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    SeedWriter.runIfAsked(fixed: ModelFileFuzzer.seeds)
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzModelFile(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let problems = ModelFileFuzzer.violations(bytes)
    if !problems.isEmpty { fatalError("model file: " + problems.joined(separator: "; ")) }
    return 0
}
