import ArgumentParser
import Foundation
import SuperTextCore
import SuperTextLanguageServer

/// `supertext lsp`: the language server for editors (docs/editors.md).
struct LspCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Serve the Language Server Protocol on standard input and output, for editors.",
        discussion: "Settings come from the project's .supertext.toml, above the editor's own (initializationOptions). Messages about the server go to standard error."
    )

    @Flag(name: .customLong("stdio"), help: "Use standard input and output (the default and only transport; accepted as editors pass it).")
    var stdio = false

    func run() throws {
        // A client that goes away must not kill the server in the middle of a write.
        signal(SIGPIPE, SIG_IGN)
        let catalog = DictionaryCatalog()
        let log: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        for failure in catalog.failures { log("supertext lsp: dictionary \(failure.file) not loaded: \(failure.reason)") }
        let server = LanguageServer(
            transport: MessageTransport(input: .standardInput, output: .standardOutput), catalog: catalog, log: log)
        let status = server.run()
        if status != 0 { throw ExitCode(status) }
    }
}
