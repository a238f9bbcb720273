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
}
