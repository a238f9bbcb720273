import Foundation
import Hummingbird
import Logging
import HummingbirdTesting
import Testing
@testable import SuperTextServer
import SuperTextStore
@testable import SuperTextSQLite

/// `/v2/check` answers grow with the text, not with matches × text, and stay under 40 times the
/// text plus 64 KiB: every match carries a window of its sentence and a bounded context, narrower
/// in a text dense with mistakes.
@Suite("LanguageTool answer size")
struct LanguageToolAnswerSizeTests {
    /// The bound of every answer: 40 times the text plus 64 KiB.
    static func bound(_ textBytes: Int) -> Int { LanguageToolResponse.SizeLimit.standard.bytes(forTextOf: textBytes) }

    @Test func aTextOfOnlyMistakesIsRefusedRatherThanAnsweredBeyondTheBound() async throws {
        // 25 KB without a sentence break, every word a typo: the whole text was once copied into
        // each of its 6,144 matches (309 MB), then 4.7 MB with windows; its matches alone, with
        // no text around them, are over 40 times the text.
        let request = ByteBuffer(string: "language=en-US&text=" + String(repeating: "teh+", count: 6144))
        try await TestServer.app().test(.router) { client in
            try await client.execute(
                uri: "/v2/check", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: request
            ) { response in
                #expect(response.status == .contentTooLarge)
                #expect(String(buffer: response.body).contains("it has more mistakes than words"))
            }
        }
    }

    @Test func aTextDenseWithMistakesGetsNarrowerWindowsWithinTheBound() async throws {
        // A typo every twelve bytes, no sentence over 24 bytes: 2,000 matches.
        let text = String(repeating: "Teh cat sat on teh mat. ", count: 1000)
        let dense = try await answer(to: text)
        #expect(dense.status == .ok)
        #expect(dense.body.readableBytes <= Self.bound(text.utf8.count), "\(dense.body.readableBytes) bytes")
        let json = try JSONSerialization.jsonObject(with: Data(buffer: dense.body)) as? [String: Any]
        let matches = try #require(json?["matches"] as? [[String: Any]])
        #expect(matches.count == 2000)
        for match in matches {
            let context = try #require(match["context"] as? [String: Any])
            let contextText = Array((context["text"] as? String ?? "").utf16)
            let offset = try #require(context["offset"] as? Int), length = try #require(context["length"] as? Int)
            #expect(String(decoding: contextText[offset..<offset + length], as: UTF16.self).lowercased() == "teh")
            #expect(contextText.count < 2 * LanguageToolResponse.Windows.standard.context)  // narrower than standard
        }
        // A text with the usual density of mistakes keeps LanguageTool's 40 characters each side.
        let usual = try await answer(to: String(repeating: "The report arrives tomorow, and we will read it together. ", count: 400))
        #expect(usual.status == .ok)
        let usualJSON = try JSONSerialization.jsonObject(with: Data(buffer: usual.body)) as? [String: Any]
        let first = try #require((usualJSON?["matches"] as? [[String: Any]])?.dropFirst().first)
        let shown: Int = ((first["context"] as? [String: Any])?["text"] as? String)?.utf16.count ?? 0
        let standard: Int = 2 * LanguageToolResponse.Windows.standard.context + "tomorow".utf16.count + 2 * "...".utf16.count
        #expect(shown == standard)
    }

    /// An answer as the tests read it.
    struct Answer: Sendable {
        var status: HTTPResponse.Status
        var body: ByteBuffer
        var contentType: String?
    }

