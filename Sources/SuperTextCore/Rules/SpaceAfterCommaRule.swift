/// A space after a comma (or a semicolon) between two words: "him,then" → "him, then". Every
/// language writes it so; in French the semicolon also takes a space before it, which the French
/// spacing rule asks for, so there only the comma is this rule's.
public struct SpaceAfterCommaRule: ProofreadingRule {
    public let id = "SPACE_AFTER_COMMA"
    public let category = MatchCategory.punctuation
    public let description = "A space after a comma or semicolon between words."
    public let isPicky = false

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("I met him,then we left.", "I met him, then we left."),
        .wrong("We came;they left.", "We came; they left."),
        .wrong("Il pleuvait,nous sommes restés.", "Il pleuvait, nous sommes restés.", language: "fr"),
        .wrong("Ich war müde,also blieb ich.", "Ich war müde, also blieb ich.", language: "de-DE"),
        .wrong("Llovía,así que nos quedamos.", "Llovía, así que nos quedamos.", language: "es"),
        .right("I met him, then we left. It costs 1,000 dollars. Points a,b and c."),
        .right("Run chmod u=rw,go=r on it; the default is mode,ownership,timestamps; the corner (llx,lly)."),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "Put a space after the punctuation: '{suggestion}'.", shortMessage: "Space after punctuation", title: "Space after a comma",
                      detail: "A comma or a semicolon follows the word before it and has a space after it: red, green; blue."),
        .fr: RuleText(message: "Mettez une espace après la ponctuation : « {suggestion} ».", shortMessage: "Espace après la ponctuation", title: "Espace après la virgule",
                      detail: "La virgule suit le mot sans espace et est suivie d’une espace : rouge, vert. Le point-virgule est suivi d’une espace (en français, il en prend aussi une avant)."),
        .de: RuleText(message: "Nach dem Satzzeichen steht ein Leerzeichen: „{suggestion}“.", shortMessage: "Leerzeichen nach Satzzeichen", title: "Leerzeichen nach dem Komma",
                      detail: "Komma und Semikolon stehen direkt hinter dem Wort und vor einem Leerzeichen: rot, grün; blau."),
        .es: RuleText(message: "Ponga un espacio tras el signo: «{suggestion}».", shortMessage: "Espacio tras el signo", title: "Espacio tras la coma",
                      detail: "La coma y el punto y coma van pegados a la palabra anterior y seguidos de un espacio: rojo, verde; azul."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens, texts = document.lowercasedTexts
        let semicolons = context.primaryLanguage != "fr"
        for range in document.sentenceTokens {
            // "him,then": two words with no space after the comma (not 1,000 nor a,b).
            for index in range where tokens[index].kind == .punctuation && (texts[index] == "," || semicolons && texts[index] == ";") {
                guard index > range.lowerBound, index + 1 < range.upperBound, tokens[index - 1].kind == .word,
                      tokens[index + 1].kind == .word, texts[index - 1].count > 1, texts[index + 1].count > 1,
                      !Self.isCode(around: tokens[index].byteRange.lowerBound, in: document.bytes),
                      // Both words of the text's language: a word foreign to it makes a value ("ein Alias für any,all").
                      context.isKnownWord(document.text(of: tokens[index - 1])), context.isKnownWord(document.text(of: tokens[index + 1]))
                else { continue }
                scan.add(index..<index + 1, texts[index] + " ")
            }
        }
        return scan.matches
    }

    /// Whether the text around the comma at `offset`, up to the spaces on either side, is code
    /// or a value rather than prose: a list of several items ("mode,ownership,timestamps"), or
    /// brackets, braces, =, $, ~, / or _ in it ("chmod u=rw,go=r", "~A{bullseye,sid}",
    /// "(llx,lly)"), digits ("udf,iso9660"), or the value of an option ("-o ro,loop").
    static func isCode(around offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = offset, end = offset + 1
        while start > 0, bytes[start - 1] != UInt8(ascii: " "), bytes[start - 1] != UInt8(ascii: "\n"), bytes[start - 1] != UInt8(ascii: "\t") { start -= 1 }
        while end < bytes.count, bytes[end] != UInt8(ascii: " "), bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\t") { end += 1 }
        // The value of an option ("-o ro,loop"): the word before starts with a hyphen.
        var before = start - 1
        while before > 0, bytes[before] == UInt8(ascii: " ") { before -= 1 }
        var word = before
        while word > 0, bytes[word - 1] != UInt8(ascii: " "), bytes[word - 1] != UInt8(ascii: "\n"), bytes[word - 1] != UInt8(ascii: "\t") { word -= 1 }
        if before > 0, bytes[word] == UInt8(ascii: "-") { return true }
        var commas = 0
        for byte in bytes[start..<end] {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return true
            case UInt8(ascii: ","): commas += 1
            case UInt8(ascii: "="), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
                 UInt8(ascii: "]"), UInt8(ascii: "$"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "_"), UInt8(ascii: "|"):
                return true
            default: break
            }
        }
        return commas > 1
    }
}
