import Foundation

/// Lists the word forms a Hunspell dictionary spells out: each `.dic` stem with its prefixes,
/// suffixes, their cross products and one level of twofold suffixes.
///
/// What is left out on purpose:
/// - stems marked `FORBIDDENWORD`, `NOSUGGEST` or `ONLYINCOMPOUND`, and forms whose affix carries
///   `NEEDAFFIX` or `ONLYINCOMPOUND` (they are not words on their own);
/// - prefixes with an apostrophe, which join an elided word (French `l'`, `qu'`, `jusqu'`; Italian
///   `l'`, `dell'`, and `l'A` for `l'` before a capital `A`): they multiply the French list
///   thirtyfold, and with them Italian's index took 397 s to build (53 s without); the
///   suggester handles elision by suggesting for the part after the apostrophe;
/// - compounds (German), which only `Hunspell_spell` can judge: the suggester checks edits of the
///   whole word with it instead.
///
/// The result is not trusted: the index confirms every form with `Hunspell_spell`.
enum DictionaryWordForms {
    /// Calls `body` with every form of every stem, in file order; a form may come more than once.
    ///
    /// - Parameters:
    ///   - shard: with `shards`, only the stems of every `shards`-th line from the `shard`-th, so
    ///     that threads can share a dictionary's expansion.
    ///   - progress: the share of the shard's lines read, now and then.
    static func forEachForm(
        affixPath: String, dictionaryPath: String, shard: Int = 0, of shards: Int = 1,
        progress: (Double) -> Void = { _ in }, _ body: (String) -> Void
    ) throws {
        let affixes = try AffixFile(path: affixPath)
        let data = try Data(contentsOf: URL(fileURLWithPath: dictionaryPath))
        let text = affixes.encoding.decode(data) ?? String(decoding: data, as: UTF8.self)
        let lines = text.split(whereSeparator: \.isNewline)
        // Line 0 is the approximate word count.
        for (number, line) in lines.enumerated().dropFirst() where number % shards == shard {
            if number % 8192 < shards { progress(Double(number) / Double(lines.count)) }
            // Lines starting with a tab are comments in .dic files (de_DE has a header of them).
            guard let first = line.first, first != "\t", first != "#" else { continue }
            let entry = line.prefix { $0 != "\t" && $0 != " " }
            let (stem, flagText) = split(entry: entry)
            let flags = flagText.map { affixes.parse(flags: $0, resolvingAliases: true) } ?? []
            expand(stem: Array(stem.unicodeScalars), flags: flags, affixes: affixes, body)
        }
    }

