/// What a streaming check reports as it goes.
public enum CheckProgress: Sendable {
    /// `done` of `total` parts are checked; `matches` are those of the part just finished
    /// (offsets in the whole text).
    case loading(done: Int, total: Int, matches: [Match])
    /// The whole result.
    case loaded(CheckResult)
}
