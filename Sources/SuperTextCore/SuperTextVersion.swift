/// The version of SuperText, shown by `supertext --version` and reported by the HTTP APIs.
public enum SuperTextVersion {
    /// The version, `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
