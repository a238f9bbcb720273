import Foundation
import Testing
@testable import SuperTextCore
@testable import SuperTextPostgres
@testable import SuperTextStore

/// Users, keys, and each user's data kept apart, alike in both stores.
@Suite("Users in the stores")
struct UserStoreTests {
    let checks = StoreContractTests()

    func save(_ store: any DataStore, _ text: String, owner: Owner, mistake: (String, String)? = nil) async throws -> Int64 {
        let result = checks.result(text, mistakes: mistake.map { [($0.0, $0.1, .transposition)] } ?? [])
        return try await store.saveCheck(result, text: text, at: Date(), retention: .init(), expecting: 1, owner: owner)
    }

    @Test(arguments: StoreKind.allCases)
    func theFirstAdminTakesWhatWasKeptWithoutUsers(kind: StoreKind) async throws {
        let store = try await kind.make()
        let solo = try await checks.save(store, "solo text teh", mistakes: [("teh", "the", .transposition)])
        #expect(try await store.addPersonalWord("Grüneisen", language: nil))
        #expect(try await store.disableRule("EN_A_VS_AN"))
        #expect(try await store.users().isEmpty)

        // Asked as not an admin: the first user is one all the same.
        let ada = try await store.addUser(name: "ada", isAdmin: false, key: .generate())
        #expect(ada.isAdmin)
        #expect(try await store.check(id: solo, owner: ada.owner)?.text == "solo text teh")
        #expect(try await store.personalWords(language: nil, owner: ada.owner).map(\.word) == ["Grüneisen"])
        #expect(try await store.disabledRules(owner: ada.owner).map(\.id) == ["EN_A_VS_AN"])
        #expect(try await store.insights(limit: 5, days: 30, now: Date(), owner: ada.owner).totalMistakes == 1)
        // Nothing is left without an owner.
        #expect(try await store.checkCount(owner: .solo) == 0)
        #expect(try await store.personalWords(language: nil, owner: .solo).isEmpty)

        let bob = try await store.addUser(name: "bob", isAdmin: false, key: .generate())
        #expect(!bob.isAdmin)
        #expect(try await store.users().map(\.name) == ["ada", "bob"])
    }

    @Test(arguments: StoreKind.allCases)
    func oneUsersDataIsNotThereForAnother(kind: StoreKind) async throws {
        let store = try await kind.make()
        let ada = try await store.addUser(name: "ada", isAdmin: true, key: .generate()).owner
        let bob = try await store.addUser(name: "bob", isAdmin: false, key: .generate()).owner
        let adas = try await save(store, "Ada's secret contract, recieve", owner: ada, mistake: ("recieve", "receive"))
        _ = try await save(store, "Bob writes a note", owner: bob)
        _ = try await store.addPersonalWord("Adaword", language: "en", owner: ada)
        _ = try await store.disableRule("DOUBLE_SPACE", owner: ada)

        // Read, search, insights, dictionary, rules: nothing of Ada's for Bob.
        #expect(try await store.check(id: adas, owner: bob) == nil)
        #expect(try await store.history(limit: 20, before: nil, query: nil, language: nil, owner: bob).items.map(\.excerpt) == ["Bob writes a note"])
        #expect(try await store.history(limit: 20, before: nil, query: "contract", language: nil, owner: bob).items.isEmpty)
        #expect(try await store.history(limit: 20, before: nil, query: "contract", language: nil, owner: ada).items.count == 1)
        #expect(try await store.insights(limit: 5, days: 30, now: Date(), owner: bob).totalMistakes == 0)
        #expect(try await store.insights(limit: 5, days: 30, now: Date(), owner: bob).totalChecks == 1)
        #expect(try await store.personalWords(language: nil, owner: bob).isEmpty)
        #expect(try await store.disabledRules(owner: bob).isEmpty)
        // The same word is a word of each apart.
        #expect(try await store.addPersonalWord("Adaword", language: "en", owner: bob))
        #expect(try await store.removePersonalWord("Adaword", language: "en", owner: bob))
        #expect(try await store.personalWords(language: nil, owner: ada).map(\.word) == ["Adaword"])
        // Delete, one or all: Ada's stay.
        #expect(try await !store.deleteCheck(id: adas, owner: bob))
        #expect(try await store.deleteAllChecks(owner: bob) == 1)
        #expect(try await store.checkCount(owner: ada) == 1)
        #expect(try await store.check(id: adas, owner: ada) != nil)
        // Every user's words and rules, for the server's memory.
        #expect(try await store.everyonesPersonalWords()[ada]?.map(\.word) == ["Adaword"])
        #expect(try await store.everyonesDisabledRules() == [ada: ["DOUBLE_SPACE"]])
    }

    @Test(arguments: StoreKind.allCases)
    func retentionKeepsEachUsersNewest(kind: StoreKind) async throws {
        let store = try await kind.make()
        let ada = try await store.addUser(name: "ada", isAdmin: true, key: .generate()).owner
        let bob = try await store.addUser(name: "bob", isAdmin: false, key: .generate()).owner
        for index in 0..<3 { _ = try await save(store, "ada \(index)", owner: ada) }
        for index in 0..<3 {
            let text = "bob \(index)"
            _ = try await store.saveCheck(
                checks.result(text), text: text, at: Date(), retention: RetentionPolicy(maxCount: 2), expecting: 1, owner: bob)
        }
        #expect(try await store.checkCount(owner: bob) == 2)
        #expect(try await store.checkCount(owner: ada) == 3)
    }

