import Foundation
import SuperTextCore
import SuperTextProject
import Testing
@testable import SuperTextLanguageServer

/// The server run on its own thread over two pipes, driven as an editor drives it.
final class LanguageServerSession: @unchecked Sendable {
    private let toServer = Pipe()
    private let fromServer = Pipe()
    private let client: MessageTransport
    private let done = DispatchSemaphore(value: 0)
    private(set) var status: Int32?
    private var nextId = 1
    /// Notifications seen while waiting for something else.
    private(set) var logs: [String] = []

    static let catalog = DictionaryCatalog()

    init() {
        client = MessageTransport(input: fromServer.fileHandleForReading, output: toServer.fileHandleForWriting)
        nonisolated(unsafe) let server = LanguageServer(
            transport: MessageTransport(input: toServer.fileHandleForReading, output: fromServer.fileHandleForWriting),
            catalog: Self.catalog, log: { _ in })
        Thread { [self] in
            status = server.run()
            done.signal()
        }.start()
    }

    func send(_ message: JSON) { client.write(message) }

    /// Sends bytes as they are, for framing that is wrong on purpose.
    func sendRaw(_ bytes: String) { toServer.fileHandleForWriting.write(Data(bytes.utf8)) }

    func notify(_ method: String, _ params: JSON) { send(["jsonrpc": "2.0", "method": .string(method), "params": params]) }

    /// Sends a request and waits for its response.
    func request(_ method: String, _ params: JSON = .null) -> JSON {
        let id = nextId
        nextId += 1
        send(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        return next { $0["id"]?.int == id }
    }

    /// Messages read while waiting for another, in the order they came.
    private var backlog: [JSON] = []

    /// The next message that `accepts`: one read earlier while waiting for another, or the next
    /// to come (a command's diagnostics may come before its response). Log messages are kept.
    func next(_ accepts: (JSON) -> Bool) -> JSON {
        if let index = backlog.firstIndex(where: accepts) { return backlog.remove(at: index) }
        while true {
            guard case .message(let message) = client.read() else { return .null }
            if message["method"]?.string == "window/logMessage" { logs.append(message["params"]?["message"]?.string ?? "") }
            if accepts(message) { return message }
            backlog.append(message)
        }
    }

    func diagnostics(for uri: String) -> [JSON] {
        next { $0["method"]?.string == "textDocument/publishDiagnostics" && $0["params"]?["uri"]?.string == uri }["params"]?["diagnostics"]?.array ?? []
    }

    func initialize(root: String, utf8: Bool = false, options: JSON = .null) -> JSON {
        let result = request("initialize", [
            "rootUri": .string(URL(fileURLWithPath: root).absoluteString),
            "capabilities": utf8 ? ["general": ["positionEncodings": ["utf-8", "utf-16"]]] : [:],
            "initializationOptions": options,
        ])
        notify("initialized", [:])
        return result
    }

    func open(_ uri: String, _ text: String, languageId: String = "markdown") {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": .string(languageId), "version": 1, "text": .string(text)]])
    }

    /// Shuts down and exits; returns the server's exit status.
    func close() -> Int32? {
        _ = request("shutdown")
        notify("exit", .null)
        _ = done.wait(timeout: .now() + 30)
        return status
    }
}

@Suite("Language server", .serialized)
struct LanguageServerTests {
    private func project(_ settings: String = "language = \"en-US\"\n") throws -> String {
        let root = try temporaryDirectory()
        try settings.write(toFile: root + "/.supertext.toml", atomically: true, encoding: .utf8)
        return root
    }

