import Foundation
import NIOCore

extension ServerConfiguration.Address {
    /// Why the server could not listen on this address, in words, for an error thrown while it
    /// started; `nil` for any other error. NIO's own text names a system call and an `errno`.
    /// - Parameter error: what starting the server threw.
    /// - Returns: the reason, such as "the address is already in use".
    public func listenFailure(_ error: any Error) -> String? {
        switch error {
        case let error as IOError:
            switch error.errnoCode {
            case EADDRINUSE:
                return "the address is already in use (does another server listen there?)"
            case EACCES:
                if case .tcp(_, let port) = self, port < 1024 { return "permission denied: ports under 1024 need privileges" }
                return "permission denied"
            case EADDRNOTAVAIL:
                return "the address is not one of this machine's"
            default:
                return String(cString: strerror(error.errnoCode)).lowercased() + " (errno \(error.errnoCode))"
            }
        case let error as SocketAddressError.UnknownHost:
            return "the host '\(error.host)' is not known: give an address of this machine, or a name it resolves"
        case let error as SocketAddressError:
            switch error {
            case .unixDomainSocketPathTooLong: return "the socket's path is too long"
            default: return "the address is not valid (\(error))"
            }
        default:
            return nil
        }
    }
}
