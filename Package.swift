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
        .library(name: "HealthRecords", targets: ["HealthRecords"]),
        .library(name: "HealthAnalytics", targets: ["HealthAnalytics"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "HealthRecords", dependencies: ["CSQLite"], swiftSettings: strict),
        .target(name: "HealthAnalytics", dependencies: ["HealthRecords"], swiftSettings: strict),
        .target(name: "HealthLogCLI", dependencies: ["HealthRecords", "HealthAnalytics"], swiftSettings: strict),
        .executableTarget(name: "healthlog", dependencies: ["HealthLogCLI"], swiftSettings: strict),
        .testTarget(name: "HealthRecordsTests", dependencies: ["HealthRecords"], swiftSettings: strict),
        .testTarget(
            name: "HealthAnalyticsTests", dependencies: ["HealthAnalytics", "HealthRecords"], swiftSettings: strict),
        .testTarget(
            name: "HealthLogCLITests",
            dependencies: ["HealthLogCLI", "HealthRecords", "HealthAnalytics"],
            swiftSettings: strict
        ),
    ],
    swiftLanguageModes: [.v6]
)
