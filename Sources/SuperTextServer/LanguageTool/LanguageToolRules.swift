import SuperTextCore
import Synchronization

/// SuperText's rules as LanguageTool clients see them: categories, issue types, descriptions, and
/// which rules a request's `enabledRules`, `disabledRules`, `enabledCategories`,
/// `disabledCategories`, `enabledOnly` and `level` select.
enum LanguageToolRules {
    /// One rule: its identifier, category and whether it only runs at the picky level.
    struct Rule: Sendable, Equatable {
        let id: String
        let category: MatchCategory
        let description: String
        let isPicky: Bool
        /// One of the users' own rules (`--rules`).
        var isUser = false
        /// A sentence it corrects, with the correction, to show what it does.
        var example: RuleExample?
    }

    /// The rules of one installation: spelling, the rules of every language, and the grammar
    /// rules read from the dictionaries' search path.
    struct Table: Sendable {
        /// Every rule, spelling first.
        let all: [Rule]
        let byID: [String: Rule]

        /// - Parameter userRules: the users' own rules, after SuperText's (the lines of a
        ///   phrase list share an identifier: the first stands for them).
        init(rules: [any ProofreadingRule], userRules: [PatternRule] = []) {
            var all = [
                Rule(id: ProofreadingRules.spellingRuleID, category: .spelling, description: "Possible spelling mistake", isPicky: false)
            ] + rules.map {
                Rule(id: $0.id, category: $0.category, description: $0.description, isPicky: $0.isPicky,
                     example: $0.examples.first { $0.correction != nil })
            }
            var byID: [String: Rule] = [:]
            for rule in all where byID[rule.id] == nil { byID[rule.id] = rule }
            for rule in userRules where byID[rule.id] == nil {
                let entry = Rule(
                    id: rule.id, category: rule.category, description: rule.description, isPicky: rule.isPicky, isUser: true,
                    example: rule.examples.first { $0.correction != nil })
                byID[rule.id] = entry
                all.append(entry)
            }
            self.all = all
            self.byID = byID
        }

        /// Sets the rule fields of `check` so that it runs the rules a selection runs, naming
        /// only what differs from the defaults: a request with LanguageTool's defaults names no
        /// rule. (Naming every rule, a set of thousands built and hashed at each request, was a
        /// sixth of the CPU of a /v2 check by `perf`.) Unknown rule and category identifiers are
        /// ignored, as LanguageTool ignores them; a rule that is both enabled and disabled is off.
        /// A rule turned off on the server is treated as LanguageTool treats its rules that are
        /// off by default: it runs only when `enabledRules` names it (an enabled category does not).
        func apply(_ selection: Selection, to check: inout CheckRequest) {
            func ruleIDs(_ ids: [String]) -> Set<String> {
                Set(ids.map { id in
                    let upper = id.uppercased()
                    return languageToolAliases[upper] ?? upper
                })
            }
            func rules(ofCategories ids: [String], exceptTurnedOff: Bool) -> [String] {
                guard !ids.isEmpty else { return [] }
                let categories = Set(ids.map { $0.uppercased() })
                return all.filter { rule in
                    categories.contains(category(rule.category).id) && !(exceptTurnedOff && selection.turnedOff.contains(rule.id))
                }.map(\.id)
            }
            let spelling = ProofreadingRules.spellingRuleID
            check.picky = selection.picky
            check.enabledOnly = selection.enabledOnly
            check.enabledRules = ruleIDs(selection.enabledRules).union(rules(ofCategories: selection.enabledCategories, exceptTurnedOff: true))
            if selection.enabledOnly {
                check.disabledRules = []
                check.rulesTurnedOff = []
                return
            }
            check.disabledRules = ruleIDs(selection.disabledRules).union(rules(ofCategories: selection.disabledCategories, exceptTurnedOff: false))
            check.rulesTurnedOff = selection.turnedOff
            // The checker reads only `disabledRules` for spelling: turned off, it stays off unless named.
            if selection.turnedOff.contains(spelling), !check.enabledRules.contains(spelling) { check.disabledRules.insert(spelling) }
        }
    }

