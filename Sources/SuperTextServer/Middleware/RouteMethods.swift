import HTTPTypes

/// Route templates and the methods each one answers, so that a request for a route that exists
/// with other methods can get 405 and an `Allow` header rather than 404.
struct RouteMethods: Sendable {
    /// Route templates split into segments (`*` matches any one segment), and their methods.
    private let routes: [(template: [Substring], methods: [HTTPRequest.Method])]

    /// - Parameter routes: paths such as `/api/v1/history/*` and the methods they answer; a route
    ///   with `GET` answers `HEAD` too (the router's `autoGenerateHeadEndpoints`).
    init(_ routes: [(String, [HTTPRequest.Method])]) {
        self.routes = routes.map { path, methods in
            (template: path.split(separator: "/"), methods: methods.flatMap { $0 == .get ? [.get, .head] : [$0] })
        }
    }

    /// The methods of the route that `path` names, or `nil` when no route matches it.
    func allowedMethods(for path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/")
        for route in routes where route.template.count == segments.count {
            if zip(route.template, segments).allSatisfy({ $0 == "*" || $0 == $1 }) { return route.methods }
        }
        return nil
    }
}
