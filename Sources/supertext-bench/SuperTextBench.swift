import Foundation
import SuperTextCore

/// `supertext-bench`: measures the tokenizer and the spelling check, against `hunspell -l`.
///
/// Run by `make bench` through `scripts/bench.sh`, which builds the corpora:
///
/// ```
/// supertext-bench speed CORPUS [--runs N] [--language en-US] [--checks-only] [--by-rule [--top N]] [--repeat N]
/// supertext-bench markdown DIRECTORY [--top N] [--language en-US] [--flagged-list FILE]
/// supertext-bench store [--runs SAVES] [--callers N] [--body clean|typos]
/// supertext-bench fuzz [--seconds N] [--seed S] [--size BYTES]
/// supertext-bench keys
/// ```
///
/// `speed` times the tokenizer and tokenize + spell-check (suggestions off) on one file of prose,
/// and `hunspell -l` on the same file. `markdown` gives the share of words flagged in every
/// `.md` file of a directory by the Markdown check and by `hunspell -l`. `store` times the history
/// store alone: saves of real check results by 1, 2 and 32 concurrent callers. `fuzz` runs
/// hostile texts through the check and times adversarial ones at growing sizes (`make fuzz`).
/// `keys` times the lookup of a request's API key (`make bench-http`).
@main
enum SuperTextBench {
    static let usage = """
        usage: supertext-bench speed CORPUS [--runs N] [--language CODE] [--checks-only] [--by-rule [--top N]] [--repeat N]
               supertext-bench markdown DIRECTORY [--top N] [--language CODE] [--flagged-list FILE]
               supertext-bench store [--runs SAVES] [--callers N] [--body clean|typos]
               supertext-bench grammar EVAL_GRAMMAR_DIRECTORY [--language en] [--flagged-list FILE]
               supertext-bench fuzz [--seconds N] [--seed S] [--size BYTES]
               supertext-bench keys
        """

    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        do {
            guard let mode = arguments.first else { throw BenchFailure(usage) }
            arguments.removeFirst()
            if mode == "keys" {
                KeyLookupBenchmark().run()
                return
            }
            if mode == "fuzz" {
                try FuzzBenchmark(arguments: arguments).run()
                return
            }
            if mode == "store" {
                arguments.insert("scripts", at: 0)  // where its paragraphs are
            }
            var options = try BenchOptions(parsing: arguments)
            switch mode {
            case "speed":
                options.runs = options.runs ?? 10
                try SpeedBenchmark(options: options).run()
            case "markdown":
                try MarkdownFlagRate(options: options).run()
            case "store":
                try await StoreBenchmark(options: options).run()
            case "grammar":
                try GrammarBenchmark(options: options).run()
            default:
                throw BenchFailure(usage)
            }
        } catch {
            FileHandle.standardError.write(Data("supertext-bench: \(error)\n".utf8))
            exit(2)
        }
    }
}

/// The options of both modes, from the command line.
struct BenchOptions {
    /// The corpus file (`speed`) or the directory of Markdown files (`markdown`).
    var path: String
    /// Timed runs; the best is reported.
    var runs: Int?
    /// How many of the most frequently flagged words to list.
    var top = 0
    /// The language both checkers use.
    var language = "en-US"
    /// Where to write every flagged word with its line, to see what is flagged (`markdown`).
    var flaggedListPath: String?
    /// Only this many concurrent callers (`store`; default 1, 2 and 32).
    var callers: Int?
    /// Only this body (`store`: `clean` or `typos`; default both).
    var body: String?
    /// Only the two timed checks, spelling and every default rule (`speed`): no tokenizer alone,
    /// no JSON, no `hunspell -l`.
    var checksOnly = false
    /// Also time each rule apart in one more check (`speed`), the slowest `top` printed.
    var byRule = false
    /// Also check the text this many times with one proofreader kept (`speed`), as the service
    /// does a request after another: spelling alone against every default rule, per check.
    var repeats: Int?

    init(parsing arguments: [String]) throws {
        var path: String?
        var index = 0
        func value() throws -> String {
            index += 1
            guard index < arguments.count else { throw BenchFailure("\(arguments[index - 1]) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            switch arguments[index] {
            case "--runs": runs = max(1, Int(try value()) ?? 1)
            case "--top": top = max(0, Int(try value()) ?? 0)
            case "--language": language = try value()
            case "--flagged-list": flaggedListPath = try value()
            case "--callers": callers = max(1, Int(try value()) ?? 1)
            case "--body": body = try value()
            case "--checks-only": checksOnly = true
            case "--by-rule": byRule = true
            case "--repeat": repeats = max(1, Int(try value()) ?? 1)
            case let argument where !argument.hasPrefix("-") && path == nil: path = argument
            case let argument: throw BenchFailure("unknown argument \(argument)\n\(SuperTextBench.usage)")
            }
            index += 1
        }
        guard let path else { throw BenchFailure(SuperTextBench.usage) }
        self.path = path
    }
}

/// A failure that ends the benchmark with a message.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
