import Foundation

/// The parts of a Hunspell `.aff` file that say how a dictionary stem becomes word forms.
///
/// Read only to list the words a dictionary spells out, for the suggestion index. It need not be
/// exact: every form it produces is confirmed with `Hunspell_spell` before it is indexed, so an
/// affix rule read too loosely costs time, never a wrong suggestion, and one read too strictly
/// only loses a candidate. Compounding, `ICONV`/`OCONV` and morphology are ignored.
struct AffixFile {
    /// How flags are written after a stem's `/`.
    enum FlagType {
        /// One character a flag (Hunspell's default, and `FLAG UTF-8`).
        case character
        /// Two characters a flag (`FLAG long`).
        case long
        /// Decimal numbers separated by commas (`FLAG num`).
        case number
    }

    /// One `PFX` or `SFX` line: strip these letters, add those, when the condition holds.
    struct AffixEntry {
        var strip: [Unicode.Scalar]
        var add: [Unicode.Scalar]
        var condition: AffixCondition
        /// Flags the affixed form carries itself (a second suffix, `NEEDAFFIX`, ...).
        var continuation: [UInt32]
    }

    /// All entries of one affix flag.
    struct AffixClass {
        var isPrefix: Bool
        /// Whether prefixes and suffixes of the class combine on one stem.
        var crossProduct: Bool
        var entries: [AffixEntry]
    }

    var flagType: FlagType = .character
    /// `AF` aliases: index `n` (1-based in the files) stands for a set of flags.
    var flagAliases: [[UInt32]] = []
    var prefixes: [UInt32: AffixClass] = [:]
    var suffixes: [UInt32: AffixClass] = [:]
    /// Flags that keep a stem or an affixed form out of the suggestion index.
    var needAffixFlag: UInt32?
    var onlyInCompoundFlag: UInt32?
    /// Flags of forms that may begin a compound, or stand in its middle.
    var compoundBeginFlag: UInt32?
    var compoundMiddleFlag: UInt32?
    var forbiddenWordFlag: UInt32?
    var noSuggestFlag: UInt32?
    /// The `SET` encoding of both files.
    var encoding: DictionaryEncoding = .utf8

    /// The dictionary's own tables of likely misspellings, which Hunspell's `suggest` tries first:
    /// `REP` (a spelling written for another: `ß` for `ss`, `ph` for `f`) and `MAP` (letters that
    /// stand for one another: `aàâä`). Entries that name a space (`_`) or a word's edge (`^`, `$`)
    /// are not letters inside words, which the error model compares: those that rewrite a whole
    /// word (`REP alot a_lot`, `REP ^cest$ c'est`) are kept apart, in `wholeWords`.
    struct SuggestionTables: Equatable, Sendable {
        /// (written, meant): the text has `written` where the dictionary word has `meant`.
        var replacements: [(written: String, meant: String)] = []
        /// Groups of spellings that stand for one another; a member may have several letters.
        var maps: [[String]] = []
        /// Whole written words (lowercase) and what the dictionary says is meant, spaces written
        /// as spaces: `alot` → `a lot`.
        var wholeWords: [String: [String]] = [:]

        static func == (a: Self, b: Self) -> Bool {
            a.maps == b.maps && a.wholeWords == b.wholeWords
                && a.replacements.map { [$0.written, $0.meant] } == b.replacements.map { [$0.written, $0.meant] }
        }
    }

    /// What the suggestion index takes from an affix file.
    struct SuggestionFacts: Sendable {
        var tables = SuggestionTables()
        /// Whether words form compounds freely (`COMPOUNDFLAG`, `COMPOUNDBEGIN`), as German
        /// does; `COMPOUNDRULE` alone (English ordinals like `21st`) does not count.
        var formsCompounds = false
        /// The `OCONV` table: how the dictionary wants its words written on output (French `fr`
        /// writes the apostrophe as ’). Hunspell applies it to its own suggestions; so do we.
        var outputConversions: [(from: String, to: String)] = []
    }

