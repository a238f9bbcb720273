import Foundation
import SuperTextCore
import SuperTextProject

/// `supertext lsp`: the Language Server Protocol 3.17 over standard input and output.
///
/// One thread reads frames; the server handles them in order on the caller's thread, and checks
/// the documents that changed only once no message is waiting, so a burst of keystrokes costs
/// one check. Every fix, "add to the project dictionary", "turn off in this project" and
/// "ignore here" is a code action whose edit or command the server carries out itself, so no
/// editor needs a plugin.
public final class LanguageServer {
    private let transport: MessageTransport
    private let proofreader: Proofreader
    private let log: (String) -> Void
    private let queue = MessageQueue()

    private var encoding = PositionEncoding.utf16
    private var initialized = false
    private var shutDown = false
    private var workspaceRoot: String?
    private var editorSettings = SettingOverrides()
    private var documents: [String: OpenDocument] = [:]
    private var caches: [String: ParagraphCache] = [:]
    /// Projects by the path of their file, with the modification dates they were read at.
    private var projects: [String: (context: ProjectContext, stamp: [Date?])] = [:]

    static let addWordCommand = "supertext.addToDictionary"
    static let disableRuleCommand = "supertext.disableRule"
    static let ignoreCommand = "supertext.ignore"

    /// - Parameter log: where the server's own messages go (standard error); the client is told
    ///   of errors too, with `window/logMessage`.
    public init(transport: MessageTransport, catalog: DictionaryCatalog, log: @escaping (String) -> Void) {
        self.transport = transport
        proofreader = Proofreader(catalog: catalog)
        self.log = log
    }

    /// Serves until `exit` or the end of input. Returns the process's exit status: 0 after
    /// `shutdown` then `exit`, 1 otherwise (as the protocol asks).
    public func run() -> Int32 {
        let transport = self.transport
        let queue = self.queue
        let reader = Thread {
            while true {
                let incoming = transport.read()
                queue.push(incoming)
                if case .closed = incoming { return }
            }
        }
        reader.stackSize = 1 << 20
        reader.start()
        while true {
            let incoming = queue.pop()
            switch incoming {
            case .closed:
                if !shutDown { log("supertext lsp: the client closed the connection without a shutdown") }
                return shutDown ? 0 : 1
            case .malformed(let reason):
                log("supertext lsp: a message could not be read: \(reason)")
                transport.write(["jsonrpc": "2.0", "id": nil, "error": ["code": -32700, "message": .string("Parse error: \(reason)")]])
            case .message(let message):
                if let status = handle(message) { return status }
            }
            if queue.isEmpty { checkChangedDocuments() }
        }
    }

    // MARK: Messages

    /// Handles one message; returns an exit status on `exit`.
    private func handle(_ message: JSON) -> Int32? {
        guard let method = message["method"]?.string else {
            return nil  // a response to a request of ours (none expects an answer)
        }
        let id = message["id"]
        let params = message["params"] ?? .null
        if method == "exit" { return shutDown ? 0 : 1 }
        guard let id else {
            handleNotification(method, params)
            return nil
        }
        if !initialized, method != "initialize" {
            respond(id, error: -32002, "the server is not initialized")
            return nil
        }
        if shutDown {
            respond(id, error: -32600, "the server is shut down")
            return nil
        }
        switch method {
        case "initialize": respond(id, result: initialize(params))
        case "shutdown":
            shutDown = true
            respond(id, result: .null)
        case "textDocument/codeAction": respond(id, result: codeActions(params))
        case "workspace/executeCommand":
            do {
                try execute(params)
                respond(id, result: .null)
            } catch {
                tell("\(error)")
                respond(id, error: -32603, "\(error)")
            }
        default:
            respond(id, error: -32601, "method not found: \(method)")
        }
        return nil
    }

