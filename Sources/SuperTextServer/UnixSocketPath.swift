import Foundation
import SuperTextCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Readies the path of a Unix domain socket for the server to bind.
///
/// A socket file left by a server that did not stop cleanly would make the bind fail, so it is
/// removed, but only when nothing answers on it: removing the socket of a server that runs would
/// leave that server unreachable.
enum UnixSocketPath {
    /// Checks `path` before the bind: nothing there, or a stale socket (removed).
    /// - Throws: `SuperTextError` `socket_in_use` when a server answers on the path,
    ///   `bad_socket_path` when the path is not a socket or cannot be reached.
    static func prepare(_ path: String) throws {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        guard (status.st_mode & S_IFMT) == S_IFSOCK else {
            throw SuperTextError(code: .badSocketPath, message: "\(path) exists and is not a socket; not removing it.")
        }
        switch connectionResult(path) {
        case 0:
            throw SuperTextError(
                code: .socketInUse,
                message: "another server answers on \(path); stop it first, or choose another --socket."
            )
        case ECONNREFUSED:
            // Nobody listens: a socket left behind.
            unlink(path)
        case let error:
            throw SuperTextError(
                code: .badSocketPath,
                message: "cannot tell whether a server answers on \(path): \(String(cString: strerror(error))); not removing it."
            )
        }
    }

    /// 0 when a connection to the socket at `path` succeeds, else the `errno` of the attempt.
    static func connectionResult(_ path: String) -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return ENAMETOOLONG }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        return result == 0 ? 0 : errno
    }

    /// Gives the socket its mode once bound; until then the process's umask keeps it private
    /// (`holdPrivateUmask`).
    static func setMode(_ mode: mode_t, of path: String) throws {
        guard chmod(path, mode) == 0 else {
            throw SuperTextError(
                code: .badSocketPath,
                message: "cannot set the mode of \(path) to \(String(mode, radix: 8)): \(String(cString: strerror(errno)))."
            )
        }
    }

    /// Servers between their bind and `setMode`, and the umask from before the first of them.
    private static let privateUmask = Mutex<(holders: Int, saved: mode_t)>((0, 0))

    /// Sets the umask that creates the socket readable and writable by its owner only, so no
    /// other user can connect between the bind and `setMode`, until `releasePrivateUmask`. The
    /// umask is the process's: with several servers starting at once (tests), the last to
    /// release restores the umask of before the first.
    static func holdPrivateUmask() {
        privateUmask.withLock { state in
            if state.holders == 0 { state.saved = umask(0o177) }
            state.holders += 1
        }
    }

    /// Restores the umask once no server holds it.
    static func releasePrivateUmask() {
        privateUmask.withLock { state in
            state.holders -= 1
            if state.holders == 0 { umask(state.saved) }
        }
    }
}
