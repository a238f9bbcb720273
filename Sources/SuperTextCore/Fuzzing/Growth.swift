import Foundation

/// How the work on a text grows with its length, judged in the thread's CPU time (on a shared
/// machine the wall time of a few milliseconds is mostly waiting for a core): eight times the
/// text may take at most `limit` times as long (a linear check takes about eight, a quadratic
/// one sixty-four). Used by `make fuzz` at large sizes and by the tests at small ones.
package enum Growth {
    /// The most `8n` may take, as a multiple of `n`, before growth counts as superlinear.
    package static let limit = 20.0
    /// Times below this are too small to judge growth by (timer and cache noise).
    package static let smallestJudged = 0.020

    /// Whether going from the time at `n` to the time at `8n` is faster than linear allows.
    package static func isSuperlinear(atN: Double, atEightN: Double) -> Bool {
        atEightN / max(atN, 1e-9) > limit && atEightN >= smallestJudged
    }

    /// The shortest of `runs` calls of `body`, in seconds of this thread's CPU time.
    package static func shortestCPUSeconds(of runs: Int = 3, _ body: () -> Void) -> Double {
        var shortest = Double.infinity
        for _ in 0..<runs {
            let start = threadCPUSeconds()
            body()
            shortest = min(shortest, threadCPUSeconds() - start)
        }
        return shortest
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
