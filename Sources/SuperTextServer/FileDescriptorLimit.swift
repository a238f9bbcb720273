#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open files (`ulimit -n`), which bounds the connections: a connection
/// is a file descriptor, and when none is left the server can no longer accept (NIO then waits
/// and retries, and clients hang with nothing logged).
enum FileDescriptorLimit {
    /// Descriptors kept for everything but connections: the database and its journal, the
    /// event loops, the files being served, the refused connections being answered.
    static let reserve = 256

    /// Raises the soft limit on open files, as far as the hard limit allows, so that
    /// `connections` fit beside the reserve.
    /// - Parameter connections: the connections wanted (`--max-connections`).
    /// - Returns: the connections that fit (`connections` unless the hard limit is lower), and
    ///   the limit on open files now.
    static func fit(connections: Int) -> (connections: Int, fileLimit: Int) {
        var limit = rlimit()
        guard getOpenFilesLimit(&limit) == 0 else { return (connections, Int.max) }
        // No limit (RLIM_INFINITY) is the largest value: `min` and `clamping` take it as such.
        let needed = rlim_t(connections + reserve)
        if limit.rlim_cur < needed {
            var raised = limit
            raised.rlim_cur = min(needed, limit.rlim_max)
            if setOpenFilesLimit(&raised) == 0 { limit = raised }
        }
        let fileLimit = Int(clamping: limit.rlim_cur)
        return (max(1, min(connections, fileLimit - reserve)), fileLimit)
    }

    private static func getOpenFilesLimit(_ limit: inout rlimit) -> Int32 {
        #if canImport(Glibc)
        getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #else
        getrlimit(RLIMIT_NOFILE, &limit)
        #endif
    }

    private static func setOpenFilesLimit(_ limit: inout rlimit) -> Int32 {
        #if canImport(Glibc)
        setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #else
        setrlimit(RLIMIT_NOFILE, &limit)
        #endif
    }
}
