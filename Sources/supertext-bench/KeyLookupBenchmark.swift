import Foundation
import SuperTextStore

/// `supertext-bench keys`: what checking a request's API key costs the server: the SHA-256 of
/// what was sent and a lookup in the keys held in memory (`KeyTable`), for known and unknown
/// keys, among `count` keys.
struct KeyLookupBenchmark {
    var count = 1_000
    var lookups = 1_000_000

    func run() {
        let keys = (0..<count).map { _ in APIKey.generate() }
        let user = User(id: 1, name: "bench", isAdmin: false, createdAt: Date())
        let table = KeyTable(keys.map { ActiveKey(id: $0.id, hash: $0.hash, user: user) })
        let unknown = (0..<count).map { _ in APIKey.generate().secret }
        for (label, secrets) in [("a known key", keys.map(\.secret)), ("an unknown key", unknown)] {
            var found = 0
            let start = ContinuousClock.now
            for index in 0..<lookups where table.entry(for: secrets[index % secrets.count]) != nil { found += 1 }
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print(String(format: "API key lookup, %@ among %d: %.2f µs a request (%d lookups, %d found)",
                         label, count, seconds / Double(lookups) * 1e6, lookups, found))
        }
    }
}
