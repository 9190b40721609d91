// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// Every target's imports are checked against its dependencies in every build (see Plugins/ImportLayering).
let layered: [Target.PluginUsage] = [.plugin(name: "ImportLayering")]

let package = Package(
    name: "HealthLog",
    products: [
        .executable(name: "healthlog", targets: ["healthlog"]),
        .executable(name: "healthlog-fuzz", targets: ["healthlog-fuzz"]),
        .library(name: "HealthCore", targets: ["HealthCore"]),
        .library(name: "HealthRecords", targets: ["HealthRecords"]),
        .library(name: "HealthAnalytics", targets: ["HealthAnalytics"]),
        .library(name: "HealthPresentation", targets: ["HealthPresentation"]),
        .library(name: "HealthReport", targets: ["HealthReport"]),
        .library(name: "HealthInterchange", targets: ["HealthInterchange"]),
        .library(name: "HealthSync", targets: ["HealthSync"]),
        .library(name: "HealthSyncPresentation", targets: ["HealthSyncPresentation"]),
        .library(name: "HealthUseCases", targets: ["HealthUseCases"]),
        .library(name: "HealthQRCode", targets: ["HealthQRCode"]),
        .library(name: "HealthWeb", targets: ["HealthWeb"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        // The layers, enforced by the compiler (make builds with --explicit-target-dependency-import-check
        // error): the base knows no SQLite; analytics and the renderer never see the store.
        // What Swift cannot do safely itself: signal handlers that remove temporary files, unnamed files.
        .target(name: "CSystem"),
        // The drawing stack, libxml2, libarchive, libqrencode and libmicrohttpd by their own function
        // names, each library opened on first use: a command that never draws, reads XML, opens a zip,
        // shows a QR code or serves the page loads none of them (see gen_deferred_libraries.py).
        .target(name: "CDeferredLibraries", dependencies: ["CCairo", "CPango", "CLibXML2", "CArchive", "CQREncode", "CMicroHTTPD"]),
        // The layering check run by the build plugin: a target importing a module of this package
        // that Package.swift does not let it depend on fails to build, with or without make.
        // What the package's tools share (reading a file), with the C library alone: the build tools and healthlog-fuzz.
        .target(name: "BuildToolFiles"),
        .executableTarget(name: "import-layering-check", dependencies: ["BuildToolFiles"], path: "Sources/ImportLayeringCheck"),
        .plugin(name: "ImportLayering", capability: .buildTool(), dependencies: ["import-layering-check"]),
        // The page's static files (Templates/web) compiled into HealthWeb, so a lone binary serves them.
        .executableTarget(name: "embed-web-assets", dependencies: ["BuildToolFiles"], path: "Sources/EmbedWebAssets"),
        .plugin(name: "EmbedWebAssets", capability: .buildTool(), dependencies: ["embed-web-assets"]),
        // The Templates folder's JSON (string tables, report templates, medicines) compiled into
        // HealthCore, so a lone binary runs; an installed or user's own folder is read first.
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["embed-web-assets"]),
        .target(name: "HealthCore", dependencies: ["CSystem"], swiftSettings: strict, plugins: layered + [.plugin(name: "EmbedTemplates")]),
        .target(name: "HealthRecords", dependencies: ["HealthCore", "CSQLite"], swiftSettings: strict, plugins: layered),
        .target(name: "HealthAnalytics", dependencies: ["HealthCore"], swiftSettings: strict, plugins: layered),
        // Where figures become words, cells and marks, once for every front end: the facts of each
        // reading, the summary document and its JSON. Analytics returns numbers; this says them.
        .target(name: "HealthPresentation", dependencies: ["HealthCore", "HealthAnalytics"], swiftSettings: strict, plugins: layered),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // Zip files (Apple Health's export.zip, .xlsx and .ods workbooks), every entry's CRC-32 checked.
        .systemLibrary(name: "CArchive", pkgConfig: "libarchive", providers: [.apt(["libarchive-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // A link as a QR code drawn in the terminal (pairing a phone, joining a shared log), by libqrencode.
        .target(name: "HealthQRCode", dependencies: ["HealthCore", "CQREncode", "CDeferredLibraries"], swiftSettings: strict, plugins: layered),
        .target(
            name: "HealthInterchange", dependencies: ["HealthCore", "CLibXML2", "CArchive", "CDeferredLibraries"], swiftSettings: strict, plugins: layered),
        .target(
            name: "HealthReport", dependencies: ["HealthCore", "HealthPresentation", "CCairo", "CPango", "CDeferredLibraries"],
            swiftSettings: strict, plugins: layered),
        // Family sync: each device's operations in its own journal in a folder an engine (Syncthing)
        // shares, merged into the log; the engine never touches the SQLite file.
        .target(
            name: "HealthSync", dependencies: ["HealthCore", "HealthRecords", "HealthInterchange"], swiftSettings: strict, plugins: layered),
        // Sync's reports in words and JSON, once for the command line and the page.
        .target(
            name: "HealthSyncPresentation", dependencies: ["HealthCore", "HealthPresentation", "HealthSync"], swiftSettings: strict, plugins: layered),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        // What a front end asks of the log, one call each, with the one write path every change goes through.
        .target(
            name: "HealthUseCases",
            dependencies: ["HealthCore", "HealthRecords", "HealthAnalytics", "HealthPresentation", "HealthReport", "HealthInterchange", "HealthSync"],
            swiftSettings: strict, plugins: layered),
        // The command-line toolkit, in the spirit of swift-argument-parser: options declared once as
        // typed specs, one parser, and the help, manual page and completions made from the same specs.
        .target(name: "HealthCommandLine", dependencies: ["HealthCore"], swiftSettings: strict, plugins: layered),
        // The family's page (`healthlog serve`): GNU libmicrohttpd reads HTTP; this routes, checks
        // each device's pairing and capabilities, calls the use cases and renders.
        .target(
            name: "HealthWeb", dependencies: ["HealthCore", "HealthAnalytics", "HealthPresentation", "HealthUseCases", "CMicroHTTPD", "CDeferredLibraries"],
            swiftSettings: strict, plugins: layered + [.plugin(name: "EmbedWebAssets")]),
        // The command line parses, makes one use-case call, and prints; it never sees the store.
        .target(
            name: "HealthLogCLI",
            dependencies: [
                "HealthCore", "HealthCommandLine", "HealthPresentation", "HealthReport", "HealthInterchange", "HealthSync", "HealthSyncPresentation",
                "HealthUseCases", "HealthWeb", "HealthQRCode",
            ],
            swiftSettings: strict, plugins: layered),
        // Libraries only the forwarding functions stand for are not linked at all: start-up loads
        // SQLite and libc, and the drawing stack waits for a report.
        .executableTarget(
            name: "healthlog", dependencies: ["HealthLogCLI", "HealthCommandLine", "HealthCore"], swiftSettings: strict,
            linkerSettings: [.unsafeFlags(["-Xlinker", "--as-needed"])], plugins: layered),
        .target(
            name: "HealthFuzzTargets", dependencies: ["HealthCore", "HealthRecords", "HealthInterchange", "HealthReport"],
            swiftSettings: strict, plugins: layered),
        .target(name: "CFuzzerDriver"),
        // What tests share: temporary folders, the repository's paths, real processes and their peak memory.
        // It is the first module to import Foundation, so it depends on nothing that loads libxml2
        // (HealthInterchange, and with it HealthSync, HealthUseCases, HealthLogCLI). A debug build indexes a
        // C module in the first compile that loads it; libxml2's headers bring the system's ICU, Foundation
        // brings its own (_FoundationICU), and indexing one while the other is loaded stops a clean build with
        // "'UErrorCode' has different definitions in different modules" (incremental builds have the index already).
        .target(name: "HealthLogTestSupport", dependencies: ["HealthCore"], swiftSettings: strict, plugins: layered),
        // The command line run in-process (CLIHarness), for the CLI's tests and sync's: Foundation and libxml2
        // both loaded here is safe because HealthLogTestSupport and HealthInterchange were indexed first.
        .target(
            name: "HealthLogCLITestSupport", dependencies: ["HealthLogTestSupport", "HealthCore", "HealthCommandLine", "HealthLogCLI", "HealthRecords"],
            swiftSettings: strict, plugins: layered),
        .executableTarget(name: "healthlog-fuzz", dependencies: ["HealthFuzzTargets", "CFuzzerDriver", "BuildToolFiles"], swiftSettings: strict, plugins: layered),
        .testTarget(name: "HealthCoreTests", dependencies: ["HealthLogTestSupport", "HealthCore"], swiftSettings: strict, plugins: layered),
        .testTarget(name: "HealthQRCodeTests", dependencies: ["HealthLogTestSupport", "HealthCore", "HealthQRCode"], swiftSettings: strict, plugins: layered),
        .testTarget(
            name: "HealthWebTests", dependencies: ["HealthLogTestSupport", "HealthCore", "HealthWeb", "HealthUseCases", "HealthRecords"],
            exclude: ["Browser"], swiftSettings: strict, plugins: layered),
        .testTarget(name: "HealthRecordsTests", dependencies: ["HealthLogTestSupport", "HealthCore", "HealthRecords", "CSQLite"], swiftSettings: strict, plugins: layered),
        .testTarget(
            name: "HealthAnalyticsTests", dependencies: ["HealthLogTestSupport", "HealthCore", "HealthAnalytics", "HealthPresentation"], swiftSettings: strict,
            plugins: layered),
        .testTarget(
            name: "HealthPresentationTests", dependencies: ["HealthLogTestSupport", "HealthCore", "HealthAnalytics", "HealthPresentation"],
            swiftSettings: strict, plugins: layered),
        .testTarget(
            name: "HealthInterchangeTests", dependencies: ["HealthLogTestSupport", "HealthCore", "HealthInterchange", "HealthRecords", "HealthUseCases"], exclude: ["Fixtures"],
            swiftSettings: strict, plugins: layered),
        .testTarget(
            name: "HealthReportTests",
            dependencies: ["HealthLogTestSupport", "HealthCore", "HealthReport", "HealthAnalytics", "HealthPresentation", "HealthUseCases", "HealthInterchange"],
            exclude: ["Golden"], swiftSettings: strict, plugins: layered),
        .testTarget(
            name: "HealthUseCasesTests",
            dependencies: ["HealthLogTestSupport", "HealthCore", "HealthUseCases", "HealthRecords", "HealthAnalytics", "HealthReport", "HealthInterchange"],
            swiftSettings: strict, plugins: layered),
        .testTarget(
            name: "HealthSyncTests",
            dependencies: [
                "HealthLogTestSupport", "HealthLogCLITestSupport", "HealthCore", "HealthSync", "HealthSyncPresentation", "HealthRecords", "HealthCommandLine",
                "HealthLogCLI",
            ],
            swiftSettings: strict, plugins: layered),
        .testTarget(
            name: "HealthFuzzTargetsTests", dependencies: ["HealthLogTestSupport", "HealthCore", "HealthFuzzTargets", "HealthRecords", "HealthInterchange"],
            swiftSettings: strict, plugins: layered),
        .testTarget(
            name: "HealthLogCLITests",
            dependencies: [
                "HealthLogTestSupport", "HealthLogCLITestSupport", "HealthCore", "HealthCommandLine", "HealthLogCLI", "HealthRecords", "HealthAnalytics",
                "HealthInterchange", "HealthUseCases", "CSQLite",
            ],
            swiftSettings: strict, plugins: layered
        ),
    ],
    swiftLanguageModes: [.v6]
)