    private func handleNotification(_ method: String, _ params: JSON) {
        guard initialized || method == "initialized" else { return }
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
            let kind = item["languageId"]?.string.flatMap(FileKind.init(languageId:))
                ?? path(of: uri).flatMap(FileKind.init(path:)) ?? .plain
            documents[uri] = OpenDocument(uri: uri, kind: kind, version: item["version"]?.int ?? 0, text: text)
            caches[uri] = ParagraphCache()
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return }
            let version = params["textDocument"]?["version"]?.int ?? 0
            for change in params["contentChanges"]?.array ?? [] {
                guard let text = change["text"]?.string else { continue }
                if let range = change["range"] {
                    do {
                        try document.apply(range: range, newText: text, version: version, encoding: encoding)
                    } catch {
                        tell("\(uri): a change was not applied: \(error); the document is out of step until the editor sends it whole")
                    }
                } else {
                    document.replace(with: text, version: version)
                }
            }
        case "textDocument/didSave":
            // A save is a good moment to choose the language of an `auto` document again.
            guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return }
            caches[uri]?.clear()
            document.needsCheck = true
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return }
            documents[uri] = nil
            caches[uri] = nil
            publish(uri: uri, diagnostics: [])
        case "workspace/didChangeConfiguration":
            editorSettings = Self.settings(from: params["settings"] ?? .null)
            recheckAll()
        case "workspace/didChangeWatchedFiles":
            projects.removeAll()
            recheckAll()
        default:
            break  // initialized, $/cancelRequest, $/setTrace...: nothing to do
        }
    }

    private func initialize(_ params: JSON) -> JSON {
        initialized = true
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        if let folder = params["workspaceFolders"]?[0]?["uri"]?.string {
            workspaceRoot = path(of: folder)
        } else if let root = params["rootUri"]?.string {
            workspaceRoot = path(of: root)
        } else {
            workspaceRoot = params["rootPath"]?.string
        }
        editorSettings = Self.settings(from: params["initializationOptions"] ?? .null)
        return [
            "capabilities": [
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "executeCommandProvider": ["commands": [.string(Self.addWordCommand), .string(Self.disableRuleCommand), .string(Self.ignoreCommand)]],
            ],
            "serverInfo": ["name": "supertext"],
        ]
    }

    /// An editor's settings: `{"supertext": {...}}` or the keys themselves.
    static func settings(from json: JSON) -> SettingOverrides {
        let json = json["supertext"] ?? json
        var settings = SettingOverrides(
            language: json["language"]?.string, picky: json["picky"]?.bool,
            explanationLanguage: json["explanationLanguage"]?.string.flatMap(ExplanationLanguage.init(rawValue:)))
        settings.disabledRules = json["disabledRules"]?.array?.compactMap(\.string) ?? []
        settings.enabledRules = json["enabledRules"]?.array?.compactMap(\.string) ?? []
        return settings
    }

    // MARK: Checking

    private func recheckAll() {
        for (uri, document) in documents {
            caches[uri]?.clear()
            document.needsCheck = true
        }
    }

    private func checkChangedDocuments() {
        for document in documents.values where document.needsCheck {
            document.needsCheck = false
            do {
                let project = try project(for: document.uri)
                let request = project.request(for: document.text, kind: document.kind, editor: editorSettings, catalog: proofreader.catalog)
                proofreader.userRules = project.rules
                let cache = caches[document.uri] ?? ParagraphCache()
                caches[document.uri] = cache
                let result = try cache.check(request, proofreader: proofreader, chooseLanguageAgain: false)
                document.matches = project.filter(result, text: document.text, kind: document.kind).matches
                document.sentences = result.sentences
            } catch let error as SuperTextError {
                tell("\(document.uri): \(error.message)")
                document.matches = []
            } catch {
                tell("\(document.uri): \(error)")
                document.matches = []
            }
            publish(uri: document.uri, diagnostics: document.matches.map { diagnostic(for: $0, in: document) })
        }
    }

    /// The project of a document: its `.supertext.toml`, read again when it or its word list changed.
    private func project(for uri: String) throws(ProjectFileError) -> ProjectContext {
        let start = path(of: uri) ?? workspaceRoot ?? FileManager.default.currentDirectoryPath
        let file = ProjectFile.find(from: start)
        let key = file ?? "<none>:\(workspaceRoot ?? "")"
        if let (context, stamp) = projects[key], stamp == context.file.modificationStamp { return context }
        let context: ProjectContext
        if let file {
            context = try ProjectContext(file: try ProjectFile(path: file))
        } else {
            context = try ProjectContext(file: ProjectFile(root: workspaceRoot ?? (start as NSString).deletingLastPathComponent))
        }
        if !context.rules.problems.isEmpty {
            for problem in context.rules.problems { tell("rules not loaded: \(problem)") }
        }
        projects[key] = (context, context.file.modificationStamp)
        for cache in caches.values { cache.clear() }
        return context
    }


    private func diagnostic(for match: Match, in document: OpenDocument) -> JSON {
        let severity = switch match.category {
        case .spelling, .grammar, .confusedWords: 2  // warning
        case .punctuation, .typography, .name: 3  // information
        default: 4  // hint: style, redundancy
        }
        var message = match.message
        if !match.explanation.detail.isEmpty, match.explanation.detail != match.message {
            message += "\n" + match.explanation.detail
        }
        if let first = match.suggestions.first, match.category != .name {
            message += "\n→ " + (first.isEmpty ? "(remove)" : first)
        }
        return [
            "range": document.range(offset: match.offset, length: match.length, encoding: encoding),
            "severity": .int(severity),
            "code": .string(match.rule),
            "source": "supertext",
            "message": .string(message),
        ]
    }

    private func publish(uri: String, diagnostics: [JSON]) {
        var params: JSON = ["uri": .string(uri), "diagnostics": .array(diagnostics)]
        if let document = documents[uri], case .object(var members) = params {
            members["version"] = .int(document.version)
            params = .object(members)
        }
        transport.write(["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": params])
    }

    // MARK: Code actions and commands

    private func codeActions(_ params: JSON) -> JSON {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri], let range = params["range"] else { return [] }
        if document.needsCheck { checkChangedDocuments() }
        guard let lower = try? document.utf16Offset(of: range["start"] ?? .null, encoding: encoding),
              let upper = try? document.utf16Offset(of: range["end"] ?? .null, encoding: encoding) else { return [] }
        var actions: [JSON] = []
        for match in document.matches where match.offset <= upper && lower <= match.offset + match.length {
            let where_ = document.range(offset: match.offset, length: match.length, encoding: encoding)
            let diagnostic = diagnostic(for: match, in: document)
            if match.category != .name {
                for (index, suggestion) in match.suggestions.enumerated() {
                    let title = suggestion.isEmpty ? "Remove '\(match.text)'" : "Replace with '\(suggestion)'"
                    actions.append([
                        "title": .string(title), "kind": "quickfix", "isPreferred": .bool(index == 0),
                        "diagnostics": [diagnostic],
                        "edit": ["changes": [uri: [["range": where_, "newText": .string(suggestion)]]]],
                    ])
                }
            }
            if match.category == .spelling || match.category == .name {
                actions.append(command("Add '\(match.text)' to the project dictionary", Self.addWordCommand, [.string(uri), .string(match.text)], diagnostic))
            }
            actions.append(command("Turn off \(match.rule) in this project", Self.disableRuleCommand, [.string(uri), .string(match.rule)], diagnostic))
            actions.append(command("Ignore this here", Self.ignoreCommand, [.string(uri), .string(match.rule), .string(match.text), .string(sentence(of: match, in: document) ?? "")], diagnostic))
        }
        return .array(actions)
    }

    private func command(_ title: String, _ name: String, _ arguments: [JSON], _ diagnostic: JSON) -> JSON {
        ["title": .string(title), "kind": "quickfix", "diagnostics": [diagnostic],
         "command": ["title": .string(title), "command": .string(name), "arguments": .array(arguments)]]
    }

    /// The sentence of a match, as written, for an `[[ignore]]` entry.
    private func sentence(of match: Match, in document: OpenDocument) -> String? {
        let units = Array(document.text.utf16)
        guard let range = document.sentences.first(where: { $0.offset <= match.offset && match.offset < $0.offset + $0.length }) else { return nil }
        return String(decoding: units[range.offset..<min(units.count, range.offset + range.length)], as: UTF16.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func execute(_ params: JSON) throws {
        let arguments = params["arguments"]?.array ?? []
        guard let uri = arguments.first?.string else { throw CommandFailure("the command needs the document's URI") }
        let project = try project(for: uri)
        // A project without a file gets one at the workspace root (or the document's directory).
        let file = project.file
        switch params["command"]?.string {
        case Self.addWordCommand:
            guard let word = arguments[safe: 1]?.string else { throw CommandFailure("no word to add") }
            try ProjectDictionary.add(word, at: file.dictionaryPath)
        case Self.disableRuleCommand:
            guard let rule = arguments[safe: 1]?.string else { throw CommandFailure("no rule to turn off") }
            try ProjectFileEditor.disable(rule: rule, in: file.path)
        case Self.ignoreCommand:
            guard let rule = arguments[safe: 1]?.string else { throw CommandFailure("no rule to ignore") }
            let word = arguments[safe: 2]?.string
            let sentence = arguments[safe: 3]?.string.flatMap { $0.isEmpty ? nil : $0 }
            try ProjectFileEditor.ignore(IgnoredMatch(rule: rule, word: word, sentence: sentence), in: file.path)
        default:
            throw CommandFailure("unknown command \(params["command"]?.string ?? "(none)")")
        }
        projects.removeAll()
        recheckAll()
        checkChangedDocuments()
    }

    // MARK: Output

    private func respond(_ id: JSON, result: JSON) {
        transport.write(["jsonrpc": "2.0", "id": id, "result": result])
    }

    private func respond(_ id: JSON, error code: Int, _ message: String) {
        transport.write(["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]])
    }

    /// Tells the person: in the editor's log and on standard error.
    private func tell(_ message: String) {
        log("supertext lsp: \(message)")
        transport.write(["jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 1, "message": .string(message)]])
    }

    private func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.path
    }
}

struct CommandFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

/// Messages read, waiting to be handled.
private final class MessageQueue: @unchecked Sendable {
    private var items: [MessageTransport.Incoming] = []
    private let condition = NSCondition()

    func push(_ item: MessageTransport.Incoming) {
        condition.withLock {
            items.append(item)
            condition.signal()
        }
    }

    func pop() -> MessageTransport.Incoming {
        condition.withLock {
            while items.isEmpty { condition.wait() }
            return items.removeFirst()
        }
    }

    var isEmpty: Bool { condition.withLock { items.isEmpty } }
}
