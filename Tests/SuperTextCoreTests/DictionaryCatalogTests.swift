import Foundation
import Testing
@testable import SuperTextCore

@Suite("Dictionary catalog")
struct DictionaryCatalogTests {
    @Test func linksToTheSameDictionaryAreOneLanguage() throws {
        let catalog = DictionaryCatalog(searchPath: ["/usr/share/hunspell"])
        let codes = catalog.languages.map(\.code)
        #expect(codes.contains("es-ES"))
        #expect(!codes.contains("es-AR"))
        #expect(try catalog.resolve("es-AR").code == "es-ES")
        #expect(try catalog.resolve("fr_FR").code == "fr")
        #expect(try catalog.resolve("de").code == "de-DE")
        #expect(try catalog.resolve("en").code == "en-US")
    }

    @Test func detectionChoosesAmongThePreferredLanguagesAndVariants() throws {
        let catalog = DictionaryCatalog(searchPath: ["/usr/share/hunspell"])
        // Nothing preferred: every language (the empty list).
        #expect(catalog.detectionCandidates().isEmpty)
        // Bare codes are their default variants, in the order given; unknown codes are left out.
        #expect(catalog.detectionCandidates(languages: ["en", "fr", "xx", "de"]) == ["en-US", "fr", "de-DE"])
        // A preferred variant stands for its language; a language not preferred stays out.
        #expect(catalog.detectionCandidates(languages: ["en", "de"], variants: ["en-GB", "es-MX"]) == ["en-GB", "de-DE"])
        // Variants alone: every installed language, English first, one variant for English.
        let all = catalog.detectionCandidates(variants: ["en-GB"])
        #expect(all.first == "en-GB")
        #expect(!all.contains("en-US"))
        #expect(all.contains("fr") && all.contains("de-DE"))
    }

    @Test func aBrokenDictionaryIsReportedByFileNameAndOthersStillWork() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("st-dicts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A broken one: not a dictionary at all.
        try "garbage\n".write(to: directory.appendingPathComponent("xx_XX.dic"), atomically: true, encoding: .utf8)
        try "SET UTF-8\n".write(to: directory.appendingPathComponent("xx_XX.aff"), atomically: true, encoding: .utf8)
        // One without its affix file.
        try "1\nfoo\n".write(to: directory.appendingPathComponent("yy_YY.dic"), atomically: true, encoding: .utf8)
        // A good one of our own.
        try "2\nzorblax\nquimbly\n".write(to: directory.appendingPathComponent("zz_ZZ.dic"), atomically: true, encoding: .utf8)
        try "SET UTF-8\n".write(to: directory.appendingPathComponent("zz_ZZ.aff"), atomically: true, encoding: .utf8)

        let catalog = DictionaryCatalog(searchPath: [directory.path, "/usr/share/hunspell"])
        #expect(catalog.failures.map(\.file).sorted() == ["xx_XX.dic", "yy_YY.aff"])
        #expect(catalog.languages.contains { $0.code == "zz-ZZ" })
        let proofreader = Proofreader(catalog: catalog)
        #expect(try proofreader.isCorrect("zorblax", language: "zz-ZZ"))
        #expect(try !proofreader.isCorrect("zorblux", language: "zz-ZZ"))
        #expect(try proofreader.isCorrect("house", language: "en"))
    }

    @Test func theFirstDirectoryWinsForACode() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("st-dicts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "1\nsupertextish\n".write(to: directory.appendingPathComponent("en_US.dic"), atomically: true, encoding: .utf8)
        try "SET UTF-8\n".write(to: directory.appendingPathComponent("en_US.aff"), atomically: true, encoding: .utf8)
        let catalog = DictionaryCatalog(searchPath: [directory.path, "/usr/share/hunspell"])
        #expect(try catalog.resolve("en-US").dictionaryPath == directory.path + "/en_US.dic")
    }

    @Test func filesThatShipWithTheExecutableAreFoundAboveIt() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("supertext-installed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let binary = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/release")
        try FileManager.default.createDirectory(at: binary, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Dictionaries/frequencies"), withIntermediateDirectories: true)
        let executable = binary.appendingPathComponent("supertext").path
        FileManager.default.createFile(atPath: executable, contents: Data())
        let found = try #require(InstalledFiles.directory(named: "Dictionaries", besideExecutable: executable))
        #expect(URL(fileURLWithPath: found).resolvingSymlinksInPath() == root.appendingPathComponent("Dictionaries").resolvingSymlinksInPath())
        #expect(InstalledFiles.directory(named: "public", besideExecutable: executable) == nil)
        // A symbolic link to the executable (an installation in /usr/local/bin) is followed.
        let link = root.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: executable)
        #expect(InstalledFiles.directory(named: "Dictionaries", besideExecutable: link.path) != nil)

