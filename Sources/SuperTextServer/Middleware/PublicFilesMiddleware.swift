import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import Synchronization

/// Serves the web front end from `public/` with Hummingbird's `FileMiddleware`, the way a web
/// app is served: every file with its `ETag` (a weak one, from its size and modification time)
/// and `Cache-Control: no-cache`, so that a browser keeps it and a reload asks only whether it
/// changed (304, no body); text files gzip-compressed for browsers that accept it.
///
/// `FileMiddleware` (Hummingbird 2.28.1) does the `ETag`, the 304 and `Cache-Control`, but no
/// compression, and Hummingbird has no compression middleware of its own: a file's gzip is
/// made here with compress-nio, once per version of the file (its `ETag`), and kept in memory
/// (files up to `largestCompressedFile`, `cacheLimit` bytes of them in all).
///
/// It also corrects two of `FileMiddleware`'s answers:
/// - a `Range` that starts at or past the end of the file is 416 with `Content-Range: bytes */SIZE`
///   (RFC 9110, 14.1.2 and 15.5.17); `FileMiddleware` (Hummingbird 2.28.1) answers 206 with a
///   negative `Content-Length` (`bytes=99999999-`, or `bytes=384-` on a 384-byte file), an
///   upstream bug;
/// - a path with a control character once decoded (`/index.html%00.txt`) is no file: the file
///   system reads the name up to the NUL and `FileMiddleware` serves `index.html` as `text/plain`.
struct PublicFilesMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// Files larger than this are sent as they are.
    static let largestCompressedFile = 1 << 20
    /// The most bytes of compressed files kept in memory.
    static let cacheLimit = 16 << 20

    private let files: FileMiddleware<Context, LocalFileSystem>
    private let compressed = CompressedFiles()

    /// The gzip of each file path, for the version of the file its `ETag` names.
    private final class CompressedFiles: Sendable {
        let byPath = Mutex<[String: (eTag: String, body: ByteBuffer)]>([:])
    }

    /// - Parameters:
    ///   - directory: the directory served, with `index.html` for a directory's path.
    ///   - logger: where `FileMiddleware` logs.
    init(directory: String, logger: Logger) {
        files = FileMiddleware(
            directory,
            // Kept, but asked about again each time: a new version of the page is seen at once.
            cacheControl: CacheControl([(MediaType(type: .any), [.noCache])]),
            searchForIndexHtml: true,
            logger: logger
        )
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let decoded = request.uri.path.removingPercentEncoding,
              !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            // Not a file name: routes may still answer it, or 404.
            return try await next(request, context)
        }
        var response = try await files.handle(request, context: context, next: next)
        // What the routes answered goes out unchanged.
        guard context.endpointPath == "FileMiddleware" else { return response }
        if response.status == .partialContent, let unsatisfiable = Self.unsatisfiableRange(response.headers[.contentRange]) {
            return Response(
                status: .rangeNotSatisfiable,
                headers: [.contentRange: "bytes */\(unsatisfiable.size)", .contentLength: "0"]
            )
        }
        guard Self.isCompressible(response.headers[.contentType]) else { return response }
        // The answer depends on Accept-Encoding: caches must keep the two apart.
        response.headers[.vary] = "Accept-Encoding"
        switch response.status {
        case .notModified:
            // The length of the file as it is on disk, which is not that of its gzip.
            response.headers[.contentLength] = nil
            return response
        case .ok where request.method == .get && Self.acceptsGzip(request.headers[values: .acceptEncoding]):
            return try await gzipped(response, path: request.uri.path)
        default:
            return response
        }
    }

    /// The response with its body gzip-compressed, from memory when this version of the file
    /// was compressed before.
    private func gzipped(_ response: Response, path: String) async throws -> Response {
        guard let eTag = response.headers[.eTag],
              let size = response.headers[.contentLength].flatMap({ Int($0) }), size <= Self.largestCompressedFile
        else { return response }
        let body: ByteBuffer
        if let kept = compressed.byPath.withLock({ $0[path] }), kept.eTag == eTag {
            body = kept.body
        } else {
            var file = try await Self.collect(response.body, expecting: size)
            body = try file.compress(with: .gzip())
            compressed.byPath.withLock { files in
                files[path] = nil
                let kept = files.values.reduce(0) { $0 + $1.body.readableBytes }
                if kept + body.readableBytes <= Self.cacheLimit { files[path] = (eTag, body) }
            }
        }
        var headers = response.headers
        headers[.contentEncoding] = "gzip"
        headers[.contentLength] = String(body.readableBytes)
        // Byte ranges are of the file as it is on disk; they are served uncompressed.
        headers[.acceptRanges] = nil
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// Whether `Accept-Encoding` accepts gzip: `gzip` or `*` with a weight other than 0.
    static func acceptsGzip(_ fields: [String]) -> Bool {
        for field in fields {
            for item in field.split(separator: ",") {
                let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                guard let coding = parts.first, coding == "gzip" || coding == "x-gzip" || coding == "*" else { continue }
                let weight = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
                return weight > 0
            }
        }
        return false
    }

    /// Text is worth compressing; images other than SVG, fonts and archives are compressed already.
    static func isCompressible(_ contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() else {
            return false
        }
        return type.hasPrefix("text/") || type.hasSuffix("+json") || type.hasSuffix("+xml")
            || ["application/javascript", "application/json", "application/xml"].contains(type)
    }

    private static func collect(_ body: ResponseBody, expecting size: Int) async throws -> ByteBuffer {
        let bytes = CollectedBytes(ByteBufferAllocator().buffer(capacity: size))
        try await body.write(BodyCollector(bytes: bytes))
        return bytes.buffer
    }

    private final class CollectedBytes {
        var buffer: ByteBuffer
        init(_ buffer: ByteBuffer) { self.buffer = buffer }
    }

    /// Receives the file's bytes as `FileMiddleware` writes them.
    private struct BodyCollector: ResponseBodyWriter {
        let bytes: CollectedBytes

        func write(_ part: ByteBuffer) async throws {
            bytes.buffer.writeImmutableBuffer(part)
        }

        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    /// The file's size when `FileMiddleware`'s `Content-Range` (`bytes FIRST-LAST/SIZE`) names no
    /// byte of the file: its first byte at or past the end.
    static func unsatisfiableRange(_ contentRange: String?) -> (first: Int, size: Int)? {
        guard let contentRange, contentRange.hasPrefix("bytes ") else { return nil }
        let parts = contentRange.dropFirst("bytes ".count).split(separator: "/")
        guard parts.count == 2, let size = Int(parts[1]),
              let dash = parts[0].firstIndex(of: "-"),
              let first = Int(parts[0][..<dash]), let last = Int(parts[0][parts[0].index(after: dash)...])
        else { return nil }
        return first >= size || last < first ? (first, size) : nil
    }
}
