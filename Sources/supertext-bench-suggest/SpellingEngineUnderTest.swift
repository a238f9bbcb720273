import Foundation
import SuperTextCore

/// A spell checker the benchmark measures: does it flag a word, and what does it suggest.
protocol SpellingEngineUnderTest: AnyObject {
    /// Short name for the table.
    var name: String { get }
    /// Prepares a language (loads dictionaries, builds indexes) so that set-up is not timed.
    func prepare(language: String) throws
    /// Whether the word is flagged, and if so its suggestions, best first.
    func check(_ word: String, language: String) throws -> (flagged: Bool, suggestions: [String])
    /// CPU time spent so far by the engine, in milliseconds: robust when the machine is busy,
    /// unlike wall time.
    func cpuMilliseconds() -> Double
}

extension SpellingEngineUnderTest {
    /// The calling thread's CPU time, for engines that run in it.
    func cpuMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
}

/// A SuperText proofreader with a given suggestion source: its own index, or libhunspell's
/// `suggest`. Words are flagged by `Hunspell_spell` in both.
final class ProofreaderEngine: SpellingEngineUnderTest {
    let name: String
    private let proofreader: Proofreader

    init(name: String, catalog: DictionaryCatalog, source: SuggestionSource) {
        self.name = name
        proofreader = Proofreader(catalog: catalog, suggestionSource: source)
    }

    func prepare(language: String) throws {
        _ = try proofreader.suggestions(for: "xqzxqz", language: language)
    }

    func check(_ word: String, language: String) throws -> (flagged: Bool, suggestions: [String]) {
        if try proofreader.isCorrect(word, language: language) { return (false, []) }
        return (true, try proofreader.suggestions(for: word, language: language))
    }
}

/// GNU Aspell through its pipe interface (`aspell -a`), one process per language.
final class AspellEngine: SpellingEngineUnderTest {
    let name = "aspell"
    private var processes: [String: AspellPipe] = [:]

    /// Whether `aspell` is on the PATH.
    static var isInstalled: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/aspell")
        }
    }

    func prepare(language: String) throws {
        if processes[language] == nil { processes[language] = try AspellPipe(language: Self.aspellName(language)) }
        current = processes[language]
    }

    func check(_ word: String, language: String) throws -> (flagged: Bool, suggestions: [String]) {
        try prepare(language: language)
        return try processes[language]!.check(word)
    }

    private var current: AspellPipe?

    /// The CPU time of the aspell process last asked (user and system, from /proc; counted in
    /// clock ticks, so only a mean over many words means anything).
    func cpuMilliseconds() -> Double {
        current?.cpuMilliseconds() ?? 0
    }

    static func aspellName(_ code: String) -> String {
        switch code {
        case "en-US": "en_US"
        case "en-GB": "en_GB"
        case "de-DE": "de_DE"
        case "es-ES": "es"
        default: code
        }
    }
}

/// One `aspell -a` process: a line in, a reply out.
final class AspellPipe {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    init(language: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["aspell", "-a", "--lang=\(language)", "--encoding=utf-8"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        _ = readLine()  // the version banner
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The process's user and system time from /proc/PID/stat, in milliseconds.
    func cpuMilliseconds() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime 14 and stime 15 (1-based, whole line).
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    func check(_ word: String) throws -> (flagged: Bool, suggestions: [String]) {
        // "^" makes aspell read the rest of the line as text, never as a command.
        input.fileHandleForWriting.write(Data(("^" + word + "\n").utf8))
        var flagged = false
        var suggestions: [String] = []
        while let line = readLine(), !line.isEmpty {
            if line.hasPrefix("&") {
                flagged = true
                if let colon = line.range(of: ": ") {
                    suggestions = line[colon.upperBound...].components(separatedBy: ", ")
                }
            } else if line.hasPrefix("#") {
                flagged = true
            }
        }
        return (flagged, suggestions)
    }

    private func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(contentsOf: chunk)
        }
    }
}