    /// Reads the `REP`, `MAP`, `OCONV` and compounding lines of an affix file (in its `SET`
    /// encoding) in one pass; an unreadable file has none. Lines are split as bytes and only
    /// those of these keywords decoded: splitting the whole text by characters, three times, was
    /// a tenth of the service's start-up (measured with `perf`).
    static func suggestionFacts(path: String) -> SuggestionFacts {
        var facts = SuggestionFacts()
        guard let data = FileManager.default.contents(atPath: path) else { return facts }
        let encoding = DictionaryEncoding(ofAffix: data)
        let keywords = ["REP", "MAP", "OCONV ", "COMPOUNDFLAG", "COMPOUNDBEGIN"].map { Array($0.utf8) }
        for rawLine in data.split(whereSeparator: { $0 == 0x0A || $0 == 0x0D }) {
            guard keywords.contains(where: { rawLine.starts(with: $0) }) else { continue }
            let line = encoding.decode(Data(rawLine)) ?? String(decoding: rawLine, as: UTF8.self)
            if line.hasPrefix("COMPOUND") {
                facts.formsCompounds = true
                continue
            }
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.first == "OCONV" {
                if fields.count >= 3 { facts.outputConversions.append((String(fields[1]), String(fields[2]))) }  // else the count line
                continue
            }
            // `REP 28` and `MAP 5` are the count lines.
            guard fields.count >= 2, Int(fields[1]) == nil else { continue }
            if fields[0] == "REP", fields.count >= 3 {
                let written = String(fields[1]), meant = String(fields[2])
                guard written != meant else { continue }
                if !(written + meant).contains(where: { $0 == "_" || $0 == "^" || $0 == "$" }) {
                    facts.tables.replacements.append((written, meant))
                    continue
                }
                // A whole word: anchored at both edges, or replaced by words with a space (an
                // unanchored `alot` would also rewrite `zealot`, which Hunspell then rejects).
                let bare = written.trimmingCharacters(in: CharacterSet(charactersIn: "^$"))
                let isAnchored = written.hasPrefix("^") && written.hasSuffix("$")
                guard isAnchored || meant.contains("_"), !bare.isEmpty, !bare.contains("_") else { continue }
                let phrase = meant.trimmingCharacters(in: CharacterSet(charactersIn: "^$")).replacingOccurrences(of: "_", with: " ")
                facts.tables.wholeWords[bare.lowercased(), default: []].append(phrase)
            } else if fields[0] == "MAP" {
                // Members are single characters or parenthesised groups: `MAP ß(ss)`.
                var members: [String] = []
                var group: String?
                for scalar in fields[1].unicodeScalars {
                    if scalar == "(" {
                        group = ""
                    } else if scalar == ")", let current = group {
                        if !current.isEmpty { members.append(current) }
                        group = nil
                    } else if group != nil {
                        group?.unicodeScalars.append(scalar)
                    } else {
                        members.append(String(scalar))
                    }
                }
                if members.count > 1 { facts.tables.maps.append(members) }
            }
        }
        return facts
    }

