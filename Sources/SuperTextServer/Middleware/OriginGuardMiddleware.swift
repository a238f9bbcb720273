import HTTPTypes
import Hummingbird
import SuperTextCore

/// Refuses requests from other web origins that would change data (the personal dictionary,
/// history, a check stored in history), and answers CORS for the origins allowed with
/// `--allowed-origin`.
///
/// Where a request comes from is read from `Sec-Fetch-Site` (set by the browser, a page cannot
/// forge it), else from `Origin` compared with the request's own scheme and host; a request with
/// neither (curl, scripts, LanguageTool clients) is not a page's and is let through, as is
/// `Sec-Fetch-Site: none` (typed by the user, or an add-on's own request). Then:
/// - any method but `GET`, `HEAD` and `OPTIONS` from a foreign origin is refused with 403
///   `cross_origin`, checks under `/api/v1` included (they are stored in history). `/v2/check`
///   stores nothing and runs from anywhere, so LanguageTool's add-ons work whatever their origin;
/// - a `POST` to `/api/v1` with a body a page may send without a preflight (a form, `text/plain`,
///   none) is accepted only from the same origin or a client that names none: an allowed origin
///   sends JSON;
/// - a preflight (`OPTIONS` with `Access-Control-Request-Method`) is answered for an allowed
///   origin and refused with 403, without CORS headers, for any other.
///
/// Hummingbird's `CORSMiddleware` writes the CORS headers, but only for allowed origins: by
/// itself it refuses nothing (CORS only says which answers a page may read, and a form post
/// changes data before any of it), its `.originBased` echoes every origin, even on answers that
/// must stay private such as the history, and its `.oneOf` takes origins as literal arguments,
/// not a list known at start. So this middleware decides, and hands allowed origins to it.
/// It runs outside the error middleware: `CORSMiddleware` wraps errors that reach it in a type
/// that would lose their code, and here it sees only responses.
struct OriginGuardMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// The allowed origins, normalised (`OriginGuardMiddleware.normalizedOrigin`).
    let allowedOrigins: Set<String>
    /// Writes the CORS headers and answers preflights, for allowed origins only.
    private let cors: CORSMiddleware<AppRequestContext>

    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    static let forwardedHost = HTTPField.Name("X-Forwarded-Host")!

    /// - Parameter allowedOrigins: origins such as `https://docs.example.org` (already checked
    ///   with `normalizedOrigin`; one that is not an origin allows nothing).
    init(allowedOrigins: [String]) {
        self.allowedOrigins = Set(allowedOrigins.compactMap(Self.normalizedOrigin))
        cors = CORSMiddleware(
            allowOrigin: .originBased,
            allowHeaders: [.accept, .authorization, .contentType],
            allowMethods: [.get, .head, .post, .put, .delete, .options],
            allowCredentials: false,
            exposedHeaders: ["Retry-After", "X-Request-Id"],
            maxAge: .seconds(600)
        )
    }

    /// Where a request comes from, as far as changing data goes.
    enum Source: Equatable {
        /// Not a web page's: no `Origin` nor `Sec-Fetch-Site`, or `Sec-Fetch-Site: none`.
        case unstated
        /// A page of this server.
        case sameOrigin
        /// An origin of `--allowed-origin`.
        case allowed
        /// Another origin, as named in the error message (`null` or `another site` when unnamed).
        case foreign(String)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        var response: Response
        switch source(of: request) {
        case .allowed:
            guard request.method == .post, Self.isJSONAPI(path), Self.hasSimpleBody(request) else {
                return try await cors.handle(request, context: context, next: next)
            }
            // With CORS headers, so that the allowed page can read why.
            return try await cors.handle(request, context: context) { request, context in
                try refuse(
                    request, context: context,
                    message: "A request from another origin to /api/v1 must send JSON (Content-Type: application/json): "
                        + "forms and text bodies are accepted only from the SuperText page itself or from clients that send no Origin header."
                )
            }
        case .foreign(let origin) where request.method == .options && request.headers[.accessControlRequestMethod] != nil:
            response = try refuse(
                request, context: context,
                message: "The origin \(origin) may not call this server from a browser. "
                    + "To allow it, start the server with \(Self.allowOption(origin)) (or SUPERTEXT_ALLOWED_ORIGINS)."
            )
        case .foreign(let origin) where Self.changesData(method: request.method, path: path):
            let what = path.hasPrefix("/api/v1/check") ? "A check (stored in history)" : "A request that changes data"
            response = try refuse(
                request, context: context,
                message: "\(what) from another origin (\(origin)) is refused, so that other sites cannot change your data. "
                    + "Send it from the SuperText page or from a client that sends no Origin header (curl, scripts), "
                    + "or allow the origin: start the server with \(Self.allowOption(origin)) (or SUPERTEXT_ALLOWED_ORIGINS)."
            )
        case .foreign, .unstated, .sameOrigin:
            response = try await next(request, context)
        }
        // What CORS answers depends on the origin: caches must keep answers apart.
        if !allowedOrigins.isEmpty { response.headers[values: .vary].append("Origin") }
        return response
    }

    /// Where `request` comes from. `Sec-Fetch-Site` wins when it says same origin or none;
    /// otherwise an allowed `Origin` is allowed whatever the browser says of its site.
    func source(of request: Request) -> Source {
        let fetchSite = request.headers[Self.secFetchSite]?.lowercased()
        let origin = request.headers[.origin]
        switch fetchSite {
        case "same-origin": return .sameOrigin
        case "none": return .unstated
        default: break
        }
        if let origin, let normalized = Self.normalizedOrigin(origin), allowedOrigins.contains(normalized) {
            return .allowed
        }
        if fetchSite == "same-site" || fetchSite == "cross-site" {
            return .foreign(origin ?? "another site")
        }
        guard let origin else { return .unstated }
        if let normalized = Self.normalizedOrigin(origin), normalized == Self.ownOrigin(of: request) {
            return .sameOrigin
        }
        return .foreign(origin)
    }

    /// The origin the request was sent to: its scheme (`http`, or what a proxy says in
    /// `X-Forwarded-Proto`) and its host (`Host`, or a proxy's `X-Forwarded-Host`). A page
    /// cannot set these headers on a request to another origin without a preflight, which
    /// foreign origins are refused and allowed ones are not offered.
    static func ownOrigin(of request: Request) -> String? {
        func first(_ name: HTTPField.Name) -> String? {
            request.headers[name]?.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let scheme = first(forwardedProto) ?? request.head.scheme ?? "http"
        guard let host = first(forwardedHost) ?? request.head.authority else { return nil }
        return normalizedOrigin("\(scheme)://\(host)")
    }

    /// Whether a request with this method on this path may change data: every method but
    /// `GET`, `HEAD` and `OPTIONS`, except LanguageTool's check, which stores nothing.
    static func changesData(method: HTTPRequest.Method, path: String) -> Bool {
        switch method {
        case .get, .head, .options: false
        default: path != "/v2/check"
        }
    }

    static func isJSONAPI(_ path: String) -> Bool {
        path == "/api/v1" || path.hasPrefix("/api/v1/")
    }

    /// Whether the body is of a type a page may send to another origin without a preflight
    /// (the Fetch standard's CORS-safelisted content types), or has no type at all.
    static func hasSimpleBody(_ request: Request) -> Bool {
        guard let contentType = request.headers[.contentType] else { return true }
        return ["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]
            .contains(MediaTypeName(contentType).essence)
    }

    /// The option that allows `origin`, or its form when the origin cannot be allowed (`null`,
    /// or a request that names none).
    static func allowOption(_ origin: String) -> String {
        normalizedOrigin(origin).map { "--allowed-origin \($0)" } ?? "--allowed-origin ORIGIN"
    }

    /// The 403 `cross_origin` answer: JSON under `/api/v1`, LanguageTool's `Error: ` text under `/v2`.
    private func refuse(_ request: Request, context: Context, message: String) throws -> Response {
        let path = request.uri.path
        context.logger.info("refused a request from another origin (\(request.headers[.origin] ?? "no Origin, Sec-Fetch-Site: \(request.headers[Self.secFetchSite] ?? "-")"))")
        var response = path == "/v2" || path.hasPrefix("/v2/")
            ? try LanguageToolError(.crossOrigin, message).response(from: request, context: context)
            : try APIError(.crossOrigin, message).response(from: request, context: context)
        return response
    }

    /// `scheme://host[:port]` in lowercase without a default port (80 for http, 443 for https)
    /// or a final `/`, or `nil` when `text` is not an origin (a path, a user, `null`, `*`).
    /// Add-ons' origins (`chrome-extension://ID`, `moz-extension://UUID`) are origins too.
    static func normalizedOrigin(_ text: String) -> String? {
        var text = Substring(text.trimmingCharacters(in: .whitespaces))
        if text.hasSuffix("/") { text = text.dropLast() }
        guard text.allSatisfy(\.isASCII), let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound].lowercased()
        let authority = text[separator.upperBound...].lowercased()
        guard let firstLetter = scheme.first, firstLetter.isLetter,
              scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }),
              !authority.isEmpty, !authority.contains(where: { "/?#@\\ *".contains($0) })
        else { return nil }
        var host = authority[...]
        var port: Substring?
        if authority.hasPrefix("[") {
            // An IPv6 address: [::1] or [::1]:8080.
            guard let close = authority.firstIndex(of: "]") else { return nil }
            host = authority[...close]
            let rest = authority[authority.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { return nil }
                port = rest.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        }
        guard !host.isEmpty, !host.contains(":") || host.hasPrefix("[") else { return nil }
        if let digits = port {
            guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy(\.isNumber), let number = Int(digits), number <= 65535 else {
                return nil
            }
            port = (scheme == "http" && number == 80) || (scheme == "https" && number == 443) ? nil : Substring(String(number))
        }
        return "\(scheme)://\(host)\(port.map { ":\($0)" } ?? "")"
    }
}
