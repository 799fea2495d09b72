import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps persistent attributes as JSON files in a directory, one file per user id.
///
/// Each save writes a temporary file next to the target and renames it over the target, an
/// atomic step on POSIX file systems: a reader (or a crash) sees the old attributes or the new
/// ones, never half a file. Users never share a file, so concurrent writers for different users
/// cannot disturb each other; concurrent writers for one user each leave a whole file (the
/// last rename wins).
public struct FilePersistenceAdapter: PersistenceAdapter {
    /// The directory holding the files; created on first save.
    public let directory: URL
    public let keying: PersistenceKey

    public init(directory: URL, keying: PersistenceKey = .userId) {
        self.directory = directory
        self.keying = keying
    }

    /// The file that holds this key's attributes. Any character outside `[A-Za-z0-9._-]` is
    /// percent-encoded, so a user id can never name a path outside the directory.
    public func fileURL(forKey key: String) -> URL {
        directory.appendingPathComponent(Self.fileName(forKey: key))
    }

    public func getAttributes(for requestEnvelope: RequestEnvelope) async throws -> Attributes {
        let url = fileURL(forKey: keying.key(for: requestEnvelope))
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            if !FileManager.default.fileExists(atPath: url.path) { return [:] }
            throw PersistenceError.readFailed(path: url.path, reason: "\(error)")
        }
        do {
            return try JSONDecoder().decode(Attributes.self, from: data)
        } catch {
            throw PersistenceError.corruptFile(path: url.path, reason: "\(error)")
        }
    }

    public func saveAttributes(_ attributes: Attributes, for requestEnvelope: RequestEnvelope) async throws {
        let url = fileURL(forKey: keying.key(for: requestEnvelope))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(attributes)
        try Self.writeAtomically(data, to: url, directory: directory)
    }

    public func deleteAttributes(for requestEnvelope: RequestEnvelope) async throws {
        let url = fileURL(forKey: keying.key(for: requestEnvelope))
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        do {
            try FileManager.default.removeItem(at: url)
        } catch {
            throw PersistenceError.writeFailed(path: url.path, reason: "\(error)")
        }
    }

    static func fileName(forKey key: String) -> String {
        var name = ""
        for byte in key.utf8 {
            let c = Character(Unicode.Scalar(byte))
            let plain = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x2D || byte == 0x5F || (byte == 0x2E && !name.isEmpty)
            if plain { name.append(c) } else { name += String(format: "%%%02X", byte) }
        }
        if name.isEmpty { name = "%00" }
        // Keep well under the usual 255-byte limit for a file name; a hash keeps long ids apart.
        if name.utf8.count > 180 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            name = String(name.prefix(150)) + "-" + String(hash, radix: 16)
        }
        return name + ".json"
    }

    static func writeAtomically(_ data: Data, to url: URL, directory: URL) throws {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw PersistenceError.writeFailed(path: directory.path, reason: "cannot create the directory: \(error)")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary)
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.synchronize()
            try handle.close()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw PersistenceError.writeFailed(path: temporary.path, reason: "\(error)")
        }
        if rename(temporary.path, url.path) != 0 {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw PersistenceError.writeFailed(path: url.path, reason: reason)
        }
    }
}

/// A persistence failure: which file and why, and what to do about it.
public enum PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
    case readFailed(path: String, reason: String)
    case corruptFile(path: String, reason: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .readFailed(let path, let reason):
            "Cannot read persistent attributes from \(path): \(reason). Check the file's permissions."
        case .corruptFile(let path, let reason):
            "Persistent attributes in \(path) are not a JSON object: \(reason). Fix or delete the file to start afresh."
        case .writeFailed(let path, let reason):
            "Cannot write persistent attributes to \(path): \(reason). Check that the directory is writable and the disk not full."
        }
    }
}
