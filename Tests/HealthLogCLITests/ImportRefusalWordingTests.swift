import Foundation
import Testing

/// Import refusals name the file and line as `FILE:LINE: reason`, say what an empty file is,
/// read a European spreadsheet's HealthLog CSV, and refuse a cut-off row of HealthLog's own.
@Suite struct ImportRefusalWordingTests {
    @Test func anEmptyFileIsCalledEmpty() {
        let harness = CLIHarness()
        for (name, content) in [("empty.csv", ""), ("blank.csv", "\n\n  \n")] {
            let result = harness.run("import", harness.directory.write(name, content))
            #expect(result.status == 65)
            #expect(result.stderr.contains("\(name): the file"), "\(result.stderr)")
            #expect(result.stderr.contains(name == "empty.csv" ? "is empty" : "only blank lines"), "\(result.stderr)")
        }
        let null = harness.run("import", "/dev/null")
        #expect(null.status == 65)
        #expect(null.stderr.contains("/dev/null: the file is empty"), "\(null.stderr)")
    }

    @Test func anUnclosedQuoteIsNamedAsFileColonLine() {
        let harness = CLIHarness()
        let path = harness.directory.write("q.csv", "id,profile,taken_at,systolic,diastolic\n,dad,\"2026-11-01T08:00:00+08:00,130,85\n")
        let result = harness.run("import", path)
        #expect(result.status == 65)
        #expect(result.stderr.contains("\(path):2: a quoted cell is never closed"), "\(result.stderr)")
    }

    @Test func aSemicolonFileWithDecimalCommasImports() throws {
        let harness = CLIHarness()
        let path = harness.directory.write(
            "semi.csv", "id;profile;taken_at;systolic;diastolic;pulse;weight_kg\n;dad;2026-11-01T08:00:00+08:00;130;85;70;72,5\n")
        harness.ok("import", path)
        let readings = try harness.readings()
        #expect(readings.count == 1)
        #expect(readings.first?.weightGrams == 72_500)
        // Two commas, or a comma beside nothing, is not a number.
        let bad = harness.directory.write("bad.csv", "id;profile;taken_at;weight_kg\n;dad;2026-11-02T08:00:00+08:00;7,2,5\n")
        #expect(harness.run("import", bad).stderr.contains("weight_kg '7,2,5' is not a number like 72.5"))
    }

    @Test func aCutOffRowOfHealthLogsOwnIsRefusedAHandWrittenShortRowIsNot() throws {
        let harness = CLIHarness()
        let header = "id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note"
        let cut = harness.directory.write("cut.csv", "\(header)\n0a1b2c3d4e5f40718293a4b5c6d7e8f9,dad,2026-11-01T08:00:00+08:00,130,8\n")
        let refused = harness.run("import", cut)
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("cut.csv:2: 5 cells where the header has 9"), "\(refused.stderr)")
        let typed = harness.directory.write("typed.csv", "\(header)\n,dad,2026-11-01T08:00:00+08:00,130,85\n")
        harness.ok("import", typed)
        #expect(try harness.readings().count == 1)
    }

    @Test func aNULByteIsShownAsAUnicodeEscape() {
        let harness = CLIHarness()
        let path = harness.directory.write("nul.csv", "id,profile,taken_at,systolic,diastolic\n,dad,2026-11-01T08:00:00+08:00,13\u{0}1,85\n")
        let result = harness.run("import", path)
        #expect(result.stderr.contains("systolic '13\\u{0}1'"), "\(result.stderr)")
    }
}
