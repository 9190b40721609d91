import Foundation
import HealthCore
import HealthRecords
import Testing

/// What `import` prints for the shapes of issue "exports from every locale", part 2: times in
/// the spring daylight-saving gap, column mappings for any spreadsheet.
@Suite struct ImportCommandTests {
    private var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    private func realFixture(_ name: String) -> String {
        repository.appendingPathComponent("Tests/HealthInterchangeTests/Fixtures/real/\(name)").path
    }

    @Test func timesInTheSpringGapAreReadAsStandardTimeInOneLine() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let path = realFixture("omron_de_dst.csv")
        let result = cli.run("-p", "dad", "import", path, "--tz", "Europe/Berlin")
        #expect(result.status == 0)
        #expect(result.stdout == "Imported \(path) into dad: added 7, duplicate 0, skipped 0, invalid 0.\n")
        #expect(result.stderr.split(separator: "\n").contains(
            "Read 1 time inside the spring daylight-saving gap as standard time (the offset before the change, as a clock not put forward shows it): \(path):7."))
        #expect(try cli.readings().contains { $0.takenAt.iso8601 == "2026-03-29T02:30:00+01:00" })
    }
}
