import Foundation
import Hummingbird
import SuperTextStore
import Synchronization

/// What each key may check (`--key-checks-per-minute`, `--key-characters-per-day`), counted in
/// this server's memory: behind a balancer each replica counts its own share.
final class KeyLimits: Sendable {
    struct Settings: Sendable, Equatable {
        /// Most checks a key sends in a minute; `nil`: no limit.
        var checksPerMinute: Int?
        /// Most characters a key has checked in a day; `nil`: no limit.
        var charactersPerDay: Int?

        init(checksPerMinute: Int? = nil, charactersPerDay: Int? = nil) {
            self.checksPerMinute = checksPerMinute
            self.charactersPerDay = charactersPerDay
        }
    }

    private struct Window {
        var start: Date
        var used: Int
    }

    let settings: Settings
    private let minutes = Mutex<[String: Window]>([:])
    private let days = Mutex<[String: Window]>([:])

    init(_ settings: Settings) { self.settings = settings }

    /// Counts a check of `characters` for the caller's key, or refuses it with 429 and
    /// `Retry-After` when the key has used its share. Callers without a key are not counted.
    func admit(_ caller: Caller, characters: Int, now: Date = Date()) throws {
        guard let key = caller.keyID else { return }
        if let limit = settings.checksPerMinute {
            try Self.take(1, of: limit, per: 60, key: key, in: minutes, now: now) { wait in
                "This key has sent \(limit) checks this minute (--key-checks-per-minute); try again in \(wait) s."
            }
        }
        if let limit = settings.charactersPerDay {
            try Self.take(characters, of: limit, per: 86_400, key: key, in: days, now: now) { wait in
                "This key has checked \(limit) characters today (--key-characters-per-day); try again in \(wait) s."
            }
        }
    }

    private static func take(
        _ amount: Int, of limit: Int, per seconds: Double, key: String, in windows: borrowing Mutex<[String: Window]>, now: Date,
        message: (Int) -> String
    ) throws {
        let refusal: Int? = windows.withLock { windows in
            if windows.count > 100_000 { windows = windows.filter { now.timeIntervalSince($0.value.start) < seconds } }
            var window = windows[key] ?? Window(start: now, used: 0)
            if now.timeIntervalSince(window.start) >= seconds { window = Window(start: now, used: 0) }
            guard window.used + amount <= limit else {
                return max(1, Int((seconds - now.timeIntervalSince(window.start)).rounded(.up)))
            }
            window.used += amount
            windows[key] = window
            return nil
        }
        if let wait = refusal {
            throw APIError(.rateLimited, message(wait), headers: [.retryAfter: String(wait)])
        }
    }
}

/// Slows down guessing: an address that sent `limit` wrong keys or tokens within a minute
/// (`--failed-keys-per-minute`, 0: no limit) is refused (429, `Retry-After`) until that minute is
/// over, before an unknown key or the token it sends is even compared (`AccessPolicy`).
final class FailedKeys: Sendable {
    let limit: Int
    private let failures = Mutex<[String: (start: Date, count: Int)]>([:])

    static let standardLimit = 10

    init(limit: Int = FailedKeys.standardLimit) { self.limit = limit }

    func admit(_ address: String?, now: Date = Date()) throws {
        guard limit > 0 else { return }
        let wait: Int? = failures.withLock { failures in
            guard let entry = failures[address ?? ""] else { return nil }
            let elapsed = now.timeIntervalSince(entry.start)
            guard elapsed < 60 else {
                failures[address ?? ""] = nil
                return nil
            }
            return entry.count >= limit ? max(1, Int((60 - elapsed).rounded(.up))) : nil
        }
        if let wait {
            throw APIError(
                .rateLimited, "Too many wrong keys from this address; try again in \(wait) s.", headers: [.retryAfter: String(wait)])
        }
    }

    func record(_ address: String?, now: Date = Date()) {
        guard limit > 0 else { return }
        failures.withLock { failures in
            if failures.count > 100_000 { failures = failures.filter { now.timeIntervalSince($0.value.start) < 60 } }
            let key = address ?? ""
            if let entry = failures[key], now.timeIntervalSince(entry.start) < 60 {
                failures[key] = (entry.start, entry.count + 1)
            } else {
                failures[key] = (now, 1)
            }
        }
    }
}
