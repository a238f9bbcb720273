import CHunspell
import Foundation

/// One loaded Hunspell dictionary: a libhunspell handle and the encoding of its files.
///
/// libhunspell races inside `spell` and `suggest` on a shared handle, so every call into the
/// handle holds the dictionary's lock: the workers of a process share one dictionary per language
/// (`SharedDictionaries`). One set of handles per worker was the largest part of the service's
/// memory, and a spell call is short, so the lock is rarely waited for (`make bench-http` shows
/// the same throughput with two workers either way).
/// Creation and destruction are serialised process-wide, because Debian's libhunspell 1.7.1
/// also races when two handles are created or destroyed at the same time.
final class HunspellDictionary: @unchecked Sendable {
    private let handle: OpaquePointer
    /// Held by every call into `handle`, and for `buffer` and `answers`.
    private let lock = NSLock()
    /// The dictionary's encoding: words are converted to it before they reach libhunspell.
    let encoding: DictionaryEncoding
    /// Reused buffer for the NUL-terminated word given to libhunspell.
    private var buffer: [CChar] = []
    /// Answers already given, by word. Most words of a text repeat, and a lookup here costs a
    /// tenth of `Hunspell_spell`.
    private var answers = RecentAnswers<String, Bool>(capacity: 1 << 16)

    /// Loads the dictionary from its `.aff` and `.dic` files.
    init(affixPath: String, dictionaryPath: String) {
        handle = HunspellDictionary.lifecycleLock.withLock {
            Hunspell_create(affixPath, dictionaryPath)
        }
        let name = Hunspell_get_dic_encoding(handle).map { String(cString: $0) } ?? "UTF-8"
        // The catalog refuses a dictionary whose encoding cannot be read (`DictionaryCatalog.problem`).
        encoding = DictionaryEncoding(named: name) ?? .utf8
        buffer.reserveCapacity(256)
    }

    deinit {
        HunspellDictionary.lifecycleLock.withLock { Hunspell_destroy(handle) }
    }

    /// Whether the dictionary accepts `word` (a word already in NFC).
    func spell(_ word: String) -> Bool {
        lock.withLock { lockedSpell(word) }
    }

    private func lockedSpell(_ word: String) -> Bool {
        if let known = answers[word] { return known }
        let accepted = withEncoded(word) { Hunspell_spell(handle, $0) != 0 } ?? false
        answers[word] = accepted
        return accepted
    }

    /// Whether the dictionary accepts `word`, without keeping the answer: for words asked once,
    /// such as the millions of forms an index build confirms.
    func confirms(_ word: String) -> Bool {
        lock.withLock { withEncoded(word) { Hunspell_spell(handle, $0) != 0 } ?? false }
    }

    /// Whether the dictionary accepts the UTF-8 bytes of a word (already in NFC). Avoids making a
    /// `String` on the hot path when the dictionary is UTF-8.
    func spell(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let word = String(decoding: bytes, as: UTF8.self)  // no allocation up to 15 bytes
        lock.lock()
        defer { lock.unlock() }
        guard encoding.isUTF8 else { return lockedSpell(word) }
        if let known = answers[word] { return known }
        buffer.removeAll(keepingCapacity: true)
        for byte in bytes { buffer.append(CChar(bitPattern: byte)) }
        buffer.append(0)
        let accepted = Hunspell_spell(handle, buffer) != 0
        answers[word] = accepted
        return accepted
    }

    /// Hunspell's own suggestions for `word`, best first. Slow, and the other workers wait for
    /// this language's dictionary meanwhile: suggestions come from SuperText's own index first,
    /// and this is the fallback for the rare word it finds nothing near.
    func suggest(_ word: String) -> [String] {
        lock.withLock { lockedSuggest(word) }
    }

    private func lockedSuggest(_ word: String) -> [String] {
        withEncoded(word) { cWord -> [String] in
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let count = Hunspell_suggest(handle, &list, cWord)
            defer { Hunspell_free_list(handle, &list, count) }
            guard count > 0, let list else { return [] }
            return (0..<Int(count)).compactMap { index in
                list[index].flatMap { encoding.decode(cString: $0) }
            }
        } ?? []
    }

    /// Adds a word to this handle's run-time dictionary (lost when the handle is destroyed).
    func add(_ word: String) {
        lock.withLock {
            _ = withEncoded(word) { Hunspell_add(handle, $0) }
            answers.removeAll()
        }
    }

    private func withEncoded<T>(_ word: String, _ body: (UnsafePointer<CChar>) -> T) -> T? {
        if encoding.isUTF8 { return word.withCString(body) }
        // A word the dictionary's encoding cannot represent cannot be in the dictionary.
        return encoding.encode(word)?.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    private static let lifecycleLock = NSLock()
}

/// The Hunspell dictionaries of a process's proofreaders, one per language, created on first use
/// and shared by every worker (each call holds the dictionary's lock).
final class SharedDictionaries: @unchecked Sendable {
    private let lock = NSLock()
    private var dictionaries: [String: HunspellDictionary] = [:]

    /// The dictionary of a language, loaded now if no worker has loaded it yet.
    func dictionary(for language: InstalledLanguage) -> HunspellDictionary {
        lock.withLock {
            if let dictionary = dictionaries[language.code] { return dictionary }
            let dictionary = HunspellDictionary(affixPath: language.affixPath, dictionaryPath: language.dictionaryPath)
            dictionaries[language.code] = dictionary
            return dictionary
        }
    }
}
