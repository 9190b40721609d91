import Foundation
import Testing

/// The layering holds in every build: the check the ImportLayering plugin runs for each target
/// refuses a file that imports a module of the package its target does not depend on.
@Suite struct LayeringTests {
    private func check(_ source: String, allowed: [String]) throws -> RunResult {
        let directory = TemporaryDirectory()
        let file = directory.file("Command.swift")
        try source.write(toFile: file, atomically: false, encoding: .utf8)
        let tool = URL(fileURLWithPath: try healthlogExecutable()).deletingLastPathComponent().appendingPathComponent("import-layering-check").path
        var arguments = ["--target", "HealthLogCLI", "--output", directory.file("stamp.swift")]
        for module in ["HealthCore", "HealthRecords", "HealthUseCases", "CSQLite"] { arguments += ["--local", module] }
        for module in allowed { arguments += ["--allowed", module] }
        return try run(executable: tool, arguments + ["--", file], environment: [:])
    }

    @Test func anImportTheTargetDoesNotDependOnIsRefused() throws {
        let refused = try check("import HealthCore\n@testable import HealthRecords\nimport Foundation\n", allowed: ["HealthCore", "HealthUseCases"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Command.swift:2: error: HealthLogCLI imports HealthRecords, which Package.swift does not let it depend on"))
        for form in ["public import CSQLite", "import struct HealthRecords.RecordStore", "  internal import HealthRecords"] {
            #expect(try check(form + "\n", allowed: ["HealthCore"]).status == 1, "\(form)")
        }
    }

    @Test func allowedAndOutsideModulesPass() throws {
        let passed = try check("import HealthCore\npublic import HealthUseCases\nimport Foundation\n// import HealthRecords\n", allowed: ["HealthCore", "HealthUseCases"])
        #expect(passed.status == 0, "\(passed.stderr)")
    }
}
