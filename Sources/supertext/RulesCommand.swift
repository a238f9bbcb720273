import ArgumentParser
import Foundation
import SuperTextCore

/// `supertext rules test FILE...`: a team's rule files checked as the service reads them, then
/// every example of every rule run through the whole checker; for a team's CI.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules", abstract: "Work with your own rule files (docs/rules.md).",
        subcommands: [Test.self]
    )

    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Read rule files and run their examples.",
            discussion: """
                Each file is named NAME.LANGUAGE.rules (rule blocks) or NAME.LANGUAGE.phrases (a phrase list), \
                as in a directory given to 'supertext serve --rules'. A file that does not read is reported with \
                its line and column; then every 'wrong' example must be corrected by its rule, and every 'right' \
                example left alone. Exit status: 0 when every file reads and every example holds, 1 otherwise, \
                2 for bad usage.
                """
        )

        @Argument(help: "Rule files.")
        var files: [String]

        func run() throws {
            let catalog = DictionaryCatalog()
            let snapshot = UserRules.snapshot(ofFiles: files, reservedIdentifiers: RulesCommand.reservedIdentifiers(catalog: catalog))
            for problem in snapshot.problems { print(problem) }
            let rules = snapshot.rules
            // The file of each rule: the snapshot holds them file after file.
            var owner: [String: String] = [:]
            var next = 0
            for file in snapshot.files {
                for rule in rules[next..<next + file.rules] { owner[rule.id] = file.name }
                next += file.rules
            }
            let proofreader = Proofreader(catalog: catalog)
            proofreader.userRules = snapshot
            let failures: [RuleExampleFailure]
            do {
                failures = try proofreader.failingExamples(of: rules)
            } catch let error as SuperTextError {
                throw CommandLineFailure("supertext: \(error.message)")
            }
            for failure in failures {
                let rule = rules.first { $0.id == failure.rule }
                let file = rule.flatMap { owner[$0.id] } ?? "?"
                print("\(file):\(rule?.sourceLine ?? 0):1: example fails: \(failure)")
            }
            let examples = rules.reduce(0) { $0 + $1.examples.count }
            let ids = Set(rules.map(\.id)).count
            print("\(ids) rules, \(examples) examples: \(examples - failures.count) hold, \(failures.count) fail\(snapshot.problems.isEmpty ? "" : "; some files do not read")")
            if !snapshot.problems.isEmpty || !failures.isEmpty { throw ExitCode(1) }
        }
    }

    /// The identifiers of SuperText's own rules, which users' rules may not take.
    static func reservedIdentifiers(catalog: DictionaryCatalog) -> Set<String> {
        Set(GrammarCatalog.allRules(searchPath: catalog.searchPath).map(\.id))
    }

    /// The rules of a directory for `supertext check --rules`; files that do not read are told
    /// on standard error and left out.
    static func userRules(in directory: String, catalog: DictionaryCatalog) throws -> UserRules.Snapshot {
        let rules: UserRules
        do {
            rules = try UserRules(directory: directory) { reservedIdentifiers(catalog: catalog) }
        } catch let error as UserRules.DirectoryError {
            throw CommandLineFailure("supertext: \(error.description)")
        }
        for problem in rules.current.problems {
            FileHandle.standardError.write(Data("supertext: warning: rules not loaded: \(problem)\n".utf8))
        }
        return rules.current
    }
}
