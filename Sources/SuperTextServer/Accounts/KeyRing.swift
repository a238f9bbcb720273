import Foundation
import ServiceLifecycle
import Logging
import SuperTextStore
import Synchronization

/// The users and keys a server knows, in memory in front of the store (`UserStore`): a key is
/// checked with a hash and a dictionary lookup, no database read. Every server sharing a store
/// reads its `accountsRevision` four times a second and reloads the keys when it changed, so a
/// key made or revoked anywhere (another replica, `supertext users`) holds everywhere within a
/// second. When keys were last used is written every `useFlushInterval`, not on every request.
final class KeyRing: Sendable {
    typealias Entry = KeyTable.Entry

    private struct State {
        var keys = KeyTable()
        var hasUsers = false
        var revision: Int64 = -1
        var uses: [String: Date] = [:]
    }

    let store: any UserStore
    private let state = Mutex(State())
    private let logger: Logger
    /// Told after a reload that changed the users (their data may have moved: the first admin
    /// takes what was kept without users).
    private let onChange: @Sendable () -> Void

    static let pollInterval: Duration = .milliseconds(250)
    static let useFlushInterval: Duration = .seconds(30)

    init(store: any UserStore, logger: Logger, onChange: @escaping @Sendable () -> Void = {}) async throws {
        self.store = store
        self.logger = logger
        self.onChange = onChange
        // A store that cannot be read at start (damaged, gone) is read again every poll; until
        // then the server runs as without users, as the dictionaries start empty: checks that
        // store nothing are answered, and no one's data can be read from it meanwhile.
        do { try await reloadIfChanged() } catch is StorageFault {}
    }

    /// Whether the store has users: then every request needs a key.
    var hasUsers: Bool { state.withLock { $0.hasUsers } }

    /// The user of a key, or `nil` (`KeyTable.entry(for:)`).
    func identify(_ secret: some StringProtocol) -> Entry? {
        let keys = state.withLock { $0.keys }
        guard let entry = keys.entry(for: secret) else { return nil }
        let now = Date()
        state.withLock { $0.uses[entry.keyID] = now }
        return entry
    }

    /// Reads the revision and, when it changed, every key.
    func reloadIfChanged() async throws {
        let revision = try await store.accountsRevision()
        guard state.withLock({ $0.revision != revision }) else { return }
        let keys = try await store.activeKeys()
        let hasUsers = try await !store.users().isEmpty
        let changed = state.withLock { state in
            let changed = state.revision >= 0
            state.revision = revision
            state.hasUsers = hasUsers
            state.keys = KeyTable(keys)
            return changed
        }
        if changed {
            logger.info("users and keys changed: \(keys.count) keys")
            onChange()
        }
    }

    /// Writes when keys were last used.
    func flushUses() async {
        let uses = state.withLock { state in
            defer { state.uses = [:] }
            return state.uses
        }
        do {
            try await store.recordKeyUse(uses)
        } catch {
            logger.debug("keys' last use not recorded: \(error)")
            state.withLock { state in state.uses.merge(uses) { max($0, $1) } }
        }
    }

    /// Polls the revision and flushes the uses until cancelled.
    func run() async {
        var sinceFlush = Duration.zero
        while !Task.isCancelled {
            try? await Task.sleep(for: Self.pollInterval)
            do { try await reloadIfChanged() } catch { logger.debug("users and keys not read: \(error)") }
            sinceFlush += Self.pollInterval
            if sinceFlush >= Self.useFlushInterval {
                sinceFlush = .zero
                await flushUses()
            }
        }
        await flushUses()
    }
}

/// Runs the key ring's polling for the application's life; on shutdown the keys' last uses
/// are written.
struct KeyRingService: Service {
    let keys: KeyRing

    func run() async throws {
        await cancelWhenGracefulShutdown { await keys.run() }
    }
}