    @Test func diagnosticsFollowIncrementalEdits() throws {
        let root = try project()
        let session = LanguageServerSession()
        let capabilities = session.initialize(root: root)["result"]?["capabilities"]
        #expect(capabilities?["positionEncoding"] == "utf-16")
        #expect(capabilities?["textDocumentSync"]?["change"] == 2)
        #expect(capabilities?["executeCommandProvider"]?["commands"]?.array?.count == 3)
        let uri = URL(fileURLWithPath: root + "/notes.md").absoluteString
        session.open(uri, "# Notes 😀\n\nThe 😀 cat sat on teh mat.\n\n```\nteh code\n```\n")
        let first = session.diagnostics(for: uri)
        #expect(first.count == 1)
        #expect(first.first?["code"] == "SPELLING")
        #expect(first.first?["source"] == "supertext")
        // UTF-16: the emoji counts two.
        #expect(first.first?["range"] == ["start": ["line": 2, "character": 18], "end": ["line": 2, "character": 21]])
        #expect(first.first?["message"]?.string?.contains("the") == true)
        // Replace "teh" with "the", then break "cat" into "cta".
        session.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [["range": ["start": ["line": 2, "character": 18], "end": ["line": 2, "character": 21]], "text": "the"]],
        ])
        #expect(session.diagnostics(for: uri).isEmpty)
        session.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 3],
            "contentChanges": [["range": ["start": ["line": 2, "character": 7], "end": ["line": 2, "character": 10]], "text": "cta"]],
        ])
        let third = session.diagnostics(for: uri)
        #expect(third.first?["range"]?["start"] == ["line": 2, "character": 7])
        // A whole new text.
        session.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 4], "contentChanges": [["text": "Clean text.\n"]],
        ])
        #expect(session.diagnostics(for: uri).isEmpty)
        #expect(session.close() == 0)
    }

    @Test func utf8PositionsWhenTheClientOffersThem() throws {
        let root = try project()
        let session = LanguageServerSession()
        #expect(session.initialize(root: root, utf8: true)["result"]?["capabilities"]?["positionEncoding"] == "utf-8")
        let uri = URL(fileURLWithPath: root + "/a.txt").absoluteString
        session.open(uri, "😀 and teh end.\n", languageId: "plaintext")
        let diagnostic = try #require(session.diagnostics(for: uri).first)
        // 😀(4) space a n d space = 9 bytes.
        #expect(diagnostic["range"]?["start"] == ["line": 0, "character": 9])
        #expect(diagnostic["range"]?["end"] == ["line": 0, "character": 12])
        #expect(session.close() == 0)
    }

    @Test func fixesAndCommandsChangeTheTextAndTheProject() throws {
        let root = try project("language = \"en-US\"\n\n[[ignore]]\nword = \"nothing\"\n")
        let session = LanguageServerSession()
        _ = session.initialize(root: root)
        let uri = URL(fileURLWithPath: root + "/a.md").absoluteString
        session.open(uri, "We recieve letters daily.\nThe the cat.\n")
        let diagnostics = session.diagnostics(for: uri)
        let codes = Set(diagnostics.compactMap { $0["code"]?.string })
        #expect(codes.contains("SPELLING"))
        let spelling = try #require(diagnostics.first { $0["code"] == "SPELLING" })
        let actions = session.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": spelling["range"]!, "context": ["diagnostics": [spelling]],
        ])["result"]?.array ?? []
        let fix = try #require(actions.first { $0["isPreferred"] == true })
        #expect(fix["kind"] == "quickfix")
        #expect(fix["edit"]?["changes"]?[uri]?[0]?["range"] == spelling["range"])
        #expect(fix["edit"]?["changes"]?[uri]?[0]?["newText"] == "receive")
        let add = try #require(actions.first { $0["command"]?["command"] == "supertext.addToDictionary" })
        #expect(add["title"] == "Add 'recieve' to the project dictionary")
        #expect(actions.contains { $0["command"]?["command"] == "supertext.disableRule" })
        #expect(actions.contains { $0["command"]?["command"] == "supertext.ignore" })

        // The server carries the command out: the word list is written, the document re-checked.
        #expect(session.request("workspace/executeCommand", add["command"]!)["result"] == .null)
        #expect(try String(contentsOfFile: root + "/.supertext/dictionary.txt", encoding: .utf8) == "recieve\n")
        let after = session.diagnostics(for: uri)
        #expect(!after.contains { $0["code"] == "SPELLING" })

        // Turning the repeated-word rule off writes the project file.
        if let repeated = after.first {
            let rule = repeated["code"]!.string!
            _ = session.request("workspace/executeCommand", [
                "command": "supertext.disableRule", "arguments": [.string(uri), .string(rule)],
            ])
            #expect(try ProjectFile(path: root + "/.supertext.toml").settings.disabledRules == [rule])
            #expect(!session.diagnostics(for: uri).contains { $0["code"]?.string == rule })
            #expect(try ProjectFile(path: root + "/.supertext.toml").settings.ignores == [IgnoredMatch(rule: nil, word: "nothing")])
        }
        #expect(session.close() == 0)
    }

    @Test func ignoringAMatchHereWritesAnIgnoreEntry() throws {
        let root = try project()
        let session = LanguageServerSession()
        _ = session.initialize(root: root)
        let uri = URL(fileURLWithPath: root + "/a.txt").absoluteString
        session.open(uri, "Our product Zorblax is new.\nZorblax again here.\n", languageId: "plaintext")
        let diagnostics = session.diagnostics(for: uri)
        #expect(diagnostics.count == 2)
        let actions = session.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": diagnostics[0]["range"]!, "context": ["diagnostics": [diagnostics[0]]],
        ])["result"]?.array ?? []
        let ignore = try #require(actions.first { $0["command"]?["command"] == "supertext.ignore" })
        _ = session.request("workspace/executeCommand", ignore["command"]!)
        // Only the first sentence's match goes.
        let after = session.diagnostics(for: uri)
        #expect(after.count == 1)
        #expect(after.first?["range"]?["start"]?["line"] == 1)
        #expect(try ProjectFile(path: root + "/.supertext.toml").settings.ignores.first?.sentence == "Our product Zorblax is new.")
        #expect(session.close() == 0)
    }

    @Test func settingsComeFromTheEditorUnderTheProjectFile() throws {
        let root = try project("")
        let session = LanguageServerSession()
        _ = session.initialize(root: root, options: ["supertext": ["language": "fr"]])
        let uri = URL(fileURLWithPath: root + "/a.txt").absoluteString
        // French, by the editor's setting: only "trés" is wrong.
        session.open(uri, "Je suis trés content.\n", languageId: "plaintext")
        #expect(session.diagnostics(for: uri).compactMap { $0["code"]?.string } == ["SPELLING"])
        // English, by the editor's new setting: the French words are unknown.
        session.notify("workspace/didChangeConfiguration", ["settings": ["supertext": ["language": "en-US"]]])
        #expect(session.diagnostics(for: uri).count >= 3)
        // The project file says French and turns spelling off: it wins over the editor.
        try "language = \"fr\"\ndisabled-rules = [\"SPELLING\"]\n".write(toFile: root + "/.supertext.toml", atomically: true, encoding: .utf8)
        session.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(URL(fileURLWithPath: root + "/.supertext.toml").absoluteString), "type": 2]]])
        #expect(session.diagnostics(for: uri).isEmpty)
        #expect(session.close() == 0)
    }

    @Test func badMessagesGetErrorsAndTheServerGoesOn() throws {
        let root = try project()
        let session = LanguageServerSession()
        // Before initialize: refused.
        #expect(session.request("textDocument/codeAction", [:])["error"]?["code"] == -32002)
        _ = session.initialize(root: root)
        session.sendRaw("Content-Length: 9\r\n\r\nnot json!")
        #expect(session.next { $0["error"] != nil }["error"]?["code"] == -32700)
        session.sendRaw("Content-Type: x\r\n\r\n")
        #expect(session.next { $0["error"] != nil }["error"]?["code"] == -32700)
        #expect(session.request("textDocument/hover", [:])["error"]?["code"] == -32601)
        let uri = URL(fileURLWithPath: root + "/a.txt").absoluteString
        session.open(uri, "One line.\n", languageId: "plaintext")
        _ = session.diagnostics(for: uri)
        session.notify("textDocument/didChange", [
            "textDocument": ["uri": .string(uri), "version": 2],
            "contentChanges": [["range": ["start": ["line": 40, "character": 0], "end": ["line": 41, "character": 0]], "text": "x"]],
        ])
        // Not applied, and said.
        _ = session.next { $0["method"] == "window/logMessage" }
        #expect(session.logs.contains { $0.contains("line 40 is past the end") })
        // Still serving.
        #expect(session.request("textDocument/codeAction", ["textDocument": ["uri": .string(uri)], "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 1]]])["result"] == [])
        #expect(session.close() == 0)
    }

    @Test func wrongFramingAndHostileBodiesDoNotStopTheServer() throws {
        let root = try project()
        let session = LanguageServerSession()
        _ = session.initialize(root: root)
        // A length that is not a number: the body after it is skipped, the next frame read.
        session.sendRaw("Content-Length: nine\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":90,\"method\":\"x\"}")
        #expect(session.next { $0["error"] != nil }["error"]?["code"] == -32700)
        #expect(session.request("textDocument/hover", [:])["error"]?["code"] == -32601)
        // A length too short: the rest of the body is skipped too.
        let body = "{\"jsonrpc\":\"2.0\",\"id\":91,\"method\":\"textDocument/hover\"}"
        session.sendRaw("Content-Length: 10\r\n\r\n" + body)
        #expect(session.next { $0["error"] != nil }["error"]?["code"] == -32700)
        #expect(session.request("textDocument/hover", [:])["error"]?["code"] == -32601)
        // Nesting deep enough to exhaust a decoder's stack is refused before decoding.
        let deep = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
        session.sendRaw("Content-Length: \(deep.utf8.count)\r\n\r\n" + deep)
        #expect(session.next { $0["error"] != nil }["error"]?["code"] == -32700)
        // A character past any line's length, even the largest integer, is the line's end.
        let uri = URL(fileURLWithPath: root + "/a.txt").absoluteString
        session.open(uri, "Line one.\nWe recieve it.\n", languageId: "plaintext")
        #expect(session.diagnostics(for: uri).count == 1)
        let far: JSON = ["line": 1, "character": .int(Int.max)]
        let actions = session.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": ["start": far, "end": far], "context": ["diagnostics": []],
        ])
        #expect(actions["error"] == nil)
        #expect(session.close() == 0)
    }

    @Test func aProjectFileWithAnErrorIsReportedNotFatal() throws {
        let root = try project("picky = sometimes\n")
        let session = LanguageServerSession()
        _ = session.initialize(root: root)
        let uri = URL(fileURLWithPath: root + "/a.txt").absoluteString
        session.open(uri, "Teh text.\n", languageId: "plaintext")
        #expect(session.diagnostics(for: uri).isEmpty)
        #expect(session.logs.contains { $0.contains(".supertext.toml:1") })
        #expect(session.close() == 0)
    }

    @Test func exitWithoutShutdownIsStatusOne() throws {
        let session = LanguageServerSession()
        _ = session.initialize(root: try project())
        session.notify("exit", .null)
        // The server stops reading: the status is set once its loop returns.
        for _ in 0..<100 where session.status == nil { Thread.sleep(forTimeInterval: 0.05) }
        #expect(session.status == 1)
    }
}
