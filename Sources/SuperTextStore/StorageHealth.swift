import Foundation
import Synchronization

/// What happened to the storage, for the log: told once per change, not once per request.
public enum StorageEvent: Sendable, Equatable {
    /// Storage stopped working as it should.
    case fault(StorageFault)
    /// Storage works again after this fault.
    case recovered(StorageFault)
    /// Something to watch that is not a fault (the reserve given back, say).
    case warning(String)
    /// Something done as it should be (the reserve in place again, an integrity check passed).
    case info(String)
}

/// The state of the database's storage: the lasting fault it is in, if any, which accesses that
/// fault refuses, and who is told when it changes.
///
/// Every access of `AppDatabase` begins with `enter` (which asks `admit`), so a fault known once is answered at once
/// (without writing into a full disk or a deleted file again), and every error of SQLite goes
/// through `failed`, which turns it into a `StorageFault` and records it. A fault ends when
/// what caused it is gone: a write succeeds, a delete makes room, or `StorageMonitor` sees room
/// on the disk, the files writable again or back in place.
public final class StorageHealth: Sendable {
    /// What an access does to the database.
    public enum Access: Sendable {
        /// Reads.
        case read
        /// Adds data: a check, the search index, a personal word.
        case store
        /// Deletes data, making room: history, retention, a personal word.
        case free
    }

    private struct State {
        var fault: StorageFault?
        var since: Date?
        var observer: (@Sendable (StorageEvent) -> Void)?
        /// Events before an observer was set (while opening), told to it when it is.
        var untold: [StorageEvent] = []
        /// What to do once when the files are found gone.
        var whenGone: (@Sendable () -> Void)?
        /// The connections were closed once the files were gone: `gone` lasts.
        var closed = false
        /// Accesses of the database begun and not ended (`enter`, `leave`).
        var inFlight = 0

        /// The observer to tell `event` to, or `nil` when there is none yet (`event` is kept).
        mutating func teller(of event: StorageEvent) -> (@Sendable (StorageEvent) -> Void)? {
            if observer == nil, untold.count < 20 { untold.append(event) }
            return observer
        }
    }

    /// The database's path, for messages.
    package let path: String
    /// The files on disk; `nil` in memory.
    package let files: DatabaseFiles?
    /// Room kept for deletes; `nil` in memory or when none is kept.
    package let reserve: StorageReserve?
    private let state = Mutex(State())
    /// While the reserve is given back, the database's page limit as it was before it was held
    /// at the database's size (`AppDatabase.holdSize`).
    package let heldPageLimit = Mutex<Int?>(nil)

    package init(path: String, files: DatabaseFiles?, reserve: StorageReserve?) {
        self.path = path
        self.files = files
        self.reserve = reserve
    }

    /// The state of a store with no files of its own here (a database server), named by
    /// `location` in messages.
    public convenience init(location: String) {
        self.init(path: location, files: nil, reserve: nil)
    }

    /// The lasting fault the storage is in, or `nil` when it works.
    public var fault: StorageFault? { state.withLock { $0.fault } }

    /// Since when the storage has been in its fault.
    public var faultSince: Date? { state.withLock { $0.since } }

    /// Calls `action` once, on a queue of its own, when the files are first found gone.
    package func whenGone(_ action: @escaping @Sendable () -> Void) {
        state.withLock { $0.whenGone = action }
    }

    /// Notes that the connections were closed: `gone` no longer ends (should the file come back).
    package func closedForGood() {
        state.withLock { $0.closed = true }
    }

    /// Whether the connections were closed for good.
    package var isClosed: Bool { state.withLock { $0.closed } }

    /// Calls `observer` on every change from now on, and first on those since the database was
    /// opened (one observer: the server's log).
    public func observe(_ observer: @escaping @Sendable (StorageEvent) -> Void) {
        let untold = state.withLock { state in
            state.observer = observer
            defer { state.untold = [] }
            return state.untold
        }
        untold.forEach(observer)
    }

    /// Throws the current fault when it refuses `access`: a deleted, replaced, damaged or
    /// unreachable database refuses everything; a read-only one refuses writes; a full disk
    /// refuses what adds data, but not deletes (which make room) nor reads.
    public func admit(_ access: Access) throws {
        if let fault = state.withLock({ $0.fault }), Self.refuses(fault, access) { throw fault }
    }