    /// The answer of `/v2/check` (or of `/api/v1/check`) for a text; with `limit`, of the /v2
    /// routes alone with that limit on answers.
    private func answer(
        to text: String, path: String = "/v2/check", limit: LanguageToolResponse.SizeLimit? = nil
    ) async throws -> Answer {
        let body = path == "/v2/check"
            ? ByteBuffer(string: "language=en-US&text=" + text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            : .json(["text": text, "language": "en-US", "store": false])
        let contentType = path == "/v2/check" ? "application/x-www-form-urlencoded" : "application/json"
        let send: @Sendable (any TestClientProtocol) async throws -> Answer = { client in
            try await client.execute(uri: path, method: .post, headers: [.contentType: contentType], body: body) { response in
                Answer(status: response.status, body: response.body, contentType: response.headers[.contentType])
            }
        }
        guard let limit else {
            return try await TestServer.app().test(.router) { try await send($0) }
        }
        let router = Router(context: AppRequestContext.self)
        router.addMiddleware { LanguageToolErrorMiddleware(routes: languageToolRoutes) }
        let database = try AppDatabase.inMemory()
        let access = AccessPolicy(
            keys: try await KeyRing(store: database, logger: Logger(label: "test")), token: nil, protectChecks: false,
            limits: KeyLimits(.init()), failures: FailedKeys())
        var controller = LanguageToolCheckController(
            pool: TestServer.sharedPool, dictionary: try await PersonalDictionary(database: database),
            disabledRules: try await DisabledRules(database: database),
            maxTextLength: 1 << 20, access: access,
            teamRules: TeamRules(store: database, serverRules: nil, logger: Logger(label: "test")) { [] }, metrics: ServerMetrics()
        )
        controller.answerLimit = limit
        controller.addRoutes(to: router.group("v2"))
        return try await Application(router: router).test(.router) { try await send($0) }
    }

    @Test func answersGrowInProportionToTheTextAndStayUnderTheBound() async throws {
        // A mistake every 12 to 30 bytes: spelling, a comma, a repeated word, a double space.
        for unit in ["Teh cat sat on teh mat. ", "I recieve the letter tomorrow. ", "We left , then came back. ", "Then we saw the the cat.  "] {
            let short = try await answer(to: String(repeating: unit, count: 400))
            let long = try await answer(to: String(repeating: unit, count: 800))
            #expect(short.status == .ok && long.status == .ok, "\(unit)")
            let ratio = Double(long.body.readableBytes) / Double(short.body.readableBytes)
            // Twice the text, at most twice the answer (less when the longer one's windows narrow).
            #expect(ratio > 1.2 && ratio < 2.2, "'\(unit)': \(short.body.readableBytes) then \(long.body.readableBytes) bytes")
            #expect(long.body.readableBytes <= Self.bound(unit.utf8.count * 800), "'\(unit)'")
        }
    }

    @Test func anAnswerOverTheLimitIsRefusedWithLanguageToolsPlainTextError() async throws {
        let limit = LanguageToolResponse.SizeLimit(factor: 4, allowance: 512)
        let refused = try await answer(to: String(repeating: "teh ", count: 64), limit: limit)
        #expect(refused.status == .contentTooLarge)
        #expect(refused.contentType?.hasPrefix("text/plain") == true)
        let message = String(buffer: refused.body)
        #expect(message.hasPrefix("Error: The answer to this text would be "), "\(message)")
        #expect(message.contains("over the limit of 1536 bytes for a text of 256 bytes (4 times the text plus 512 bytes)"), "\(message)")
        // Under the same limit, a clean text is answered.
        let clean = try await answer(to: "A clean sentence.", limit: limit)
        #expect(clean.status == .ok)
    }

    @Test func aLongMatchIsShownInPartInItsContextAndSentence() throws {
        let text = Array(String(repeating: "word ", count: 2000).utf16)
        let standard = LanguageToolResponse.Windows.standard
        let context = LanguageToolResponse.context(of: (offset: 5, length: 9000), in: text)
        #expect(context.length == standard.match)
        #expect(context.text.utf16.count <= standard.match + 2 * standard.context + 6)
        let window = LanguageToolResponse.window(of: 0..<text.count, around: 5..<9005, in: text)
        #expect(window == 0..<(5 + standard.match + standard.sentence))
        let short = LanguageToolResponse.window(of: 100..<120, around: 105..<108, in: text)
        #expect(short == 100..<120)
    }
}

/// The real server in a process of its own (the `supertext` binary the build made), so that its
/// resident memory is its own and not that of the tests running beside it: large texts are
/// answered before the check timeout, and the memory their answers took is given back once the
/// clients have left.
@Suite("LanguageTool answers of large texts", .serialized)
struct LanguageToolLargeAnswerTests {
    @Test func largeTextsAreAnsweredAndTheServerComesBackToItsMemory() async throws {
        let server = try await ServerProcess.start()
        defer { server.stop() }
        func body(_ text: String, named name: String) throws -> String {
            let path = server.directory.appendingPathComponent(name).path
            let encoded = "language=en-US&text=" + text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            try Data(encoded.utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        // Warm: the first check builds what every later one reuses.
        _ = try await server.check(bodyFile: try body("I recieve teh letter.", named: "warm"))
        let before = try server.residentBytes()

        // A typo every 24 bytes, a sentence break every 24: 1,024 matches and sentences.
        let denseText = String(repeating: "The cat sat on teh mat. ", count: 1024)
        let dense = try body(denseText, named: "dense")
        // 1 MiB of prose with a typo a paragraph, at the text limit of the default configuration.
        var prose = TestServer.longText(paragraphs: 1600)
        prose = String(prose.utf8.prefix(1 << 20))!
        let large = try body(prose, named: "large")
        let answers = try await withThrowingTaskGroup(of: (String, ServerProcess.Answer).self) { group in
            for (name, file) in [("dense", dense), ("large", large), ("dense", dense)] {
                group.addTask { (name, try await server.check(bodyFile: file)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for (name, answer) in answers {
            // Answered, not 503: the check finished before the check timeout.
            #expect(answer.status == 200, "\(name): \(answer.status) \(answer.size) bytes")
            let textBytes = name == "dense" ? denseText.utf8.count : 1 << 20
            #expect(answer.size <= LanguageToolResponse.SizeLimit.standard.bytes(forTextOf: textBytes), "\(name): \(answer.size) bytes")
        }
        let large1 = try #require(answers.first { $0.0 == "large" }).1
        #expect(large1.size > 200_000, "one match a paragraph: \(large1.size) bytes")

        // Memory once the clients have left: the least of a few readings, as the allocator
        // gives pages back.
        var after = Int.max
        for _ in 0..<10 {
            after = min(after, try server.residentBytes())
            try await Task.sleep(for: .milliseconds(200))
        }
        #expect(after - before < 100 << 20, "resident \(before >> 20) MB before, \(after >> 20) MB after")
    }
}

/// `supertext serve` on a Unix socket in a temporary directory, driven by `curl`.
final class ServerProcess: @unchecked Sendable {
    let directory: URL
    private let process = Process()
    private var socket: String { directory.appendingPathComponent("s.sock").path }

    struct Answer: Sendable {
        var status: Int
        var size: Int
    }

    /// The server's check timeout, in seconds.
    static let checkTimeout = 120

    private init(directory: URL) {
        self.directory = directory
    }

    /// Starts the binary built next to the tests and waits until it is ready.
    static func start() async throws -> ServerProcess {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let binary = root.appendingPathComponent(".build/debug/supertext")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw ServerProcessError("no \(binary.path): build it first (swift build --build-tests builds it)")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("supertext-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let server = ServerProcess(directory: directory)
        server.process.executableURL = binary
        server.process.arguments = [
            // A debug build checks several times slower than a release one: 1 MiB of prose took
            // about 30 s on a busy machine, the default check timeout.
            "serve", "--socket", server.socket, "--workers", "2", "--no-history", "--log-level", "warning",
            "--check-timeout", "\(ServerProcess.checkTimeout)",
            "--database", directory.appendingPathComponent("db.sqlite").path,
        ]
        server.process.currentDirectoryURL = root
        server.process.standardOutput = FileHandle.nullDevice
        server.process.standardError = FileHandle.nullDevice
        try server.process.run()
        // Ready once every worker has its dictionaries (minutes at most in a debug build).
        for _ in 0..<1200 {
            guard server.process.isRunning else { throw ServerProcessError("the server exited with \(server.process.terminationStatus)") }
            if let answer = try? await server.request(["http://localhost/readyz"]), answer.status == 200 { return server }
            try await Task.sleep(for: .milliseconds(250))
        }
        server.stop()
        throw ServerProcessError("the server was not ready")
    }

    /// `POST /v2/check` with the form in `bodyFile`; the status and the size of the answer.
    func check(bodyFile: String) async throws -> Answer {
        try await request([
            "--data-binary", "@" + bodyFile, "-H", "Content-Type: application/x-www-form-urlencoded", "http://localhost/v2/check",
        ])
    }

    private func request(_ arguments: [String]) async throws -> Answer {
        let curl = try Curl(["--unix-socket", socket, "-o", "/dev/null", "-w", "%{http_code} %{size_download}"] + arguments)
        let output = await curl.rest()
        _ = await curl.wait()
        let fields = output.split(separator: " ").compactMap { Int($0) }
        guard fields.count == 2 else { throw ServerProcessError("curl said \(output)") }
        return Answer(status: fields[0], size: fields[1])
    }

    /// The server's resident memory (`VmRSS` of /proc/PID/status), in bytes.
    func residentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({ Int($0) })
        else { throw ServerProcessError("no VmRSS in /proc/\(process.processIdentifier)/status") }
        return kilobytes * 1024
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}

struct ServerProcessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
