import CompressNIO
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing
@testable import SuperTextServer

/// The web page's files as a browser gets them: gzip-compressed when it accepts it, with an
/// `ETag` and `Cache-Control: no-cache`, and 304 without a body when it already has them.
@Suite("Static files")
struct PublicFilesTests {
    private func fileOnDisk(_ path: String, in directory: String = TestServer.publicDirectory) throws -> String {
        try String(contentsOfFile: directory + path, encoding: .utf8)
    }

    private func gunzip(_ body: ByteBuffer) throws -> String {
        var compressed = body
        return String(buffer: try compressed.decompress(with: .gzip()))
    }

    @Test func textFilesAreSentGzipCompressedToBrowsersThatAcceptIt() async throws {
        try await TestServer.app().test(.router) { client in
            for (uri, file) in [("/js/main.js", "/js/main.js"), ("/css/base.css", "/css/base.css"), ("/", "/index.html")] {
                let original = try fileOnDisk(file)
                let first = try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip, deflate, br"]) { response in
                    #expect(response.status == .ok, "\(uri)")
                    #expect(response.headers[.contentEncoding] == "gzip", "\(uri)")
                    #expect(response.headers[.vary] == "Accept-Encoding", "\(uri)")
                    #expect(response.headers[.contentLength] == String(response.body.readableBytes), "\(uri)")
                    #expect(response.body.readableBytes < original.utf8.count / 2, "\(uri)")
                    let text = try gunzip(response.body)
                    #expect(text == original, "\(uri)")
                    return response.body
                }
                // The same bytes again, from memory.
                try await client.execute(uri: uri, method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                    #expect(response.body == first, "\(uri)")
                }
            }
        }
    }

    @Test func withoutGzipInAcceptEncodingTheFileIsSentAsItIs() async throws {
        let original = try fileOnDisk("/js/main.js")
        try await TestServer.app().test(.router) { client in
            for acceptEncoding in [nil, "identity", "gzip;q=0, br", "deflate"] {
                let headers: HTTPFields = acceptEncoding.map { [.acceptEncoding: $0] } ?? [:]
                try await client.execute(uri: "/js/main.js", method: .get, headers: headers) { response in
                    #expect(response.status == .ok)
                    #expect(response.headers[.contentEncoding] == nil, "\(acceptEncoding ?? "none")")
                    #expect(response.headers[.vary] == "Accept-Encoding")
                    #expect(String(buffer: response.body) == original)
                }
            }
        }
    }

    @Test func aFileIsKeptAndAskedAboutAgainWithItsETag() async throws {
        try await TestServer.app().test(.router) { client in
            for acceptEncoding in ["gzip", "identity"] {
                let eTag = try await client.execute(uri: "/js/api.js", method: .get, headers: [.acceptEncoding: acceptEncoding]) { response in
                    #expect(response.headers[.cacheControl] == "no-cache")
                    return try #require(response.headers[.eTag])
                }
                try await client.execute(
                    uri: "/js/api.js", method: .get, headers: [.acceptEncoding: acceptEncoding, .ifNoneMatch: eTag]
                ) { response in
                    #expect(response.status == .notModified)
                    #expect(response.body.readableBytes == 0)
                    #expect(response.headers[.eTag] == eTag)
                    #expect(response.headers[.cacheControl] == "no-cache")
                    #expect(response.headers[.vary] == "Accept-Encoding")
                    #expect(response.headers[.contentEncoding] == nil)
                }
                try await client.execute(
                    uri: "/js/api.js", method: .get, headers: [.acceptEncoding: acceptEncoding, .ifNoneMatch: "W/\"0000\""]
                ) { response in
                    #expect(response.status == .ok)
                }
            }
        }
    }

    @Test func aChangedFileGetsANewETagAndANewGzip() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("supertext-public-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/app.js"
        try String(repeating: "console.log('first');\n", count: 50).write(toFile: path, atomically: true, encoding: .utf8)
        try await TestServer.app { $0.publicDirectory = directory }.test(.router) { client in
            let first = try await client.execute(uri: "/app.js", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                let text = try gunzip(response.body)
                #expect(text == String(repeating: "console.log('first');\n", count: 50))
                return try #require(response.headers[.eTag])
            }
            // Another size and another time: another version of the file.
            try String(repeating: "console.log('second one');\n", count: 60).write(toFile: path, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: path)
            try await client.execute(uri: "/app.js", method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: first]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.eTag] != first)
                let text = try gunzip(response.body)
                #expect(text == String(repeating: "console.log('second one');\n", count: 60))
            }
        }
    }

    @Test func rangesAreOfTheFileAsItIsAndAPIAnswersAreNotCompressedHere() async throws {
        let original = try fileOnDisk("/js/main.js")
        try await TestServer.app().test(.router) { client in
            try await client.execute(uri: "/js/main.js", method: .get, headers: [.acceptEncoding: "gzip", .range: "bytes=0-9"]) { response in
                #expect(response.status == .partialContent)
                #expect(response.headers[.contentEncoding] == nil)
                #expect(String(buffer: response.body) == String(original.prefix(10)))
            }
            try await client.execute(uri: "/api/v1/languages", method: .get, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentEncoding] == nil)
                #expect(response.headers[.cacheControl] == nil)
            }
            try await client.execute(uri: "/favicon.svg", method: .head, headers: [.acceptEncoding: "gzip"]) { response in
                #expect(response.status == .ok)
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    @Test func theRealServerSendsAGzipThatCurlReadsAnd304sWithoutABody() async throws {
        let original = try fileOnDisk("/index.html")
        try await TestServer.app().test(.live) { client in
            let url = "http://127.0.0.1:\(try #require(client.port))/"
            // --compressed: curl asks for gzip and decompresses what it gets.
            let (status, headers, body) = try await curl(["--compressed", url])
            #expect(status == "HTTP/1.1 200 OK")
            #expect(headers["content-encoding"] == "gzip")
            #expect(body == original)
            let eTag = try #require(headers["etag"])
            let (revalidated, again, nothing) = try await curl(["--compressed", "--header", "If-None-Match: \(eTag)", url])
            #expect(revalidated == "HTTP/1.1 304 Not Modified")
            #expect(again["etag"] == eTag)
            #expect(nothing.isEmpty)
        }
    }

    /// The status line, the header fields (names in lower case) and the body curl got.
    private func curl(_ arguments: [String]) async throws -> (String, [String: String], String) {
        let bodyFile = FileManager.default.temporaryDirectory.appendingPathComponent("supertext-body-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: bodyFile) }
        let process = try Curl(["--dump-header", "-", "--output", bodyFile] + arguments)
        let head = await process.rest()
        #expect(await process.wait() == 0)
        // "\r\n" is one Character: split on line breaks of any kind.
        let lines = head.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let body = (try? String(contentsOfFile: bodyFile, encoding: .utf8)) ?? ""
        return (lines.first ?? "", fields, body)
    }

    @Test func acceptEncodingIsReadWithItsWeights() {
        #expect(PublicFilesMiddleware.acceptsGzip(["gzip, deflate, br"]))
        #expect(PublicFilesMiddleware.acceptsGzip(["br;q=1.0, GZIP; q=0.5"]))
        #expect(PublicFilesMiddleware.acceptsGzip(["*"]))
        #expect(PublicFilesMiddleware.acceptsGzip(["identity", "gzip"]))
        #expect(!PublicFilesMiddleware.acceptsGzip(["gzip;q=0"]))
        #expect(!PublicFilesMiddleware.acceptsGzip(["identity, br"]))
        #expect(!PublicFilesMiddleware.acceptsGzip([]))
    }
}