        // After the working directory's, before the system's; not twice when they are the same.
        let elsewhere = DictionaryCatalog.defaultSearchPath(environment: ["SUPERTEXT_DICTIONARY_PATH": "/custom"], currentDirectory: "/tmp", shipped: found)
        #expect(elsewhere == ["/custom", "/tmp/Dictionaries", found, "/usr/share/hunspell"])
        let inside = DictionaryCatalog.defaultSearchPath(environment: [:], currentDirectory: root.path, shipped: found)
        #expect(inside == [root.path + "/Dictionaries", "/usr/share/hunspell"])
    }

    @Test func theShippedFrequencyListsAreFound() throws {
        let catalog = DictionaryCatalog()
        let english = try catalog.resolve("en-US")
        #expect(catalog.frequencyListPath(for: english)?.hasSuffix("/frequencies/en.tsv") == true)
    }

    @Test("A dictionary in a single-byte set (Greek's ISO8859-7) is read, checked and suggested from in it")
    func aDictionaryInAnotherEncodingIsRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("st-dicts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // λάθος, νερό, σπίτι in ISO8859-7, as Debian's el_GR.dic is written.
        let words: [[UInt8]] = [[0xEB, 0xDC, 0xE8, 0xEF, 0xF2], [0xED, 0xE5, 0xF1, 0xFC], [0xF3, 0xF0, 0xDF, 0xF4, 0xE9]]
        var dictionary = Array("3\n".utf8)
        for word in words { dictionary += word + [0x0A] }
        try Data(dictionary).write(to: directory.appendingPathComponent("el_GR.dic"))
        try "SET ISO8859-7\nTRY αοεινστ\n".data(using: .utf8)!.write(to: directory.appendingPathComponent("el_GR.aff"))
        let catalog = DictionaryCatalog(searchPath: [directory.path])
        #expect(catalog.failures.isEmpty)
        let proofreader = Proofreader(catalog: catalog)
        #expect(try proofreader.isCorrect("λάθος", language: "el-GR"))
        #expect(try proofreader.isCorrect("σπίτι", language: "el-GR"))
        #expect(try !proofreader.isCorrect("λάθως", language: "el-GR"))
        // A word the set cannot write is no word of the dictionary, and no crash.
        #expect(try !proofreader.isCorrect("λάθος€", language: "el-GR"))
        #expect(try proofreader.suggestions(for: "λάθως", language: "el-GR").first == "λάθος")
    }

    @Test("Dictionaries that cannot be used are named with why: an encoding the system lacks, bytes not in the declared encoding, a file cut short")
    func unusableDictionariesAreNamedWithWhy() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("st-dicts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ name: String, affix: String, dictionary: [UInt8]) throws {
            try Data(affix.utf8).write(to: directory.appendingPathComponent(name + ".aff"))
            try Data(dictionary).write(to: directory.appendingPathComponent(name + ".dic"))
        }
        try write("aa_AA", affix: "SET ISCII-DEVANAGARI\n", dictionary: Array("1\nword\n".utf8))
        // Latin-1 "café" in a dictionary that says it is UTF-8.
        try write("bb_BB", affix: "SET UTF-8\n", dictionary: Array("2\nword\ncaf".utf8) + [0xE9, 0x0A])
        try write("cc_CC", affix: "SET UTF-8\n", dictionary: Array("5000\nword\nother\n".utf8))
        try write("dd_DD", affix: "SET UTF-8\n", dictionary: Array("2\nword\nother\n".utf8))
        let catalog = DictionaryCatalog(searchPath: [directory.path])
        let reasons = Dictionary(uniqueKeysWithValues: catalog.failures.map { ($0.file, $0.reason) })
        #expect(reasons["aa_AA.aff"] == "its encoding ISCII-DEVANAGARI cannot be read on this system")
        #expect(reasons["bb_BB.dic"] == "not UTF-8 text as bb_BB.aff says (byte 10)")
        #expect(reasons["cc_CC.dic"] == "truncated: its first line announces 5000 words, it holds 3 lines")
        #expect(catalog.failures.count == 3)
        #expect(catalog.languages.map(\.code) == ["dd-DD"])
    }
}
