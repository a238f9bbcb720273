import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Serves the web front end from `public/` with Hummingbird's `FileMiddleware`, and corrects two
/// of its answers:
/// - a `Range` that starts at or past the end of the file is 416 with `Content-Range: bytes */SIZE`
///   (RFC 9110, 14.1.2 and 15.5.17); `FileMiddleware` (Hummingbird 2.28.1) answers 206 with a
///   negative `Content-Length` (`bytes=99999999-`, or `bytes=384-` on a 384-byte file), an
///   upstream bug;
/// - a path with a control character once decoded (`/index.html%00.txt`) is no file: the file
///   system reads the name up to the NUL and `FileMiddleware` serves `index.html` as `text/plain`.
struct PublicFilesMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    private let files: FileMiddleware<Context, LocalFileSystem>

    /// - Parameters:
    ///   - directory: the directory served, with `index.html` for a directory's path.
    ///   - logger: where `FileMiddleware` logs.
    init(directory: String, logger: Logger) {
        files = FileMiddleware(directory, searchForIndexHtml: true, logger: logger)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let decoded = request.uri.path.removingPercentEncoding,
              !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            // Not a file name: routes may still answer it, or 404.
            return try await next(request, context)
        }
        let response = try await files.handle(request, context: context, next: next)
        guard response.status == .partialContent, let unsatisfiable = Self.unsatisfiableRange(response.headers[.contentRange]) else {
            return response
        }
        return Response(
            status: .rangeNotSatisfiable,
            headers: [.contentRange: "bytes */\(unsatisfiable.size)", .contentLength: "0"]
        )
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
