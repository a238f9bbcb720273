import Foundation
import GRDB
import GRDBSQLite
import SuperTextStore

extension StorageFault {
    /// The storage fault an error of SQLite stands for, or `nil` when it is not about storage
    /// (a constraint, a bug).
    static func classify(_ error: any Error, path: String) -> StorageFault? {
        if let fault = error as? StorageFault { return fault }
        guard let error = error as? DatabaseError else { return nil }
        let cause = "SQLite error \(error.extendedResultCode.rawValue): \(error.message ?? "\(error.resultCode)")"
        switch error.resultCode {
        case .SQLITE_FULL:
            return .full(path: path, cause: cause)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return .corrupt(path: path, cause: cause)
        case .SQLITE_READONLY where error.extendedResultCode == .SQLITE_READONLY_DBMOVED:
            return .gone(path: path, what: "was moved or deleted")
        case .SQLITE_READONLY, .SQLITE_PERM:
            return .readOnly(path: path, what: DatabaseFiles.unwritable(path) ?? "SQLite refuses to write", cause: cause)
        case .SQLITE_IOERR where error.extendedResultCode == .SQLITE_IOERR_SHORT_READ:
            return .corrupt(path: path, cause: cause + " (the file is shorter than SQLite expects)")
        case .SQLITE_IOERR, .SQLITE_CANTOPEN:
            // A write refused by a read-only or immutable file comes back as an I/O error.
            if let what = DatabaseFiles.unwritable(path) { return .readOnly(path: path, what: what, cause: cause) }
            if error.resultCode == .SQLITE_CANTOPEN, access(path, F_OK) != 0 {
                return .gone(path: path, what: "was deleted")
            }
            return .failed(path: path, cause: cause)
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .busy(path: path, cause: cause)
        default:
            return nil
        }
    }
}

extension StorageHealth {
    /// The error to throw for `error`: the storage fault it stands for (recorded when it lasts),
    /// or `error` itself when it is not about storage.
    func failed(_ error: any Error) -> any Error {
        guard let fault = StorageFault.classify(error, path: path) else { return error }
        if fault.isLasting { record(fault) }
        return fault
    }
}
