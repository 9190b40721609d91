import Foundation
import HealthCore
import HealthRecords
import Testing

/// Text limits count Unicode code points, the same in every entry path and in the schema:
/// a note short in characters but huge in code points is refused with one message, and a
/// profile name never reaches SQLite's own CHECK with its raw text.
@Suite struct TextLimitTests {
    /// "e" and `marks` combining acute accents: one character on screen.
    private func accented(_ marks: Int) -> String { "e" + String(repeating: "\u{301}", count: marks) }

    @Test func aNoteOfOneCharacterAndSixtyThousandMarksIsRefused() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad")
        let result = cli.run("-p", "dad", "add", "130/80", "-n", accented(60_000))
        #expect(result.status == 65)
        #expect(result.stderr == "Error: note is 60001 characters (Unicode code points) long; at most 10000 are allowed\n")
        #expect(try cli.readings().isEmpty)
        // The limit itself is accepted exactly.
        cli.ok("-p", "dad", "add", "130/80", "-n", accented(9_999))
        #expect(try cli.readings().first?.note.unicodeScalars.count == 10_000)
        let edited = cli.run("-p", "dad", "edit", String(try cli.readings()[0].id.prefix(8)), "-n", accented(10_000))
        #expect(edited.status == 65 && edited.stderr.contains("note is 10001 characters"), "\(edited.stderr)")
    }

    @Test func aProfileNameTagLabelAndEventTextAreHeldToTheirLimitsWithOneMessage() throws {
        let cli = CLIHarness()
        let name = cli.run("profile", "add", "dad", "--name", accented(150))
        #expect(name.status == 65)
        #expect(name.stderr == "Error: profile name is 151 characters (Unicode code points) long; at most 100 are allowed\n", "\(name.stderr)")
        cli.ok("profile", "add", "dad", "--name", accented(99))
        let label = cli.run("tag", "add", "salt", "--label", accented(40))
        #expect(label.status == 65 && label.stderr.contains("tag label is 41 characters"), "\(label.stderr)")
        let event = cli.run("-p", "dad", "event", "add", accented(500))
        #expect(event.status == 65 && event.stderr.contains("an event's text is 501 characters"), "\(event.stderr)")
        let empty = cli.run("profile", "edit", "dad", "--name", "  ")
        #expect(empty.status == 65 && empty.stderr == "Error: profile name is empty; give 1–100 characters\n", "\(empty.stderr)")
    }

    @Test func everyImportIsHeldToTheSameLimits() throws {
        let cli = CLIHarness()
        let note = accented(20_000).replacingOccurrences(of: "\"", with: "")
        let backup = """
            {"format": "healthlog-backup", "version": 2, "profiles": [{"id": "dad", "name": "\(accented(200))", "birthYear": null,
              "sex": null, "target": null, "createdAt": "2026-11-01T00:00:00.000Z", "updatedAt": "2026-11-01T00:00:00.000Z"}],
             "readings": [{"id": "3f2a9c1e-0000-4000-8000-000000000001", "profile": "dad", "takenAt": "2026-11-20T07:00:00+08:00",
              "systolic": 130, "diastolic": 80, "pulse": null, "weightKg": null, "tags": [], "note": "\(note)", "site": "home",
              "createdAt": "2026-11-01T00:00:00.000Z", "updatedAt": "2026-11-01T00:00:00.000Z"}]}
            """
        let result = cli.run("import", cli.directory.write("b.json", backup))
        #expect(result.status == 65)
        #expect(result.stderr.contains("profiles[0]: profile name is 201 characters"), "\(result.stderr)")
        #expect(result.stderr.contains("readings[0] (3f2a9c1e): note is 20001 characters"), "\(result.stderr)")
        let csv = "id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note,site\n,dad,2026-11-20T07:00:00+08:00,130,80,,,,\(note),\n"
        let fromCSV = cli.run("import", cli.directory.write("n.csv", csv))
        #expect(fromCSV.status == 65 && fromCSV.stderr.contains("n.csv:2: note is 20001 characters"), "\(fromCSV.stderr)")
    }

    @Test func theSchemaRefusesLongTextItselfAndItsLimitsAreTheModels() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("log.sqlite")
        let store = try RecordStore.open(path: path)
        try store.addProfile(Profile(id: "dad"))
        let schema = try sqlite(path, "SELECT group_concat(sql, ';') FROM sqlite_master")
        // The numbers of the first schema's CHECKs are the model's own.
        for (column, limit) in [
            ("systolic", ValueLimits.systolic), ("diastolic", ValueLimits.diastolic), ("pulse", ValueLimits.pulse),
            ("weight_g", ValueLimits.weightGrams), ("birth_year", ValueLimits.birthYear),
            ("utc_offset_min", ValueLimits.offsetMinutes),
        ] {
            #expect(schema.contains("\(column) BETWEEN \(limit.range.lowerBound) AND \(limit.range.upperBound)"), "\(column)")
        }
        #expect(schema.contains("length(name) BETWEEN \(ValueLimits.profileName.minimum) AND \(ValueLimits.profileName.maximum)"))
        #expect(schema.contains("length(text) BETWEEN \(ValueLimits.eventText.minimum) AND \(ValueLimits.eventText.maximum)"))
        #expect(schema.contains("length(NEW.note) > \(ValueLimits.note.maximum)"))
        // Past the model, straight into SQLite: the trigger refuses it with its own message.
        let refused = try runShell(
            "sqlite3 \"$0\" \"INSERT INTO readings (id, profile_id, taken_at, utc_offset_min, systolic, diastolic, note, created_at, updated_at) VALUES ('3f2a9c1e-0000-4000-8000-000000000001', 'dad', 0, 0, 120, 80, printf('%.*c', 10001, 'x'), 0, 0)\"",
            [path], environment: ["PATH": "/usr/bin:/bin"])
        #expect(refused.status != 0 && refused.stderr.contains("note is longer than 10000 characters"), "\(refused.stderr)")
    }

    private func sqlite(_ path: String, _ sql: String) throws -> String {
        try runShell("sqlite3 \"$0\" \"$1\"", [path, sql], environment: ["PATH": "/usr/bin:/bin"]).stdout
    }
}
