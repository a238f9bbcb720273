/// The ASCII bytes markup and code syntax is made of: every masker reads its syntax through
/// these, so no range it finds splits a multi-byte UTF-8 sequence.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let exclamation: UInt8 = 0x21  // !
    static let quote: UInt8 = 0x22  // "
    static let hash: UInt8 = 0x23  // #
    static let dollar: UInt8 = 0x24  // $
    static let percent: UInt8 = 0x25  // %
    static let ampersand: UInt8 = 0x26  // &
    static let apostrophe: UInt8 = 0x27  // '
    static let leftParen: UInt8 = 0x28  // (
    static let rightParen: UInt8 = 0x29  // )
    static let asterisk: UInt8 = 0x2A  // *
    static let plus: UInt8 = 0x2B  // +
    static let comma: UInt8 = 0x2C  // ,
    static let minus: UInt8 = 0x2D  // -
    static let dot: UInt8 = 0x2E  // .
    static let slash: UInt8 = 0x2F  // /
    static let colon: UInt8 = 0x3A  // :
    static let semicolon: UInt8 = 0x3B  // ;
    static let less: UInt8 = 0x3C  // <
    static let equals: UInt8 = 0x3D  // =
    static let greater: UInt8 = 0x3E  // >
    static let question: UInt8 = 0x3F  // ?
    static let at: UInt8 = 0x40  // @
    static let leftBracket: UInt8 = 0x5B  // [
    static let backslash: UInt8 = 0x5C  // \
    static let rightBracket: UInt8 = 0x5D  // ]
    static let caret: UInt8 = 0x5E  // ^
    static let underscore: UInt8 = 0x5F  // _
    static let backtick: UInt8 = 0x60  // `
    static let leftBrace: UInt8 = 0x7B  // {
    static let verticalBar: UInt8 = 0x7C  // |
    static let rightBrace: UInt8 = 0x7D  // }
    static let tilde: UInt8 = 0x7E  // ~
    static let delete: UInt8 = 0x7F

    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }
    @inline(__always) static func isHexDigit(_ c: UInt8) -> Bool {
        isDigit(c) || (c | 0x20) &- 0x61 < 6
    }
    @inline(__always) static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) &- 0x61 < 26 }
    @inline(__always) static func isAlphanumeric(_ c: UInt8) -> Bool {
        isLetter(c) || isDigit(c)
    }
    /// ASCII punctuation: the characters a backslash can escape.
    @inline(__always) static func isPunctuation(_ c: UInt8) -> Bool {
        (c >= 0x21 && c <= 0x2F) || (c >= 0x3A && c <= 0x40) || (c >= 0x5B && c <= 0x60)
            || (c >= 0x7B && c <= 0x7E)
    }
    /// A letter, digit or underscore: a byte of an identifier in most languages (bytes of
    /// non-ASCII letters are not, so a scan over identifiers stops next to ASCII).
    @inline(__always) static func isIdentifier(_ c: UInt8) -> Bool { isAlphanumeric(c) || c == underscore }
    @inline(__always) static func isSpaceOrTab(_ c: UInt8) -> Bool { c == space || c == tab }
    @inline(__always) static func isLineEnd(_ c: UInt8) -> Bool {
        c == lineFeed || c == carriageReturn
    }
    /// Space, tab, line feed, carriage return.
    @inline(__always) static func isWhitespace(_ c: UInt8) -> Bool {
        c == space || c == tab || c == lineFeed || c == carriageReturn
    }
    @inline(__always) static func lowercased(_ c: UInt8) -> UInt8 {
        c &- 0x41 < 26 ? c | 0x20 : c
    }
}
