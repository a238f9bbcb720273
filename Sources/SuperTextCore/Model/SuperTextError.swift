/// An error of the proofreading core: a stable machine-readable code and a message for people.
///
/// A struct with static constructors rather than an enum, so new errors never break callers.
/// Its code is one of the closed set `ErrorCode`, which the HTTP layer maps to statuses in one
/// place.
public struct SuperTextError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Stable identifier: `unknown_language`, `invalid_utf8`, ...
    public var code: ErrorCode
    /// What went wrong, for a person.
    public var message: String

    public init(code: ErrorCode, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// A language code that names no installed dictionary.
    public static func unknownLanguage(_ code: String, installed: [String]) -> SuperTextError {
        let list = installed.isEmpty ? "none" : installed.joined(separator: ", ")
        return SuperTextError(
            code: .unknownLanguage,
            message: "Unknown language '\(code)'. Installed languages: \(list)."
        )
    }

    /// Bytes that are not valid UTF-8, at a byte offset.
    public static func invalidUTF8(atByteOffset offset: Int) -> SuperTextError {
        SuperTextError(
            code: .invalidUTF8,
            message: "The text is not valid UTF-8: invalid byte sequence at byte offset \(offset)."
        )
    }

    /// A control character in a text or a word (`ControlCharacters`).
    public static func controlCharacter(_ scalar: Unicode.Scalar, atOffset offset: Int) -> SuperTextError {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return SuperTextError(
            code: .badText,
            message: "The text has the control character U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex) at offset \(offset); only tab, line feed and carriage return may appear in a text."
        )
    }

    /// No dictionary could be loaded at all.
    public static func noDictionaries(searched: [String]) -> SuperTextError {
        SuperTextError(
            code: .noDictionaries,
            message: "No Hunspell dictionary found in: \(searched.joined(separator: ", ")). "
                + "Install one (apt-get install hunspell-en-us) or set SUPERTEXT_DICTIONARY_PATH."
        )
    }

    /// `preferredLanguages` given without `auto`.
    public static func preferredLanguagesWithoutAuto() -> SuperTextError {
        SuperTextError(
            code: .badRequest,
            message: "Preferred languages can only be given when the language is 'auto'."
        )
    }

    /// Too many checks are waiting for a worker.
    public static let queueFull = SuperTextError(
        code: .queueFull, message: "Too many checks are waiting; try again shortly."
    )

    /// A check ran past its time limit.
    public static func timedOut(seconds: Double) -> SuperTextError {
        SuperTextError(
            code: .timeout,
            message: "The check took longer than the limit of \(seconds) seconds and was stopped."
        )
    }

    /// The caller went away or cancelled the check.
    public static let cancelled = SuperTextError(code: .cancelled, message: "The check was cancelled.")

    /// The worker pool is shutting down.
    public static let shuttingDown = SuperTextError(
        code: .shuttingDown, message: "The service is shutting down."
    )
}