    /// Begins an access of the database: throws the fault that refuses it (`admit`), else counts
    /// it in flight until `leave`, so that the connections are closed only once no access uses
    /// them (`waitForAccessesToEnd`).
    package func enter(_ access: Access) throws {
        try state.withLock { state throws(StorageFault) in
            if let fault = state.fault, Self.refuses(fault, access) { throw fault }
            state.inFlight += 1
        }
    }

    /// Ends an access begun with `enter`.
    package func leave() {
        state.withLock { $0.inFlight -= 1 }
    }

    /// Runs `body` as an access of the database (`enter`, `leave`).
    package func during<T>(_ access: Access, _ body: () throws -> T) throws -> T {
        try enter(access)
        defer { leave() }
        return try body()
    }

    /// Runs `body` as an access of the database (`enter`, `leave`).
    public func during<T>(_ access: Access, _ body: () async throws -> T) async throws -> T {
        try enter(access)
        defer { leave() }
        return try await body()
    }

    /// Waits until no access is in flight, at most `timeout`; whether none is.
    package func waitForAccessesToEnd(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while state.withLock({ $0.inFlight }) > 0 {
            if ContinuousClock.now >= deadline { return false }
            usleep(1_000)
        }
        return true
    }

    private static func refuses(_ fault: StorageFault, _ access: Access) -> Bool {
        switch (fault.kind, access) {
        case (.gone, _), (.corrupt, _), (.unavailable, _): true
        case (.readOnly, .store), (.readOnly, .free): true
        case (.full, .store): true
        default: false
        }
    }


    /// Throws (and records) `gone` when the files at the database's paths are no longer those
    /// opened: called after each commit, before it is acknowledged.
    package func verifyFiles() throws {
        guard let change = files?.change() else { return }
        let fault = StorageFault.gone(path: path, what: change)
        record(fault)
        throw fault
    }

    /// Called after a write committed: it ends an input/output fault.
    package func succeeded(_ access: Access) {
        if access != .read { end([.failed]) }
    }


    /// Records `fault`, unless a graver one is already recorded; the observer hears of it when
    /// it is new.
    public func record(_ fault: StorageFault) {
        let (isNew, observer, whenGone): (Bool, (@Sendable (StorageEvent) -> Void)?, (@Sendable () -> Void)?) = state.withLock { state in
            if let current = state.fault, Self.gravity(current.kind) > Self.gravity(fault.kind) || current.kind == fault.kind {
                return (false, nil, nil)
            }
            state.fault = fault
            state.since = Date()
            var whenGone: (@Sendable () -> Void)?
            if fault.kind == .gone { swap(&whenGone, &state.whenGone) }
            return (true, state.teller(of: .fault(fault)), whenGone)
        }
        guard isNew else { return }
        observer?(.fault(fault))
        if let whenGone { DispatchQueue.global(qos: .utility).async(execute: whenGone) }
    }

    /// Ends the current fault when it is one of `kinds`.
    public func end(_ kinds: Set<StorageFault.Kind>) {
        let (observer, ended): ((@Sendable (StorageEvent) -> Void)?, StorageFault?) = state.withLock { state in
            guard let fault = state.fault, kinds.contains(fault.kind), !(state.closed && fault.kind == .gone) else { return (nil, nil) }
            state.fault = nil
            state.since = nil
            return (state.teller(of: .recovered(fault)), fault)
        }
        if let ended { observer?(.recovered(ended)) }
    }

    /// Tells the observer something that is not a fault: a warning, or else an information.
    public func note(_ text: String, isWarning: Bool = true) {
        let event: StorageEvent = isWarning ? .warning(text) : .info(text)
        state.withLock { $0.teller(of: event) }?(event)
    }

    /// Which fault wins when two are seen: one that needs a restart over one that passes.
    private static func gravity(_ kind: StorageFault.Kind) -> Int {
        switch kind {
        case .corrupt: 5
        case .gone: 4
        case .readOnly: 3
        case .full: 2
        case .unavailable: 1
        case .failed: 1
        case .busy: 0
        }
    }
}
