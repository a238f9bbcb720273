import Foundation
import Synchronization

/// The rules turned off, in memory, in front of the store, as `PersonalDictionary` is for
/// words: every check reads them, so reading costs a lock; every change goes to the store first,
/// then here. Changes made by other servers sharing the store arrive through
/// `DisabledRuleStore.watchDisabledRules`. Each `Owner` has their own.
public final class DisabledRules: Sendable {
    private let database: any DisabledRuleStore
    private let ids: Mutex<[Owner: Set<String>]>
    /// Reloads after notices, one at a time; a failed reload keeps the rules in memory.
    private let reloading = CoalescedReload()

    /// Loads the rules from the store, and reloads them whenever another server changes them.
    /// A store found faulty (damaged, gone) before they are read leaves none turned off, as
    /// `PersonalDictionary` leaves no words: the server still answers checks that store nothing.
    public init(database: any DisabledRuleStore) async throws {
        self.database = database
        do {
            ids = Mutex(try await database.everyonesDisabledRules())
        } catch is StorageFault {
            ids = Mutex([:])
        }
        database.watchDisabledRules { [weak self] in
            self?.reloading.request { [weak self] in try? await self?.reload() }
        }
    }

    /// The identifiers of the rules `owner` turned off, for a check.
    public func snapshot(for owner: Owner = .solo) -> Set<String> {
        ids.withLock { $0[owner] ?? [] }
    }

    /// Turns a rule off; whether it was on until now.
    @discardableResult
    public func disable(_ id: String, owner: Owner = .solo) async throws -> Bool {
        let added = try await database.disableRule(id, owner: owner)
        let normalized = try DisabledRule.validated(id)
        ids.withLock { _ = $0[owner, default: []].insert(normalized) }
        return added
    }

    /// Turns a rule back on; whether it was off.
    @discardableResult
    public func enable(_ id: String, owner: Owner = .solo) async throws -> Bool {
        let removed = try await database.enableRule(id, owner: owner)
        ids.withLock { _ = $0[owner]?.remove(id.uppercased()) }
        return removed
    }

    /// The stored list of `owner` (with dates), for listing.
    public func list(owner: Owner = .solo) async throws -> [DisabledRule] {
        try await database.disabledRules(owner: owner)
    }

    /// Reads the rules from the store again.
    public func reload() async throws {
        let stored = try await database.everyonesDisabledRules()
        ids.withLock { $0 = stored }
    }
}