    /// Calls `body` with every form the dictionary allows only as the first or a middle part of a
    /// compound (German `Gersten/hij`: `NEEDAFFIX`, and a suffix adding nothing but the
    /// `COMPOUNDBEGIN` flag): no words alone, but what compounds such as `Gerstenvergeber` are
    /// read with. Only suffixes of one level; prefixed forms (`-Gersten`) are left out.
    static func forEachCompoundHead(affixPath: String, dictionaryPath: String, _ body: (String) -> Void) throws {
        let affixes = try AffixFile(path: affixPath)
        let partFlags = [affixes.compoundBeginFlag, affixes.compoundMiddleFlag].compactMap { $0 }
        guard !partFlags.isEmpty else { return }
        let notAlone = [affixes.needAffixFlag, affixes.onlyInCompoundFlag].compactMap { $0 }
        let excluded = [affixes.forbiddenWordFlag, affixes.noSuggestFlag].compactMap { $0 }
        let data = try Data(contentsOf: URL(fileURLWithPath: dictionaryPath))
        let text = affixes.encoding.decode(data) ?? String(decoding: data, as: UTF8.self)
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            guard let first = line.first, first != "\t", first != "#" else { continue }
            let (stem, flagText) = split(entry: line.prefix { $0 != "\t" && $0 != " " })
            guard let flagText else { continue }
            let flags = affixes.parse(flags: flagText, resolvingAliases: true)
            if flags.contains(where: excluded.contains) { continue }
            let scalars = Array(stem.unicodeScalars)
            if flags.contains(where: partFlags.contains), flags.contains(where: notAlone.contains) {
                emit(scalars, body)
            }
            for flag in flags {
                guard let suffixClass = affixes.suffixes[flag] else { continue }
                for entry in suffixClass.entries
                where entry.continuation.contains(where: partFlags.contains) && applies(suffix: entry, to: scalars)
                    && (entry.continuation.contains(where: notAlone.contains) || flags.contains(where: notAlone.contains)) {
                    emit(Array(scalars.dropLast(entry.strip.count)) + entry.add, body)
                }
            }
        }
    }

    /// Splits `word/flags` at the first slash that is not escaped as `\/`.
    private static func split(entry: Substring) -> (String, Substring?) {
        var previous: Character?
        for index in entry.indices {
            if entry[index] == "/", previous != "\\" {
                let stem = entry[..<index].replacingOccurrences(of: "\\/", with: "/")
                return (stem, entry[entry.index(after: index)...])
            }
            previous = entry[index]
        }
        return (entry.replacingOccurrences(of: "\\/", with: "/"), nil)
    }

    private static func expand(
        stem: [Unicode.Scalar], flags: [UInt32], affixes: AffixFile, _ body: (String) -> Void
    ) {
        let excluded = [affixes.forbiddenWordFlag, affixes.noSuggestFlag, affixes.onlyInCompoundFlag]
        if flags.contains(where: { excluded.contains($0) }) { return }
        let notAlone = [affixes.needAffixFlag, affixes.onlyInCompoundFlag]
        if !flags.contains(where: { $0 == affixes.needAffixFlag }) { emit(stem, body) }

        var crossSuffixed: [[Unicode.Scalar]] = []
        for flag in flags {
            guard let suffixClass = affixes.suffixes[flag] else { continue }
            for entry in suffixClass.entries where applies(suffix: entry, to: stem) {
                let form = Array(stem.dropLast(entry.strip.count)) + entry.add
                if !entry.continuation.contains(where: { notAlone.contains($0) }) { emit(form, body) }
                if suffixClass.crossProduct { crossSuffixed.append(form) }
                // Twofold suffixes: the affixed form takes a second suffix from its continuation.
                for secondFlag in entry.continuation {
                    guard let secondClass = affixes.suffixes[secondFlag] else { continue }
                    for second in secondClass.entries where applies(suffix: second, to: form) {
                        if second.continuation.contains(where: { notAlone.contains($0) }) { continue }
                        emit(Array(form.dropLast(second.strip.count)) + second.add, body)
                    }
                }
            }
        }
        for flag in flags {
            guard let prefixClass = affixes.prefixes[flag] else { continue }
            for entry in prefixClass.entries {
                // An elided word (`l'`, `qu'`, and Italian's `l'A` for `l'` before `a` in capitals).
                if entry.add.contains(where: { $0 == "'" || $0 == "\u{2019}" }) { continue }
                let alone = !entry.continuation.contains(where: { notAlone.contains($0) })
                if alone, applies(prefix: entry, to: stem) {
                    emit(entry.add + stem.dropFirst(entry.strip.count), body)
                }
                guard prefixClass.crossProduct else { continue }
                for form in crossSuffixed where applies(prefix: entry, to: form) {
                    emit(entry.add + form.dropFirst(entry.strip.count), body)
                }
            }
        }
    }

    private static func applies(suffix entry: AffixFile.AffixEntry, to stem: [Unicode.Scalar]) -> Bool {
        stem.count > entry.strip.count && stem.suffix(entry.strip.count).elementsEqual(entry.strip)
            && entry.condition.matchesEnd(of: stem)
    }

    private static func applies(prefix entry: AffixFile.AffixEntry, to stem: [Unicode.Scalar]) -> Bool {
        stem.count > entry.strip.count && stem.prefix(entry.strip.count).elementsEqual(entry.strip)
            && entry.condition.matchesStart(of: stem)
    }

    /// Passes on forms made of letters, apostrophes and hyphens only (no digits, dots, spaces).
    private static func emit(_ form: [Unicode.Scalar], _ body: (String) -> Void) {
        // ASCII first: Unicode's property lookup was a tenth of an Italian build (3.3 million forms).
        guard !form.isEmpty, form.allSatisfy({
            $0.isASCII ? (("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "'" || $0 == "-") : $0.properties.isAlphabetic
        }) else {
            return
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: form)
        body(String(text))
    }
}