    /// Reads an affix file. Unreadable lines are skipped.
    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        // The encoding line is ASCII, so it can be found before the text is decoded.
        encoding = DictionaryEncoding(ofAffix: data)
        let text = encoding.decode(data) ?? String(decoding: data, as: UTF8.self)
        var flagLines: [[Substring]] = []
        var affixLines: [[Substring]] = []
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let fields = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let keyword = fields.first else { continue }
            switch keyword {
            case "FLAG":
                switch fields.dropFirst().first?.lowercased() {
                case "long": flagType = .long
                case "num": flagType = .number
                default: flagType = .character
                }
            case "AF" where fields.count >= 2:
                flagLines.append(fields)
            case "PFX", "SFX":
                affixLines.append(fields)
            case "NEEDAFFIX", "ONLYINCOMPOUND", "FORBIDDENWORD", "NOSUGGEST", "COMPOUNDBEGIN", "COMPOUNDMIDDLE":
                flagLines.append(fields)
            default:
                continue
            }
        }
        // Aliases and special flags first: affix lines refer to them.
        // The first AF line gives the count; the others give one alias each.
        for fields in flagLines.filter({ $0[0] == "AF" }).dropFirst() {
            flagAliases.append(parse(flags: fields[1], resolvingAliases: false))
        }
        for fields in flagLines where fields[0] != "AF" && fields.count >= 2 {
            let flag = parse(flags: fields[1], resolvingAliases: false).first
            switch fields[0] {
            case "NEEDAFFIX": needAffixFlag = flag
            case "ONLYINCOMPOUND": onlyInCompoundFlag = flag
            case "FORBIDDENWORD": forbiddenWordFlag = flag
            case "COMPOUNDBEGIN": compoundBeginFlag = flag
            case "COMPOUNDMIDDLE": compoundMiddleFlag = flag
            default: noSuggestFlag = flag
            }
        }
        for fields in affixLines {
            readAffixLine(fields)
        }
    }

    private mutating func readAffixLine(_ fields: [Substring]) {
        guard fields.count >= 4 else { return }
        let isPrefix = fields[0] == "PFX"
        guard let flag = parse(flags: fields[1], resolvingAliases: false).first else { return }
        // A header: `SFX A Y 3`.
        if fields.count == 4, fields[2] == "Y" || fields[2] == "N", Int(fields[3]) != nil {
            let affixClass = AffixClass(isPrefix: isPrefix, crossProduct: fields[2] == "Y", entries: [])
            if isPrefix { prefixes[flag] = affixClass } else { suffixes[flag] = affixClass }
            return
        }
        guard fields.count >= 5 else { return }
        let strip = fields[2] == "0" ? [] : Array(fields[2].unicodeScalars)
        var addField = fields[3]
        var continuation: [UInt32] = []
        if let slash = addField.firstIndex(of: "/") {
            continuation = parse(flags: addField[addField.index(after: slash)...], resolvingAliases: true)
            addField = addField[..<slash]
        }
        let add = addField == "0" ? [] : Array(addField.unicodeScalars)
        let entry = AffixEntry(
            strip: strip, add: add, condition: AffixCondition(fields[4]), continuation: continuation
        )
        if isPrefix { prefixes[flag]?.entries.append(entry) } else { suffixes[flag]?.entries.append(entry) }
    }

    /// The flags written in `text`, with an `AF` alias number replaced by its flags.
    func parse(flags text: Substring, resolvingAliases: Bool) -> [UInt32] {
        if resolvingAliases, !flagAliases.isEmpty, let index = Int(text), index >= 1, index <= flagAliases.count {
            return flagAliases[index - 1]
        }
        switch flagType {
        case .character:
            return text.unicodeScalars.map(\.value)
        case .long:
            var flags: [UInt32] = []
            var pending: UInt32?
            for scalar in text.unicodeScalars {
                if let first = pending {
                    flags.append(first << 16 | scalar.value)
                    pending = nil
                } else {
                    pending = scalar.value
                }
            }
            if let pending { flags.append(pending << 16) }
            return flags
        case .number:
            return text.split(separator: ",").compactMap { UInt32($0) }
        }
    }
}

/// The condition of an affix entry: a short pattern of letters and `[...]` classes that the
/// stem's end (suffixes) or start (prefixes) must match.
struct AffixCondition {
    private enum Unit {
        case any
        case letter(Unicode.Scalar)
        case oneOf(Set<Unicode.Scalar>)
        case noneOf(Set<Unicode.Scalar>)

        func matches(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .any: return true
            case .letter(let letter): return letter == scalar
            case .oneOf(let set): return set.contains(scalar)
            case .noneOf(let set): return !set.contains(scalar)
            }
        }
    }

    private var units: [Unit] = []

    init(_ text: Substring) {
        guard text != "." else { return }
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if scalar == "." {
                units.append(.any)
            } else if scalar == "[" {
                var set = Set<Unicode.Scalar>()
                var negated = false
                var first = true
                while let inner = scalars.next(), inner != "]" {
                    if first, inner == "^" { negated = true } else { set.insert(inner) }
                    first = false
                }
                units.append(negated ? .noneOf(set) : .oneOf(set))
            } else {
                units.append(.letter(scalar))
            }
        }
    }

    /// Whether the end of `stem` matches (for a suffix).
    func matchesEnd(of stem: [Unicode.Scalar]) -> Bool {
        guard units.count <= stem.count else { return false }
        let start = stem.count - units.count
        for (offset, unit) in units.enumerated() where !unit.matches(stem[start + offset]) {
            return false
        }
        return true
    }

    /// Whether the start of `stem` matches (for a prefix).
    func matchesStart(of stem: [Unicode.Scalar]) -> Bool {
        guard units.count <= stem.count else { return false }
        for (offset, unit) in units.enumerated() where !unit.matches(stem[offset]) {
            return false
        }
        return true
    }
}
