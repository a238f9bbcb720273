// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "SuperText",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "supertext", targets: ["supertext"]),
        .library(name: "SuperTextCore", targets: ["SuperTextCore"]),
        .library(name: "SuperTextServer", targets: ["SuperTextServer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        // Hummingbird's own transport, named for the HTTP parser's errors (`HTTPFramingErrorHandler`).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // `/metrics`: swift-metrics' API, with Prometheus's text format as its backend.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // zlib over ByteBuffers: the web page's files are sent gzip-compressed (`PublicFilesMiddleware`).
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        // The PostgreSQL store (`SuperTextPostgres`), for several servers sharing one database.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // SHA-256 of API keys (`APIKey`); postgres-nio builds it anyway.
        .package(url: "https://github.com/apple/swift-crypto.git", "3.12.3"..<"5.0.0"),
        // `.supertext.toml`, the project file (`SuperTextProject`).
        .package(url: "https://github.com/LebJe/TOMLKit.git", from: "0.6.0"),
    ],
    targets: [
        // The C library, wrapped: libhunspell from Debian's libhunspell-dev.
        .systemLibrary(
            name: "CHunspell",
            pkgConfig: "hunspell",
            providers: [.apt(["libhunspell-dev"])]
        ),
        // Tokenizer, dictionaries, checker, suggestions, explanations, rules.
        // No HTTP, no SQL, no printing.
        .target(
            name: "SuperTextCore",
            dependencies: ["CHunspell"],
            // Optimised in debug builds too: unoptimised, loading the five languages took 15 s
            // (0.5 s optimised), and every test, command and server start of `make test` paid it.
            swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]
        ),
        // What every store keeps and how: the protocols, the models, users and keys, the
        // dictionaries in memory, excerpts, insights, retention, the page of history. No SQL.
        .target(
            name: "SuperTextStore",
            dependencies: [
                "SuperTextCore",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // History, personal dictionary and insights in SQLite (GRDB), behind the store's protocols.
        .target(
            name: "SuperTextSQLite",
            dependencies: [
                "SuperTextCore",
                "SuperTextStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C functions, to bind the values of saved checks in place.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // History, personal dictionary and insights in PostgreSQL (postgres-nio), behind the same
        // protocols as the SQLite store: several servers share one database.
        .target(
            name: "SuperTextPostgres",
            dependencies: [
                "SuperTextCore",
                "SuperTextStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The HTTP service (Hummingbird 2): controllers per resource over the core and the store.
        .target(
            name: "SuperTextServer",
            dependencies: [
                "SuperTextCore",
                "SuperTextProject",
                "SuperTextStore",
                "SuperTextSQLite",
                "SuperTextPostgres",
                .product(name: "Hummingbird", package: "hummingbird"),
                // The server's channels, for the connection limit (`ConnectionLimitedChannel`).
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                // The client bootstrap of `HealthProbe` (`supertext healthcheck`).
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ],
            // The OpenAPI document served at /openapi.json, compiled into the binary.
            resources: [.embedInCode("Resources/openapi.json")]
        ),
        // A project's settings (`.supertext.toml`, its dictionary, ignored matches), file types and
        // the comments that turn rules off in a file: shared by `check` and the language server.
        .target(
            name: "SuperTextProject",
            dependencies: ["SuperTextCore", .product(name: "TOMLKit", package: "TOMLKit")]
        ),
        // `supertext lsp`: the Language Server Protocol over standard input and output.
        .target(
            name: "SuperTextLanguageServer",
            dependencies: ["SuperTextCore", "SuperTextProject"]
        ),
        // The command line: parses options and calls the core or the server.
        .executableTarget(
            name: "supertext",
            dependencies: [
                "SuperTextCore",
                "SuperTextStore",
                "SuperTextServer",
                "SuperTextProject",
                "SuperTextLanguageServer",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // jemalloc in place of glibc's malloc: Hunspell keeps its dictionaries in about 900,000
            // small allocations, and glibc's chunk headers cost the service 8 MB more
            // (docs/performance.md, "Where the service's memory goes").
            linkerSettings: [.linkedLibrary("jemalloc", .when(platforms: [.linux]))]
        ),
        // `make bench`: tokenizer and spell-check speed, flag rates, against `hunspell -l`.
        // An executable target only: nothing users install.
        .executableTarget(
            name: "supertext-bench",
            dependencies: [
                "SuperTextCore", "SuperTextStore", "SuperTextSQLite",
                // SQLite's C API alone, for the floor of a committed save (`store`).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // Suggestion quality and speed against libhunspell and aspell (`make bench-suggest`).
        .executableTarget(
            name: "supertext-bench-suggest",
            dependencies: [
                "SuperTextCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SuperTextCoreTests",
            dependencies: ["SuperTextCore"],
            resources: [.copy("Cases")]
        ),
        .testTarget(
            name: "SuperTextProjectTests",
            dependencies: ["SuperTextProject", "SuperTextLanguageServer"]
        ),
        .testTarget(
            name: "SuperTextStoreTests",
            dependencies: ["SuperTextStore", "SuperTextSQLite", "SuperTextPostgres"]
        ),
        .testTarget(
            name: "SuperTextServerTests",
            dependencies: [
                "SuperTextServer",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // A store made to fail (`MetricsTests`).
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ]
        ),
    ]
)
