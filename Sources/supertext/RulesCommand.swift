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
            let reserved = RulesCommand.reservedIdentifiers(catalog: catalog)
            var rules: [PatternRule] = []
            var failed = false
            var owner: [String: String] = [:]
            for file in files {
                do {
                    let read = try UserRules.rules(inFile: file, reservedIdentifiers: reserved)
                    if let clash = read.first(where: { owner[$0.id].map { $0 != file } ?? false }) {
                        print("\(file):\(clash.sourceLine):1: the identifier \(clash.id) is taken by \(owner[clash.id]!)")
                        failed = true
                        continue
                    }
                    for rule in read { owner[rule.id] = file }
                    rules += read
                } catch let error as PatternRuleFile.FormatError {
                    print(UserRules.Problem(file: file, line: error.line, column: error.column, reason: error.reason))
                    failed = true
                } catch {
                    print("\(file): \(error.localizedDescription)")
                    failed = true
                }
            }
            let proofreader = Proofreader(catalog: catalog)
            proofreader.userRules = UserRules.Snapshot(rules: rules)
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
            print("\(ids) rules, \(examples) examples: \(examples - failures.count) hold, \(failures.count) fail\(failed ? "; some files do not read" : "")")
            if failed || !failures.isEmpty { throw ExitCode(1) }
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
