import ArgumentParser
import Foundation
import SuperTextCore

/// The `supertext` command line: parses options and calls the core (or the server).
@main
struct SuperTextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "supertext",
        abstract: "A self-hosted proofreading service: spelling, suggestions and explanations.",
        version: SuperTextVersion.current,
        subcommands: [
            CheckCommand.self, LanguagesCommand.self, ServeCommand.self, HistoryCommand.self, HealthcheckCommand.self,
            RulesCommand.self, LspCommand.self, UsersCommand.self,
        ]
    )

    /// Exit codes: 0 clean, 1 problems found, 2 bad usage or unreadable input.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch let failure as CommandLineFailure {
            FileHandle.standardError.write(Data((failure.description + "\n").utf8))
            Foundation.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            // Usage errors (and anything unexpected) exit with 2, the convention for bad usage.
            Foundation.exit(2)
        }
    }
}