    private static let tables = Mutex<[[String]: Table]>([:])

    /// The rules of the installation whose dictionaries are on `searchPath`, and the users' own
    /// rules of `userRules` (built once for each version of them).
    static func table(searchPath: [String], userRules: UserRules.Snapshot? = nil) -> Table {
        let key = searchPath + ["\u{0}\(userRules?.generation ?? 0)"]
        if let table = tables.withLock({ $0[key] }) { return table }
        let table = Table(rules: GrammarCatalog.allRules(searchPath: searchPath), userRules: userRules?.rules ?? [])
        tables.withLock { tables in
            // The tables of earlier versions of the users' rules are not asked for again.
            for old in tables.keys where old.dropLast() == key.dropLast() && old != key { tables[old] = nil }
            tables[key] = table
        }
        return table
    }

    /// The description of a rule, for `rule.description`.
    static func description(ofRule id: String) -> String {
        tables.withLock { tables in tables.values.lazy.compactMap { $0.byID[id]?.description }.first } ?? id
    }

    /// LanguageTool's category identifier and name.
    static func category(_ category: MatchCategory) -> (id: String, name: String) {
        switch category {
        // LanguageTool has no category of names: an unknown name is a possible typo there.
        case .spelling, .name: ("TYPOS", "Possible Typo")
        case .grammar: ("GRAMMAR", "Grammar")
        case .confusedWords: ("CONFUSED_WORDS", "Commonly Confused Words")
        case .punctuation: ("PUNCTUATION", "Punctuation")
        case .typography: ("TYPOGRAPHY", "Typography")
        case .style: ("STYLE", "Style")
        case .redundancy: ("REDUNDANCY", "Redundant Phrases")
        }
    }

    /// LanguageTool's issue type (the localization quality issue type of the rule).
    static func issueType(_ category: MatchCategory) -> String {
        switch category {
        case .spelling, .name: "misspelling"
        case .grammar, .confusedWords: "grammar"
        case .punctuation, .typography: "typographical"
        case .style, .redundancy: "style"
        }
    }

    /// LanguageTool's match type: `UnknownWord` for spelling and names, `Other` for everything else.
    static func typeName(_ category: MatchCategory) -> String {
        category == .spelling || category == .name ? "UnknownWord" : "Other"
    }

    /// LanguageTool's identifiers of rules that SuperText has under another name, so that
    /// settings written for LanguageTool (`disabledRules=WHITESPACE_RULE`) keep working.
    static let languageToolAliases: [String: String] = [
        "HUNSPELL_RULE": ProofreadingRules.spellingRuleID,
        "MORFOLOGIK_RULE_EN_US": ProofreadingRules.spellingRuleID,
        "MORFOLOGIK_RULE_EN_GB": ProofreadingRules.spellingRuleID,
        "MORFOLOGIK_RULE_ES": ProofreadingRules.spellingRuleID,
        "GERMAN_SPELLER_RULE": ProofreadingRules.spellingRuleID,
        "FR_SPELLING_RULE": ProofreadingRules.spellingRuleID,
        "WORD_REPEAT_RULE": "REPEATED_WORD",
        "ENGLISH_WORD_REPEAT_RULE": "REPEATED_WORD",
        "GERMAN_WORD_REPEAT_RULE": "REPEATED_WORD",
        "WHITESPACE_RULE": "DOUBLE_SPACE",
        "COMMA_PARENTHESIS_WHITESPACE": "SPACE_BEFORE_PUNCTUATION",
        "SENTENCE_WHITESPACE": "SPACE_AFTER_SENTENCE",
        "TOO_LONG_SENTENCE": "LONG_SENTENCE",
    ]

    /// What a request asks to run.
    struct Selection: Sendable, Equatable {
        var enabledRules: [String] = []
        var disabledRules: [String] = []
        var enabledCategories: [String] = []
        var disabledCategories: [String] = []
        /// Run only the enabled rules and categories.
        var enabledOnly = false
        /// `level=picky`: run the picky rules too.
        var picky = false
        /// The rules turned off on the server (`/api/v1/rules/disabled`).
        var turnedOff: Set<String> = []
    }
}
