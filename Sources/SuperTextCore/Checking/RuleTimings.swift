import Foundation

/// Time spent in each rule, for a benchmark that asks where a check's time goes
/// (`supertext-bench speed --by-rule`). Off unless `RuleTimings.active` is set; a check then
/// pays one clock read on each side of each rule, so set it only in a single-threaded run.
public final class RuleTimings: @unchecked Sendable {
    /// The collector of the current run; `nil` (the default) times nothing.
    nonisolated(unsafe) public static var active: RuleTimings?

    /// Seconds spent by rule id (`PATTERN_RULES` for the pattern rules' single pass).
    public private(set) var seconds: [String: Double] = [:]

    public init() {}

    /// Runs `body`, adding its time to `id` when a collector is active.
    @inline(__always)
    static func measure<T>(_ id: @autoclosure () -> String, _ body: () throws -> T) rethrows -> T {
        guard let timings = active else { return try body() }
        let start = ContinuousClock.now
        defer { timings.seconds[id(), default: 0] += (ContinuousClock.now - start).seconds }
        return try body()
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
