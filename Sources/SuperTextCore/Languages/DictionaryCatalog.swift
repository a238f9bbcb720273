import Foundation

/// A dictionary file pair that could not be used, reported by file name.
public struct DictionaryFailure: Sendable, Equatable {
    /// The file at fault.
    public var file: String
    /// Why it could not be used.
    public var reason: String
}

/// The Hunspell dictionaries installed on this machine.
///
/// Dictionaries are found in the directories of `SUPERTEXT_DICTIONARY_PATH` (colon-separated),
/// then `Dictionaries/` in the working directory, then the `Dictionaries/` that ships with the
/// executable (`InstalledFiles`), then `/usr/share/hunspell`; the first directory that has a
/// code wins. The word frequency lists that rank suggestions are looked for in the same order. Files that are symbolic links to the same dictionary (Debian's `es_AR`
/// → `es_ES`) are one language with aliases, loaded once.
public struct DictionaryCatalog: Sendable {
    /// Installed languages, sorted by code.
    public let languages: [InstalledLanguage]
    /// Dictionaries that were found but cannot be used.
    public let failures: [DictionaryFailure]
    /// The directories searched, in order.
    public let searchPath: [String]

    /// Languages by every code and alias that names them.
    private let byCode: [String: InstalledLanguage]

    /// The directories to search, from the environment.
    ///
    /// Without the shipped directory, a binary started from another directory would check
    /// spelling with the system's dictionaries but rank suggestions without word frequencies.
    public static func defaultSearchPath(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath,
        shipped: String? = InstalledFiles.directory(named: "Dictionaries")
    ) -> [String] {
        var directories: [String] = []
        if let custom = environment["SUPERTEXT_DICTIONARY_PATH"] {
            directories += custom.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        let local = currentDirectory + "/Dictionaries"
        directories.append(local)
        if let shipped, URL(fileURLWithPath: shipped).resolvingSymlinksInPath().path != URL(fileURLWithPath: local).resolvingSymlinksInPath().path {
            directories.append(shipped)
        }
        directories.append("/usr/share/hunspell")
        return directories
    }

    /// Finds the dictionaries in `searchPath`.
    public init(searchPath: [String] = DictionaryCatalog.defaultSearchPath()) {
        self.searchPath = searchPath
        let fileManager = FileManager.default
        var seenCodes = Set<String>()
        // Groups keyed by the real path of the .dic file.
        var groups: [String: [(code: String, affix: String, dictionary: String, isLink: Bool)]] = [:]
        var groupOrder: [String] = []
        var failures: [DictionaryFailure] = []
        // Debian links regional names to one file (`es_AR.dic` → `es_ES.dic`): each file is read once.
        var verdicts: [String: Bool] = [:]

        for directory in searchPath {
            guard let names = try? fileManager.contentsOfDirectory(atPath: directory) else { continue }
            for name in names.sorted() where name.hasSuffix(".dic") {
                let stem = String(name.dropLast(4))
                let code = LanguageCode.normalized(stem)
                guard Self.looksLikeLanguageCode(code), !seenCodes.contains(code) else { continue }
                let dictionaryPath = directory + "/" + name
                let affixPath = directory + "/" + stem + ".aff"
                seenCodes.insert(code)
                let realDictionary = Self.realPath(dictionaryPath)
                let pairKey = realDictionary + "\n" + Self.realPath(affixPath)
                if let usable = verdicts[pairKey] {
                    if !usable { continue }
                } else if let problem = Self.problem(affixPath: affixPath, dictionaryPath: dictionaryPath) {
                    failures.append(problem)
                    verdicts[pairKey] = false
                    continue
                } else {
                    verdicts[pairKey] = true
                }
                let isLink = (try? fileManager.destinationOfSymbolicLink(atPath: dictionaryPath)) != nil
                if groups[realDictionary] == nil { groupOrder.append(realDictionary) }
                groups[realDictionary, default: []].append((code, affixPath, dictionaryPath, isLink))
            }
        }

        var languages: [InstalledLanguage] = []
        for key in groupOrder {
            let members = groups[key]!
            // The canonical member is the file itself rather than a link to it.
            let canonical = members.first(where: { !$0.isLink }) ?? members[0]
            languages.append(
                InstalledLanguage(
                    code: canonical.code,
                    name: LanguageNames.displayName(for: canonical.code),
                    aliases: members.map(\.code).filter { $0 != canonical.code }.sorted(),
                    affixPath: canonical.affix,
                    dictionaryPath: canonical.dictionary
                )
            )
        }
        languages.sort { $0.code < $1.code }
        self.languages = languages
        self.failures = failures
        var byCode: [String: InstalledLanguage] = [:]
        for language in languages {
            byCode[language.code] = language
            for alias in language.aliases { byCode[alias] = language }
        }
        self.byCode = byCode
    }

    /// The word frequency list that ranks the suggestions of `language`, or `nil` when none is
    /// found in `searchPath` (suggestions are then ranked without frequencies, and worse).
    public func frequencyListPath(for language: InstalledLanguage) -> String? {
        WordFrequencies.path(for: language, in: searchPath)
    }

    /// What to tell the user when no installed language has a word frequency list (the binary
    /// started away from the `Dictionaries/` it ships with), or `nil`.
    public var missingFrequencyListsWarning: String? {
        guard !languages.isEmpty, languages.allSatisfy({ frequencyListPath(for: $0) == nil }) else { return nil }
        return "no word frequency lists in \(searchPath.joined(separator: ", ")): "
            + "suggestions are ranked without them (set SUPERTEXT_DICTIONARY_PATH to SuperText's Dictionaries directory)"
    }

    /// Only the given languages (by code), for callers that load a subset.
    public func restricted(to codes: [String]) throws -> [InstalledLanguage] {
        try codes.map { try resolve($0) }
    }

    /// The languages `auto` chooses among, in preference order, given preferred languages (`en`,
    /// `fr`: each its default variant; none: every installed language, English and each
    /// language's default variant first) and preferred variants (`en-GB,de-AT`: for a language
    /// with one, only that variant). A variant that is not installed stands for the installed
    /// default of its language (`de-AT` → `de-DE`); a code of no installed language is ignored.
    /// Neither given: an empty list, which means every language.
    public func detectionCandidates(languages codes: [String] = [], variants: [String] = []) -> [String] {
        guard !codes.isEmpty || !variants.isEmpty else { return [] }
        var preferred: [String: InstalledLanguage] = [:]
        for variant in variants {
            let primary = String(variant.prefix { $0 != "-" && $0 != "_" }).lowercased()
            guard let language = (try? resolve(variant)) ?? (try? resolve(primary)) else { continue }
            if preferred[language.primaryLanguage] == nil { preferred[language.primaryLanguage] = language }
        }
        let base: [InstalledLanguage]
        if codes.isEmpty {
            // Detection breaks ties in list order: English first, then each language's default variant.
            func rank(_ language: InstalledLanguage) -> (Int, Int, String) {
                let isDefault = (try? resolve(language.primaryLanguage))?.code == language.code
                return (language.primaryLanguage == "en" ? 0 : 1, isDefault ? 0 : 1, language.code)
            }
            base = languages.sorted { rank($0) < rank($1) }
        } else {
            base = codes.compactMap { try? resolve($0) }
        }
        var seen = Set<String>()
        return base.map { preferred[$0.primaryLanguage] ?? $0 }.map(\.code).filter { seen.insert($0).inserted }
    }

    /// The installed language a code names: `en-US`, `en_US`, or `en` (its default variant).
    /// - Throws: `SuperTextError.unknownLanguage` listing what is installed.
    public func resolve(_ raw: String) throws -> InstalledLanguage {
        let code = LanguageCode.normalized(raw)
        if let language = byCode[code] { return language }
        let primary = String(code.prefix { $0 != "-" })
        if !code.contains("-") {
            if let region = LanguageCode.defaultRegions[primary],
               let language = byCode["\(primary)-\(region)"] {
                return language
            }
            if let language = byCode["\(primary)-\(primary.uppercased())"] { return language }
            if let language = languages.first(where: { $0.primaryLanguage == primary }) {
                return language
            }
        }
        throw SuperTextError.unknownLanguage(raw, installed: languages.map(\.code))
    }

    /// The path with every symbolic link resolved.
    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func looksLikeLanguageCode(_ code: String) -> Bool {
        let primary = code.prefix { $0 != "-" }
        return (2...3).contains(primary.count) && primary.allSatisfy { $0.isLetter && $0.isASCII }
    }

    /// Why a pair of files cannot be loaded, or `nil` when it looks usable: both readable, an
    /// encoding that can be read, a `.dic` that starts with its word count, is in its encoding
    /// throughout, and holds at least half the lines it announces (a file cut short in a copy).
    /// Reading the whole `.dic` costs a few milliseconds (10 MB for Greek, the largest in Debian).
    static func problem(affixPath: String, dictionaryPath: String) -> DictionaryFailure? {
        let dictionaryName = (dictionaryPath as NSString).lastPathComponent
        let affixName = (affixPath as NSString).lastPathComponent
        guard let affix = FileManager.default.contents(atPath: affixPath) else {
            return DictionaryFailure(file: affixName, reason: "missing or unreadable affix file beside \(dictionaryName)")
        }
        let encodingName = DictionaryEncoding.declaredName(inAffix: affix)
        guard let encoding = DictionaryEncoding(named: encodingName) else {
            return DictionaryFailure(file: affixName, reason: "its encoding \(encodingName) cannot be read on this system")
        }
        if let offset = encoding.firstUnreadableByteOffset(in: affix) {
            return DictionaryFailure(file: affixName, reason: "not \(encoding.name) text as its SET line says (byte \(offset))")
        }
        guard let dictionary = try? Data(contentsOf: URL(fileURLWithPath: dictionaryPath), options: .alwaysMapped) else {
            return DictionaryFailure(file: dictionaryName, reason: "unreadable")
        }
        let firstLine = dictionary.prefix(64).prefix { $0 != 0x0A && $0 != 0x0D }
        // A .dic file starts with its approximate word count (after an optional byte-order mark).
        let countText = String(decoding: firstLine, as: UTF8.self)
            .trimmingCharacters(in: CharacterSet(charactersIn: "\u{FEFF}").union(.whitespaces))
        guard let announced = Int(countText.prefix { $0.isASCII && $0.isNumber }) else {
            return DictionaryFailure(
                file: dictionaryName,
                reason: "not a Hunspell dictionary (no word count on its first line)"
            )
        }
        if let offset = encoding.firstUnreadableByteOffset(in: dictionary) {
            return DictionaryFailure(file: dictionaryName, reason: "not \(encoding.name) text as \(affixName) says (byte \(offset))")
        }
        let lines = dictionary.withUnsafeBytes { bytes in bytes.reduce(into: 0) { count, byte in if byte == 0x0A { count += 1 } } }
        if lines < announced / 2 {
            return DictionaryFailure(file: dictionaryName, reason: "truncated: its first line announces \(announced) words, it holds \(lines) lines")
        }
        return nil
    }
}
