import Hummingbird
import NIOCore

/// `GET /openapi.json`: the OpenAPI 3.1 document of `/api/v1` and `/v2`.
///
/// The document is `Resources/openapi.json`, compiled into the binary (SwiftPM's
/// `embedInCode`): the release binary, `make run` and the Docker image serve the document
/// they were built with, with no file to find at start or to forget to copy.
struct OpenAPIController: Sendable {
    /// The document's bytes, as written in the repository.
    static let document = ByteBuffer(bytes: PackageResources.openapi_json)

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("openapi.json", use: document)
    }

    @Sendable func document(request: Request, context: AppRequestContext) async throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: Self.document)
        )
    }
}
