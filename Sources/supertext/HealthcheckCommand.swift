import ArgumentParser
import Foundation
import SuperTextServer

/// `supertext healthcheck`: asks a running server whether it is healthy, for the container
/// image's `HEALTHCHECK` (the image has no shell or HTTP client).
struct HealthcheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Ask the server on the configured address whether it is healthy (exit 0) or not (exit 1).",
        discussion: """
            Sends GET /healthz (with --ready, GET /readyz) to the address `supertext serve` listens on, \
            from the same flags or environment variables: SUPERTEXT_HOST, SUPERTEXT_PORT, SUPERTEXT_SOCKET. \
            A wildcard host (0.0.0.0, ::) is reached on loopback. Healthy means it answered 200 within the timeout.
            """
    )

    @Option(help: "Host the server listens on (default 127.0.0.1).")
    var host: String?

    @Option(help: "TCP port the server listens on (default 8080).")
    var port: Int?

    @Option(help: "Unix domain socket the server listens on, instead of TCP.")
    var socket: String?

    @Flag(help: "Ask /readyz (dictionaries loaded and the database usable) instead of /healthz (the process answers).")
    var ready = false

    @Option(help: "Seconds to wait for the answer (default 4).")
    var timeout: Double = 4

    func run() async throws {
        let options = EnvironmentOptions()
        guard timeout > 0, timeout <= 3600 else { throw ValidationError("The timeout must be more than 0 and at most 3600 seconds.") }
        let address: ServerConfiguration.Address
        if let socket = options.string(socket, "SUPERTEXT_SOCKET") {
            address = .unixSocket(path: socket)
        } else {
            let port = try options.number(port, "SUPERTEXT_PORT") ?? 8080
            guard (1...65535).contains(port) else { throw ValidationError("Port \(port) is out of range.") }
            address = .tcp(host: options.string(host, "SUPERTEXT_HOST") ?? "127.0.0.1", port: port)
        }
        let outcome = await HealthProbe.probe(
            address, path: ready ? "/readyz" : "/healthz", timeout: .milliseconds(Int64(timeout * 1000))
        )
        print(outcome.message)
        if !outcome.healthy { throw ExitCode(1) }
    }
}
