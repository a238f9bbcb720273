import Foundation
import Synchronization

/// Room kept on the database's disk for deleting history when the disk is full.
///
/// A delete writes pages too (to the write-ahead log): on a full disk it fails like everything
/// else, and a person could not free space through the API. So a file of `bytes` bytes is kept
/// beside the database (`<database>-reserve`, its blocks allocated); when a delete fails for want
/// of room, the file is removed and the delete tried again in the room it leaves. It is made
/// again once the disk has room (`StorageMonitor`), and at each start.
package final class StorageReserve: Sendable {
    package let path: String
    package let bytes: Int
    private let present = Atomic<Bool>(false)

    package init(databasePath: String, bytes: Int) {
        path = databasePath + "-reserve"
        self.bytes = bytes
    }

    /// Whether the reserve is on disk.
    package var isPresent: Bool { present.load(ordering: .acquiring) }

    /// Makes the reserve, its blocks allocated; whether it is there now.
    @discardableResult
    package func create() -> Bool {
        guard bytes > 0 else { return false }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        // posix_fallocate allocates blocks (a sparse file would reserve nothing); where the
        // file system cannot, zeros are written.
        var made = posix_fallocate(descriptor, 0, off_t(bytes)) == 0
        if !made {
            let zeros = [UInt8](repeating: 0, count: 64 * 1024)
            var written = 0
            while written < bytes {
                let count = pwrite(descriptor, zeros, min(zeros.count, bytes - written), off_t(written))
                if count <= 0 { break }
                written += count
            }
            made = written >= bytes && fsync(descriptor) == 0
        }
        if !made { unlink(path) }
        present.store(made, ordering: .releasing)
        return made
    }

    /// Gives the reserve's room back to the file system; whether there was one.
    @discardableResult
    package func release() -> Bool {
        guard present.exchange(false, ordering: .acquiringAndReleasing) else { return false }
        return unlink(path) == 0
    }
}
