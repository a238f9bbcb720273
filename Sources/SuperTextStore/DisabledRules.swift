import Foundation
import Synchronization

/// The rules turned off, in memory, in front of the store, as `PersonalDictionary` is for
/// words: every check reads them, so reading costs a lock; every change goes to the store first,
/// then here. Changes made by other servers sharing the store arrive through
/// `DisabledRuleStore.watchDisabledRules`.
public final class DisabledRules: Sendable {
    private let database: any DisabledRuleStore
    private let ids: Mutex<Set<String>>
    /// Reloads after notices, one at a time; a failed reload keeps the rules in memory.
    private let reloading = CoalescedReload()

    /// Loads the rules from the store, and reloads them whenever another server changes them.
    /// A store found faulty (damaged, gone) before they are read leaves none turned off, as
    /// `PersonalDictionary` leaves no words: the server still answers checks that store nothing.
    public init(database: any DisabledRuleStore) async throws {
        self.database = database
        do {
            ids = Mutex(Set(try await database.disabledRules().map(\.id)))
        } catch is StorageFault {
            ids = Mutex([])
        }
        database.watchDisabledRules { [weak self] in
            self?.reloading.request { [weak self] in try? await self?.reload() }
        }
    }

    /// The identifiers of the rules turned off, for a check.
    public func snapshot() -> Set<String> {
        ids.withLock { $0 }
    }

    /// Turns a rule off; whether it was on until now.
    @discardableResult
    public func disable(_ id: String) async throws -> Bool {
        let added = try await database.disableRule(id)
        let normalized = try DisabledRule.validated(id)
        ids.withLock { _ = $0.insert(normalized) }
        return added
    }

    /// Turns a rule back on; whether it was off.
    @discardableResult
    public func enable(_ id: String) async throws -> Bool {
        let removed = try await database.enableRule(id)
        ids.withLock { _ = $0.remove(id.uppercased()) }
        return removed
    }

    /// The stored list (with dates), for listing.
    public func list() async throws -> [DisabledRule] {
        try await database.disabledRules()
    }

    /// Reads the rules from the store again.
    public func reload() async throws {
        let stored = Set(try await database.disabledRules().map(\.id))
        ids.withLock { $0 = stored }
    }
}
