import Foundation

/// Where suggestion lexicons are cached on disk, and how a cached one is known to be current.
///
/// A lexicon takes seconds to build (every dictionary form is confirmed with `Hunspell_spell`)
/// and a fraction of a second to read back. The file is keyed by a fingerprint of its inputs: the
/// storage version, and the path, size and modification time of the `.aff`, `.dic` and frequency
/// files. Any change rebuilds it. Never committed: it lives in the user's cache directory.
struct SuggestionIndexStore: Sendable {
    /// The cache directory, or `nil` when lexicons are not cached.
    let directory: String?

    /// `$SUPERTEXT_CACHE_DIR` (empty: no cache), else `$XDG_CACHE_HOME/supertext`, else
    /// `~/.cache/supertext`.
    static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let custom = environment["SUPERTEXT_CACHE_DIR"] { return custom.isEmpty ? nil : custom }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/supertext" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/supertext" }
        return nil
    }

    init(directory: String? = SuggestionIndexStore.defaultDirectory()) {
        self.directory = directory
    }

    /// What a lexicon is built from, as one line.
    static func fingerprint(language: InstalledLanguage, frequencyPath: String?) -> String {
        let files = [("aff", language.affixPath), ("dic", language.dictionaryPath), ("freq", frequencyPath)]
        let parts = files.map { name, path -> String in
            guard let path else { return "\(name):none" }
            let attributes = try? FileManager.default.attributesOfItem(atPath: path)
            let size = (attributes?[.size] as? NSNumber)?.int64Value ?? -1
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(name):\(path):\(size):\(Int64(modified * 1000))"
        }
        return (["v\(SuggestionLexicon.storageVersion)", language.code] + parts).joined(separator: "|")
    }

    /// The file of a language's lexicon. Its name holds a hash of the paths it is built from, so
    /// that two installations sharing a cache (two checkouts, a test dictionary with the same
    /// code) keep their own files instead of rebuilding each other's.
    func path(for language: InstalledLanguage, frequencyPath: String?) -> String? {
        let sources = [language.affixPath, language.dictionaryPath, frequencyPath ?? ""].joined(separator: "\u{0}")
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in sources.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        let key = String(hash, radix: 16)
        return directory.map { $0 + "/suggestions-\(language.code)-\(key)-v\(SuggestionLexicon.storageVersion).index" }
    }

    /// The cached lexicon, if there is one built from the same inputs: the file mapped
    /// read-only, shared by every worker and every process that reads it.
    func load(for language: InstalledLanguage, frequencyPath: String?, fingerprint: String) -> SuggestionLexicon? {
        guard let path = path(for: language, frequencyPath: frequencyPath), let file = MappedFile(path: path)
        else { return nil }
        return SuggestionLexicon.deserialize(file, expectedFingerprint: fingerprint)
    }

    /// Writes the file's pages to disk and drops them from the page cache. A file just written
    /// is cached in large folios, and a mapping faults a whole folio in where a search reads a
    /// few bytes: read back from disk, only what searches touch becomes resident (an index
    /// written and mapped at once kept about 50 MB more of the five languages' indexes resident).
    private static func dropFromPageCache(_ path: String) {
        #if canImport(Glibc)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = fdatasync(descriptor)
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
        #endif
    }

    /// Removes the files an older release wrote for the same language and sources (each is as
    /// large as the new one, and no release reads another's format). Newer versions are left:
    /// a newer release may share the cache.
    private func removeOlderVersions(of path: String, in directory: String) {
        let name = (path as NSString).lastPathComponent
        let suffix = "-v\(SuggestionLexicon.storageVersion).index"
        guard name.hasSuffix(suffix) else { return }
        let stem = String(name.dropLast(suffix.count)) + "-v"
        for file in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        where file.hasPrefix(stem) && file.hasSuffix(".index") {
            guard let version = UInt32(file.dropFirst(stem.count).dropLast(".index".count)),
                  version < SuggestionLexicon.storageVersion
            else { continue }
            try? FileManager.default.removeItem(atPath: directory + "/" + file)
        }
    }

    /// Writes a lexicon to the cache, atomically; a cache that cannot be written is skipped.
    func save(_ lexicon: SuggestionLexicon, for language: InstalledLanguage, frequencyPath: String?, fingerprint: String) {
        guard let directory, let path = path(for: language, frequencyPath: frequencyPath) else { return }
        if StorageWriter.writeAtomically(lexicon.serialized(fingerprint: fingerprint), to: path, beforeRename: Self.dropFromPageCache) {
            removeOlderVersions(of: path, in: directory)
        }
    }
}
