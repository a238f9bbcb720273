import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
@testable import SuperTextServer

@Suite("JSON logs")
struct JSONLogHandlerTests {
    private func parse(_ bytes: [UInt8]) throws -> [String: Any] {
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(bytes.dropLast().contains(UInt8(ascii: "\n")) == false)
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test func writesOneJSONObjectPerLineWithTypedMetadata() throws {
        struct Failure: Error, CustomStringConvertible { var description: String { "disk \"full\"" } }
        let line = JSONLogHandler.line(
            timestamp: "2026-11-20T09:30:12.345Z", level: .warning,
            message: "quote \" backslash \\ newline \n tab \t bell \u{7} separator \u{2028} end",
            label: "supertext", source: "SuperTextServer",
            metadata: [
                "status": .stringConvertible(503), "duration_ms": .stringConvertible(8.5), "cached": .stringConvertible(true),
                "route": "/api/v1/check", "nan": .stringConvertible(Double.nan),
                "list": .array(["a", .stringConvertible(2)]), "nested": .dictionary(["k": "v"]),
                "level": "shadowed", "error": "shadowed too",
            ],
            error: Failure()
        )
        let object = try parse(line)
        #expect(object["timestamp"] as? String == "2026-11-20T09:30:12.345Z")
        #expect(object["level"] as? String == "warning")
        #expect(object["message"] as? String == "quote \" backslash \\ newline \n tab \t bell \u{7} separator \u{2028} end")
        #expect(object["label"] as? String == "supertext")
        #expect(object["source"] as? String == "SuperTextServer")
        #expect(object["status"] as? Int == 503)
        #expect(object["duration_ms"] as? Double == 8.5)
        #expect(object["cached"] as? Bool == true)
        #expect(object["route"] as? String == "/api/v1/check")
        #expect(object["nan"] as? String == "nan")
        #expect((object["list"] as? [Any])?.count == 2)
        #expect((object["nested"] as? [String: Any])?["k"] as? String == "v")
        #expect(object["metadata.level"] as? String == "shadowed")
        #expect(object["metadata.error"] as? String == "shadowed too")
        #expect(object["error"] as? String == "disk \"full\"")
        // The separators some JavaScript readers take for line ends are escaped.
        #expect(!String(decoding: line, as: UTF8.self).contains("\u{2028}"))
    }

    @Test func timestampsAreUTCWithMilliseconds() throws {
        let timestamp = JSONLogHandler.timestamp()
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let date = try #require(formatter.date(from: timestamp), "\(timestamp)")
        #expect(abs(date.timeIntervalSinceNow) < 3600)
        #expect(timestamp.count == "2026-11-20T09:30:12.345Z".count)
    }

    @Test func mergesLoggerAndEventMetadata() throws {
        let capture = LogCapture()
        var logger = capture.logger()
        logger[metadataKey: "hb.request.id"] = "r-1"
        logger[metadataKey: "status"] = "from the logger"
        logger.info("answered", metadata: ["status": .stringConvertible(200)])
        logger.debug("below the level")
        #expect(capture.text.count == 1)
        let object = try #require(capture.objects.first)
        #expect(object["hb.request.id"] as? String == "r-1")
        #expect(object["status"] as? Int == 200)
        #expect(object["message"] as? String == "answered")
    }

    @Test func theCheckedTextNeverAppearsInALogLine() async throws {
        let capture = LogCapture()
        let secret = "Quixotrelmian"
        try await TestServer.app(logger: capture.logger(level: .trace)).test(.router) { client in
            try await client.execute(
                uri: "/api/v1/check?language=en-US", method: .post, headers: [.contentType: "text/plain; charset=utf-8"],
                body: ByteBuffer(string: "\(secret) wrote a tset.")
            ) { #expect($0.status == .ok) }
            try await client.execute(
                uri: "/v2/check?language=en-US&text=\(secret)%20again", method: .post
            ) { #expect($0.status == .ok) }
            try await client.execute(
                uri: "/api/v1/check", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: "{\"text\": \"\(secret)\", \"language\": \"xx-NOPE\"}")
            ) { #expect($0.status == .unprocessableContent) }
        }
        #expect(!capture.text.isEmpty)
        for line in capture.text {
            #expect(!line.contains(secret), "\(line)")
        }
    }
}
