import Dispatch
import Foundation
import SuperTextStore
import GRDB
import Synchronization

/// Looks at the database's files every `interval`, on a queue of its own: turns a deleted or
/// replaced file into the `gone` fault even when nothing is written, and ends a fault once its
/// cause is gone (room on the disk, the files writable again or back in place). It also makes
/// the reserve again once the disk has room for it. While the disk is full it applies the
/// retention of the last checks saved (saves, which apply it otherwise, are refused meanwhile).
///
/// It stops when the last copy of its `AppDatabase` goes (it holds itself weakly).
final class StorageMonitor: Sendable {
    private let writer: any DatabaseWriter
    private let health: StorageHealth
    private let interval: DispatchTimeInterval
    private let queue = DispatchQueue(label: "supertext.storage-monitor", qos: .utility)
    /// The retention of the last checks saved.
    private let retention = Mutex<RetentionPolicy?>(nil)

    init(writer: any DatabaseWriter, health: StorageHealth, interval: Duration) {
        self.writer = writer
        self.health = health
        let (seconds, attoseconds) = interval.components
        self.interval = .milliseconds(max(1, Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000)))
        schedule()
    }

    /// Notes the retention checks are saved with.
    func noteRetention(_ policy: RetentionPolicy) {
        retention.withLock { $0 = policy }
    }

    private func schedule() {
        queue.asyncAfter(deadline: .now() + interval) { [weak self] in
            guard let self else { return }
            self.inspect()
            self.schedule()
        }
    }

    /// One look at the files and the current fault.
    func inspect() {
        guard let files = health.files else { return }
        if let change = files.change() {
            health.record(.gone(path: health.path, what: change))
            return
        }
        health.end([.gone])
        // An access like any other: the connections stay open while it runs.
        guard (try? health.enter(.read)) != nil else { return }
        defer { health.leave() }
        switch health.fault?.kind {
        case .full?:
            if let retention = retention.withLock({ $0 }), retention.maxAge != nil || retention.maxCount != nil {
                // Ends `full` when it deletes checks.
                _ = try? AppDatabase.freeing(writer, health) { db in
                    try AppDatabase.applyRetentionToEveryOwner(retention, now: Date(), db)
                }
            }
            if health.fault?.kind == .full, AppDatabase.hasRoomToStore(writer, health) { health.end([.full]) }
        case .readOnly?:
            if files.unwritable() == nil, probeWrite() { health.end([.readOnly]) }
        case .failed?:
            if probeWrite() { health.end([.failed]) }
        default:
            break
        }
        if health.fault == nil, let reserve = health.reserve, !reserve.isPresent, (files.freeBytes() ?? 0) >= 2 * reserve.bytes {
            _ = AppDatabase.restoreReserve(writer, health)
        }
    }

    /// Whether a write transaction commits into the files opened (it rewrites a value as it is).
    private func probeWrite() -> Bool {
        do {
            try writer.writeWithoutTransaction { db in
                guard db.sqliteConnection != nil else { throw DatabaseError(resultCode: .SQLITE_MISUSE) }
                try AppDatabase.inTransaction(db) { try db.execute(sql: "UPDATE checkSequence SET highestId = highestId") }
            }
            return health.files?.change() == nil
        } catch {
            return false
        }
    }
}
