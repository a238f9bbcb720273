import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
@testable import SuperTextCore
@testable import SuperTextServer
import SuperTextStore
@testable import SuperTextSQLite

/// The application under test, over the real dictionaries and worker threads.
enum TestServer {
    static let logger: Logger = {
        var logger = Logger(label: "supertext-test")
        logger.logLevel = .warning
        return logger
    }()

    /// One pool for the tests that need no special bounds: loading dictionaries takes time.
    static let sharedPool: ProofreadingPool = {
        var configuration = ServerConfiguration()
        configuration.workers = 2
        configuration.partSize = 1024
        // Every suite shares its two workers, so a check may wait behind many others on a
        // loaded machine: neither the time limit nor the queue's bound may refuse it here.
        // The tests of those bounds make pools of their own.
        configuration.checkTimeout = .seconds(600)
        configuration.queueLimit = 100_000
        return try! makeProofreadingPool(configuration: configuration, logger: logger)
    }()

    /// The application with `configure` applied to a default test configuration; `/metrics`
    /// shows `metrics`.
    static func app(
        pool: ProofreadingPool = sharedPool, database: AppDatabase? = nil, logger: Logger = TestServer.logger,
        metrics: ServerMetrics = ServerMetrics(), _ configure: (inout ServerConfiguration) -> Void = { _ in }
    ) async throws -> some ApplicationProtocol {
        var configuration = ServerConfiguration()
        configuration.address = .tcp(host: "127.0.0.1", port: 0)
        configuration.publicDirectory = publicDirectory
        configure(&configuration)
        return try await buildApplication(
            configuration: configuration, pool: pool, database: try database ?? AppDatabase.inMemory(), logger: logger,
            ownsPool: false, metrics: metrics
        )
    }

    /// A pool with its own bounds.
    static func pool(workers: Int, queueLimit: Int, timeout: Duration?, partSize: Int = 16 * 1024) -> ProofreadingPool {
        ProofreadingPool(
            catalog: sharedPool.catalog,
            configuration: .init(workers: workers, queueLimit: queueLimit, timeout: timeout, partSize: partSize)
        )
    }

    /// The repository's `public/` directory.
    static let publicDirectory: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("public").path
    }()

    /// A long English text of `paragraphs` paragraphs, each with a typo.
    static func longText(paragraphs: Int) -> String {
        (0..<paragraphs).map { index in
            "Paragraph \(index) has a tpyo and then some more ordinary words to make it longer, "
                + String(repeating: "with plain and simple prose that is spelled right. ", count: 12)
        }.joined(separator: "\n\n")
    }
}

extension ByteBuffer {
    static func json(_ object: [String: Any]) -> ByteBuffer {
        ByteBuffer(bytes: try! JSONSerialization.data(withJSONObject: object))
    }
}

extension TestResponse {
    /// The body as a JSON object.
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(buffer: body))) as? [String: Any] ?? [:]
    }

    /// The `error.code` of a JSON error body.
    var errorCode: String? {
        (json["error"] as? [String: Any])?["code"] as? String
    }

    var errorMessage: String {
        (json["error"] as? [String: Any])?["message"] as? String ?? ""
    }
}
