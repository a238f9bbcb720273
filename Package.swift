// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "SuperText",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "supertext", targets: ["supertext"]),
        .library(name: "SuperTextCore", targets: ["SuperTextCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
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
            dependencies: ["CHunspell"]
        ),
        // The command line: parses options and calls the core.
        .executableTarget(
            name: "supertext",
            dependencies: [
                "SuperTextCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
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
    ]
)
