// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "HealthLog",
    products: [
        .executable(name: "healthlog", targets: ["healthlog"]),
        .executable(name: "healthlog-fuzz", targets: ["healthlog-fuzz"]),
        .library(name: "HealthCore", targets: ["HealthCore"]),
        .library(name: "HealthRecords", targets: ["HealthRecords"]),
        .library(name: "HealthAnalytics", targets: ["HealthAnalytics"]),
        .library(name: "HealthReport", targets: ["HealthReport"]),
        .library(name: "HealthInterchange", targets: ["HealthInterchange"]),
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
        .target(name: "HealthCore", dependencies: ["CSystem"], swiftSettings: strict),
        .target(name: "HealthRecords", dependencies: ["HealthCore", "CSQLite"], swiftSettings: strict),
        .target(name: "HealthAnalytics", dependencies: ["HealthCore"], swiftSettings: strict),
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "HealthInterchange", dependencies: ["HealthCore", "HealthRecords", "CLibXML2", "CZlib"], swiftSettings: strict),
        .target(
            name: "HealthReport", dependencies: ["HealthCore", "HealthAnalytics", "CCairo", "CPango"],
            swiftSettings: strict),
        .target(
            name: "HealthLogCLI", dependencies: ["HealthCore", "HealthRecords", "HealthAnalytics", "HealthReport", "HealthInterchange"],
            swiftSettings: strict),
        .executableTarget(name: "healthlog", dependencies: ["HealthLogCLI", "HealthCore"], swiftSettings: strict),
        .target(
            name: "HealthFuzzTargets", dependencies: ["HealthCore", "HealthRecords", "HealthInterchange", "HealthReport"],
            swiftSettings: strict),
        .target(name: "CFuzzerDriver"),
        .target(name: "HealthLogTestSupport", swiftSettings: strict),
        .executableTarget(name: "healthlog-fuzz", dependencies: ["HealthFuzzTargets", "CFuzzerDriver"], swiftSettings: strict),
        .testTarget(name: "HealthCoreTests", dependencies: ["HealthLogTestSupport", "HealthCore"], swiftSettings: strict),
        .testTarget(name: "HealthRecordsTests", dependencies: ["HealthLogTestSupport", "HealthCore", "HealthRecords"], swiftSettings: strict),
        .testTarget(
            name: "HealthAnalyticsTests", dependencies: ["HealthLogTestSupport", "HealthCore", "HealthAnalytics"], swiftSettings: strict),
        .testTarget(
            name: "HealthInterchangeTests", dependencies: ["HealthLogTestSupport", "HealthCore", "HealthInterchange", "HealthRecords"], exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "HealthReportTests", dependencies: ["HealthLogTestSupport", "HealthCore", "HealthReport", "HealthAnalytics"],
            swiftSettings: strict),
        .testTarget(
            name: "HealthFuzzTargetsTests", dependencies: ["HealthLogTestSupport", "HealthCore", "HealthFuzzTargets", "HealthRecords", "HealthInterchange"],
            swiftSettings: strict),
        .testTarget(
            name: "HealthLogCLITests",
            dependencies: ["HealthLogTestSupport", "HealthCore", "HealthLogCLI", "HealthRecords", "HealthAnalytics", "HealthInterchange"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