    @Test(arguments: StoreKind.allCases)
    func keysAreFoundByHashAndRevoked(kind: StoreKind) async throws {
        let store = try await kind.make()
        let first = APIKey.generate(), second = APIKey.generate()
        #expect(first.secret != second.secret)
        #expect(first.secret.hasPrefix("st_") && first.secret.count == 46)
        let revision = try await store.accountsRevision()
        let ada = try await store.addUser(name: "ada", isAdmin: true, key: first)
        #expect(try await store.addKey(second, toUser: "ada")?.id == ada.id)
        #expect(try await store.addKey(.generate(), toUser: "nobody") == nil)
        #expect(try await store.accountsRevision() > revision)
        let active = try await store.activeKeys()
        #expect(Set(active.map(\.hash)) == [first.hash, second.hash])
        #expect(active.allSatisfy { $0.user.name == "ada" })
        #expect(APIKey.hash(of: first.secret) == first.hash)

        let used = Date(timeIntervalSince1970: 1_800_000_000)
        try await store.recordKeyUse([first.id: used])
        let listed = try await store.keys(ofUser: "ada")
        #expect(listed.count == 2)
        #expect(listed.first { $0.id == first.id }?.lastUsedAt.map { abs($0.timeIntervalSince(used)) < 1 } == true)
        #expect(listed.first { $0.id == second.id }?.lastUsedAt == nil)

        let before = try await store.accountsRevision()
        #expect(try await store.revokeKey(id: first.id, ofUser: "ada"))
        #expect(try await !store.revokeKey(id: first.id, ofUser: "ada"))
        #expect(try await store.accountsRevision() > before)
        #expect(try await store.activeKeys().map(\.hash) == [second.hash])
    }

    @Test(arguments: StoreKind.allCases)
    func badNamesTakenNamesAndTheLastAdminAreRefusedWithNothingWritten(kind: StoreKind) async throws {
        let store = try await kind.make()
        for name in ["", "two words", "tab\there", "nul\u{0}", String(repeating: "a", count: 10_000), "a/b"] {
            await #expect(throws: StoreError.self) { try await store.addUser(name: name, isAdmin: true, key: .generate()) }
        }
        #expect(try await store.users().isEmpty)
        _ = try await store.addUser(name: "ada", isAdmin: true, key: .generate())
        let taken = await #expect(throws: StoreError.self) { try await store.addUser(name: "ada", isAdmin: false, key: .generate()) }
        #expect(taken?.code == .userExists)
        let last = await #expect(throws: StoreError.self) { try await store.removeUser(name: "ada") }
        #expect(last?.code == .lastAdmin)
        #expect(try await store.users().map(\.name) == ["ada"])
        #expect(try await !store.removeUser(name: "nobody"))

        // Two servers creating the same user at once: one does, the other is told it exists.
        let attempts = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    do {
                        _ = try await store.addUser(name: "cy", isAdmin: false, key: .generate())
                        return true
                    } catch let error as StoreError where error.code == .userExists {
                        return false
                    }
                }
            }
            return try await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(attempts.filter { $0 }.count == 1 && attempts.count == 2)
        #expect(try await store.keys(ofUser: "cy").count == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func aRemovedUserTakesTheirDataAndKeysAlong(kind: StoreKind) async throws {
        let store = try await kind.make()
        let ada = try await store.addUser(name: "ada", isAdmin: true, key: .generate()).owner
        let key = APIKey.generate()
        let bob = try await store.addUser(name: "bob", isAdmin: false, key: key).owner
        _ = try await save(store, "bob's text", owner: bob)
        _ = try await store.addPersonalWord("Bobword", language: nil, owner: bob)
        _ = try await store.disableRule("DOUBLE_SPACE", owner: bob)
        _ = try await save(store, "ada's text", owner: ada)
        #expect(try await store.removeUser(name: "bob"))
        #expect(try await store.checkCount(owner: bob) == 0)
        #expect(try await store.personalWords(language: nil, owner: bob).isEmpty)
        #expect(try await store.disabledRules(owner: bob).isEmpty)
        #expect(try await store.activeKeys().allSatisfy { $0.hash != key.hash })
        #expect(try await store.checkCount(owner: ada) == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func theTeamsRuleFilesAreKeptAndTheirChangesSeen(kind: StoreKind) async throws {
        let store = try await kind.make()
        let revision = try await store.accountsRevision()
        #expect(try await store.putTeamRuleFile(name: "house.en.rules", text: "a"))
        #expect(try await !store.putTeamRuleFile(name: "house.en.rules", text: "b"))
        #expect(try await store.accountsRevision() > revision)
        #expect(try await store.teamRuleFiles().map(\.text) == ["b"])
        #expect(try await store.deleteTeamRuleFile(name: "house.en.rules"))
        #expect(try await !store.deleteTeamRuleFile(name: "house.en.rules"))
        #expect(try await store.teamRuleFiles().isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func theTeamsWordsAreEveryMembersToo(kind: StoreKind) async throws {
        let store = try await kind.make()
        let ada = try await store.addUser(name: "ada", isAdmin: true, key: .generate()).owner
        let bob = try await store.addUser(name: "bob", isAdmin: false, key: .generate()).owner
        let dictionary = try await PersonalDictionary(database: store)
        #expect(try await dictionary.add("Acmeware", language: nil, owner: .team))
        #expect(try await dictionary.add("Bobword", language: "en", owner: bob))
        #expect(dictionary.acceptedWords(for: "en-US", owner: bob) == ["Acmeware", "Bobword"])
        #expect(dictionary.acceptedWords(for: "en-US", owner: ada) == ["Acmeware"])
        #expect(try await dictionary.list(owner: bob).map(\.word) == ["Bobword"])
    }
}
