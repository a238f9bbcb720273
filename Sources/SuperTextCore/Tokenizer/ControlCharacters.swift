/// Control characters that are not text: U+0000 to U+001F except tab, line feed and carriage
/// return.
///
/// They are refused at the door rather than checked and stored: a NUL ends a string for the C
/// libraries a text goes through (SQLite's text functions, Hunspell), so it would come back cut,
/// and none of them is prose a proofreader can say anything about.
public enum ControlCharacters {
    /// The first control character of `text` that is not tab, line feed or carriage return, and
    /// its offset in UTF-16 code units (the API's offsets); `nil` when there is none.
    public static func first(in text: String) -> (scalar: Unicode.Scalar, offset: Int)? {
        var utf16Offset = 0
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20, scalar != "\t", scalar != "\n", scalar != "\r" {
                return (scalar, utf16Offset)
            }
            utf16Offset += scalar.utf16.count
        }
        return nil
    }

    /// Throws `SuperTextError` `bad_text` when `text` has a control character that is not tab,
    /// line feed or carriage return.
    public static func validate(_ text: String) throws {
        if let (scalar, offset) = first(in: text) {
            throw SuperTextError.controlCharacter(scalar, atOffset: offset)
        }
    }
}
