import Foundation
import HealthCommandLine
import HealthCore
import HealthLogCLI
import Testing

/// `--format csv` beside every listing's table: the JSON's fields as columns, one row per record,
/// text that no spreadsheet runs as a formula.
@Suite struct ListingCSVTests {
    private func family() -> CLIHarness {
        let harness = CLIHarness()
        harness.family()
        harness.ok("profile", "edit", "dad", "--target", "130/80")
        harness.ok("profile", "add", "gran", "--name", "=HYPERLINK(\"http://x\",\"click\")")
        harness.ok("-p", "dad", "event", "add", "amlodipine, 5 mg started", "--at", "2026-11-28 08:00")
        return harness
    }

    @Test func profileListHasTheJSONFieldsAsColumns() throws {
        let harness = family()
        let lines = harness.ok("profile", "list", "--format", "csv").split(separator: "\n").map(String.init)
        #expect(lines.first == "id,name,birthYear,sex,target.systolic,target.diastolic,readings,default")
        #expect(lines.contains("dad,爸爸,1954,male,130,80,3,false"))
        #expect(lines.contains("mom,妈妈,,,,,1,false"))
        // A name a spreadsheet would run is kept as text, quoted where it holds a comma or quote.
        #expect(lines.contains("gran,\"'=HYPERLINK(\"\"http://x\"\",\"\"click\"\")\",,,,,0,false"), "\(lines)")
        #expect(lines.count == 4)
    }

    @Test func tagListHasDefinedAndUndefinedTags() throws {
        let harness = family()
        // A tag a file brought in that this log never defined.
        let csv = harness.directory.file("other.csv")
        try "taken_at,systolic,diastolic,tags\n2026-11-29T08:00:00+08:00,120,80,low-salt\n".write(toFile: csv, atomically: true, encoding: .utf8)
        harness.ok("-p", "mom", "import", csv)
        let lines = harness.ok("tag", "list", "--format", "csv").split(separator: "\n").map(String.init)
        #expect(lines.first == "id,label,labelZh,color,symbol,deviation,uses,defined")
        #expect(lines.contains { $0.hasPrefix("bp-med,BP medication,降压药,") && $0.hasSuffix(",1,true") })
        #expect(lines.contains("low-salt,,,,,,1,false"), "\(lines)")
    }

    @Test func eventListQuotesText() {
        let harness = family()
        let out = harness.ok("-p", "dad", "event", "list", "--format", "csv")
        #expect(out.hasPrefix("id,profile,at,kind,text\n"))
        #expect(out.contains(",dad,2026-11-28T08:00:00+08:00,medication,\"amlodipine, 5 mg started\"\n"))
    }

    @Test func syncStatusHasNoCSV() {
        let harness = family()
        let result = harness.run("sync", "status", "--format", "csv")
        #expect(result.status == ExitCode.usage)
        #expect(result.stderr.contains("table, text or json"))
    }
}
