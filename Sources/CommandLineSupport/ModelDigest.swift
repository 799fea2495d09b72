import Foundation
import SkillNLU

/// A model's digest for reports: the 64-bit digest of the model file's body, as its header
/// records it in bytes 24 to 31 (the checksum of the body in formats 2 to 7, the combination of
/// every section's checksum in the chunked format 8), in 16 hexadecimal digits. Two reports with the same digest were made with the
/// same trained model; `nlu-train` writes it into every file, so a file's digest costs no hashing.
public enum ModelDigest {
    /// The digest a model file's header records, or nil when the bytes are not a model file.
    public static func of(fileBytes bytes: some Collection<UInt8>) -> String? {
        let header = Array(bytes.prefix(32))
        guard header.count == 32, Array(header[0..<8]) == NLUModel.fileMagic else { return nil }
        let checksum = header[24..<32].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return hex(checksum)
    }

    /// The digest of the model file at `path`, or nil when it cannot be read as one.
    public static func ofFile(atPath path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 32) else { return nil }
        return of(fileBytes: [UInt8](data))
    }

    /// The digest of a model in memory: that of the file `nlu-train` would write for it.
    public static func of(_ model: NLUModel) -> String {
        of(fileBytes: model.fileBytes()) ?? ""
    }

    static func hex(_ v: UInt64) -> String {
        let digits = String(v, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
