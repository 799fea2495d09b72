import Foundation
#if canImport(Glibc)
import Glibc

/// Files created, written or renamed into a set of folders, as Linux reports them (inotify):
/// lets a test act the moment a child process reaches a point, where sleeping for a guessed
/// fraction of its run would land anywhere on a busy machine and cost the whole guess.
final class FolderWatch {
    /// What happened to one file.
    struct Event {
        /// The watched folder the file is in.
        var folder: URL
        /// The file's name in that folder.
        var name: String
        /// Created in the folder (`IN_CREATE`).
        var created: Bool
        /// Written or truncated (`IN_MODIFY`).
        var modified: Bool
        /// Renamed into the folder (`IN_MOVED_TO`).
        var movedIn: Bool
    }

    private let descriptor: Int32
    private var folders: [Int32: URL] = [:]

    /// Watches `folders` from now on.
    init(_ folders: [URL]) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        for folder in folders {
            let watch = inotify_add_watch(descriptor, folder.path, UInt32(IN_CREATE | IN_MODIFY | IN_MOVED_TO))
            guard watch >= 0 else {
                close(descriptor)
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            self.folders[watch] = folder
        }
    }

    deinit { close(descriptor) }

    /// The events that arrive within `milliseconds` (empty when none did), in order.
    func next(waitingAtMost milliseconds: Int32) -> [Event] {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return [] }
        // Each record: watch (Int32), mask, cookie, name length (UInt32), then the name,
        // padded with NULs to that length.
        var events: [Event] = []
        var offset = 0
        while offset + 16 <= count {
            let (watch, mask, length) = buffer.withUnsafeBytes { raw in
                (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                 raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                 Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
            }
            let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
            if let folder = folders[watch] {
                events.append(Event(folder: folder, name: String(decoding: nameBytes, as: UTF8.self),
                                    created: mask & UInt32(IN_CREATE) != 0, modified: mask & UInt32(IN_MODIFY) != 0,
                                    movedIn: mask & UInt32(IN_MOVED_TO) != 0))
            }
            offset += 16 + length
        }
        return events
    }
}
#endif
