/// After "von", a range takes "bis": von 9 bis 10 Uhr.
/// One of the German spacing rules; it reads the token stream, spaces included (`TokenScan`).
public struct GermanRangeRule: ProofreadingRule {
    public let id = "DE_VON_BIS"
    public let category = MatchCategory.style
    public let description = "After \"von\", a range takes \"bis\": von 9 bis 10 Uhr."
    public let isPicky = false
    public let languages: Set<String> = ["de"]

    public init() {}

    public let examples: [RuleExample] = [
        .wrong("Pilze von A-Z.", "Pilze von A bis Z.", language: "de-DE"),
        .wrong("Wir haben von 9–10 Uhr geöffnet.", "Wir haben von 9 bis 10 Uhr geöffnet.", language: "de-DE"),
        .wrong("Von Zeile 7 - 11 wird geprüft.", "Von Zeile 7 bis 11 wird geprüft.", language: "de-DE"),
        .right("Von 9 bis 10 Uhr. Die Seiten 7–11. Von A bis Z.", language: "de-DE"),
    ]

    static let texts: [ExplanationLanguage: RuleText] = [
        .en: RuleText(message: "After 'von', write the range with 'bis': '{suggestion}'.", shortMessage: "von … bis", title: "von … bis",
                      detail: "A dash may stand for 'bis' in a bare range (Seiten 7–11), but after 'von' the pair is written out: von 9 bis 10 Uhr, von A bis Z."),
        .fr: RuleText(message: "Après « von », écrivez l’intervalle avec « bis » : « {suggestion} ».", shortMessage: "von … bis", title: "von … bis",
                      detail: "Un tiret peut remplacer « bis » dans un intervalle seul (Seiten 7–11), mais après « von » la paire s’écrit en toutes lettres : von 9 bis 10 Uhr, von A bis Z."),
        .de: RuleText(message: "Nach „von“ steht „bis“: „{suggestion}“.", shortMessage: "von … bis", title: "von … bis",
                      detail: "Ein Strich kann in einer bloßen Spanne für „bis“ stehen (Seiten 7–11), aber nach „von“ schreibt man das Paar aus: von 9 bis 10 Uhr, von A bis Z."),
        .es: RuleText(message: "Tras «von», escriba el intervalo con «bis»: «{suggestion}».", shortMessage: "von … bis", title: "von … bis",
                      detail: "Un guion puede sustituir a «bis» en un intervalo solo (Seiten 7–11), pero tras «von» el par se escribe entero: von 9 bis 10 Uhr, von A bis Z."),
    ]

    public func matches(in document: CheckedDocument, context: RuleContext) -> [Match] {
        var scan = TokenScan(document, rule: self, texts: Self.texts, language: context.explanationLanguage)
        let tokens = document.tokens
        for range in document.sentenceTokens {
            for index in range where tokens[index].kind == .word && ["von", "vom"].contains(document.lowercasedTexts[index]) {
                // von [Zeile] X–Y: the first item after "von" or after one noun. After a noun
                // ("Temperaturen von 9–10 Grad"), "von" gives a quantity and the dash is a range's own.
                let afterNoun = index > range.lowerBound + 1 && scan.isSpace(index - 1, in: range) && scan.kind(at: index - 2, in: range) == .word
                    && WordCase.startsWithCapital(scan.text(index - 2))
                var start = index + 2
                guard scan.isSpace(index + 1, in: range), start < range.upperBound else { continue }
                if scan.kind(at: start, in: range) == .word, WordCase.startsWithCapital(scan.text(start)), scan.text(start).count > 1, scan.isSpace(start + 1, in: range) { start += 2 }
                func isItem(_ token: String) -> Bool {
                    let core = token.hasSuffix(".") ? String(token.dropLast()) : token
                    return !core.isEmpty && (core.allSatisfy(\.isNumber) || core.count == 1 && core.first!.isUppercase)
                }
                let first = scan.text(start)
                // One token: "A-Z", "9–10", "7.-10.".
                for dash in ["-", "–"] where first.contains(Character(dash)) {
                    let parts = first.components(separatedBy: dash)
                    if parts.count == 2, isItem(parts[0]), isItem(parts[1]), !afterNoun || !parts[0].first!.isNumber {
                        scan.add(start..<start + 1, parts[0] + " bis " + parts[1])
                    }
                }
                // Several tokens: the item (and its period), a dash with or without spaces, the item.
                var end = start
                var left = scan.text(end)
                guard isItem(left) || scan.kind(at: end, in: range) == .number, !afterNoun || !(left.first?.isNumber ?? true) else { continue }
                if end + 1 < range.upperBound, scan.text(end + 1) == ".", (tokens[end].kind == .number) { left += "."; end += 1 }
                var next = end + 1
                if scan.isSpace(next, in: range) { next += 1 }
                guard next < range.upperBound, ["-", "–"].contains(scan.text(next)) else { continue }
                next += 1
                if scan.isSpace(next, in: range) { next += 1 }
                guard next < range.upperBound, isItem(scan.text(next)) || scan.kind(at: next, in: range) == .number else { continue }
                var right = scan.text(next)
                if next + 1 < range.upperBound, scan.text(next + 1) == ".", left.hasSuffix("."), tokens[next].kind == .number { right += "."; next += 1 }
                scan.add(start..<next + 1, left + " bis " + right)
            }
        }
        return scan.matches
    }
}
