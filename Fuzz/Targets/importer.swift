// libFuzzer entry for the importer: JSON bytes → import, validate, tidy, write back, import again.
// Built by Fuzz/fuzz.sh (not by SwiftPM: libFuzzer brings its own `main`).
import FuzzHarness

@_cdecl("LLVMFuzzerInitialize")
public func initializeImporterFuzzer(_ argc: UnsafeMutablePointer<CInt>?,
                                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    SeedWriter.runIfAsked(whole: true) { SeedCorpus.importerSeeds(fromModelJSON: $0) }
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImporter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let problems = ImporterFuzzer.violations(bytes)
    if !problems.isEmpty { fatalError("importer: " + problems.joined(separator: "; ")) }
    return 0
}
