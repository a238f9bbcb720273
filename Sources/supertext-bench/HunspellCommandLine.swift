import Foundation
import SuperTextCore

/// Runs Debian's `hunspell -l` (list misspelled words) on files, with the same dictionary files
/// SuperText loads, and times it.
struct HunspellCommandLine {
    /// The dictionary, as `hunspell -d` wants it: the `.dic` path without its extension.
    let dictionary: String

    init(language: InstalledLanguage) {
        dictionary = String(language.dictionaryPath.dropLast(".dic".count))
    }

    /// What one run printed, and how long it took.
    struct Run {
        /// The words Hunspell rejected, one per occurrence, in order.
        var flaggedWords: [Substring]
        /// How many words Hunspell rejected in each file (when it read several).
        var flaggedPerFile: [String: Int]
        /// Wall time of the whole process, dictionary loading included.
        var seconds: Double
    }

    /// Whether `hunspell` is on the `PATH`.
    static var isInstalled: Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/hunspell")
        }
    }

    /// `hunspell -d DICTIONARY -i UTF-8 -l FILES...`.
    func listMisspelled(in files: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["hunspell", "-d", dictionary, "-i", "UTF-8", "-l"] + files
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        // Read before waiting: the list can be larger than a pipe's buffer.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = (ContinuousClock.now - start).seconds
        guard process.terminationStatus == 0 else {
            throw BenchFailure("hunspell exited with status \(process.terminationStatus)")
        }
        let text = String(decoding: data, as: UTF8.self)
        var words = text.split(separator: "\n")
        var perFile: [String: Int] = [:]
        if files.count > 1 {
            // With several files each line is `FILE: word`.
            words = words.map { line in
                guard let separator = line.range(of: ": ") else { return line }
                perFile[String(line[..<separator.lowerBound]), default: 0] += 1
                return line[separator.upperBound...]
            }
        }
        return Run(flaggedWords: words, flaggedPerFile: perFile, seconds: seconds)
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
