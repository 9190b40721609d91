import HealthCore
import HealthInterchange
import Testing

@Suite struct ReadingCSVCodecTests {
    @Test func encodesAndDecodesEveryField() throws {
        let reading = Reading(
            id: "6513270e-269e-4d37-b2a7-4de452e6b438", profileID: "dad", takenAt: shanghai("2026-10-06", 7, 1),
            bloodPressure: bp(155, 95), pulse: 79, weightGrams: 78_100, tagIDs: ["bp-med", "black-coffee"],
            note: "忘记吃药了, \"again\"", site: .office)
        let line = ReadingCSVCodec.encode(reading)
        #expect(line == "6513270e-269e-4d37-b2a7-4de452e6b438,dad,2026-10-06T07:01:00+08:00,155,95,79,78.1,bp-med;black-coffee,\"忘记吃药了, \"\"again\"\"\",office")
        var cells: [[String]] = []
        try CSVReader(bytes: Array(line.utf8)).forEachRecord { cells.append($0.cells) }
        let decoded = try ReadingCSVCodec.decode(cells[0], zone: FixedOffsetZone(minutes: 0), now: 5)
        var expected = reading
        expected.createdAt = 5
        expected.updatedAt = 5
        #expect(decoded == expected)
    }

    @Test func missingIDGetsANewOneAndLocalTimeUsesTheZone() throws {
        let cells = ["", "mom", "2026-11-30 07:45", "", "", "66", "", "", ""]
        let reading = try ReadingCSVCodec.decode(cells, zone: FixedOffsetZone(minutes: 480), now: 0)
        #expect(Reading.isValidID(reading.id))
        #expect(reading.takenAt.iso8601 == "2026-11-30T07:45:00+08:00")
        #expect(reading.pulse == 66)
        #expect(reading.bloodPressure == nil)
        // Nine cells: a file from before the site column, read as a home reading.
        #expect(reading.site == .home)
    }

    @Test(arguments: [
        (["", "dad", "2026-11-30T07:45:00+08:00", "140", "", "", "", "", ""], "systolic and diastolic must be given together"),
        (["", "dad", "30/11/2026", "140", "90", "", "", "", ""], "taken_at '30/11/2026' is not a date and time like 2026-11-30T07:45:00+08:00"),
        (["", "Dad", "2026-11-30T07:45:00+08:00", "140", "90", "", "", "", ""], "profile id 'Dad' is not valid: use 1–32 lowercase letters, digits and '-', starting with a letter or digit"),
        (["", "dad", "2026-11-30T07:45:00+08:00", "abc", "90", "", "", "", ""], "systolic 'abc' is not a whole number"),
        (["", "dad", "2026-11-30T07:45:00+08:00", "", "", "", "0.5", "", ""], "weight 0.5 kg is out of range (1–500 kg)"),
        (["", "dad", "2026-11-30T07:45:00+08:00", "", "", "", "", "", ""], "a reading needs blood pressure, pulse or weight"),
        (["x", "dad", "2026-11-30T07:45:00+08:00", "120", "80", "", "", "", ""], "id 'x' is not a UUID"),
        (["", "dad", "2026-11-30T07:45:00+08:00", "120", "80", ""], "expected 10 cells, found 6"),
        (["", "dad", "2026-11-30T07:45:00+08:00", "120", "80", "", "", "", "", "clinic"], "site 'clinic' is not home or office"),
    ])
    func rejectsBadRows(cells: [String], message: String) {
        #expect(throws: ValidationError.invalid(Phrase(verbatim: message))) {
            try ReadingCSVCodec.decode(cells, zone: FixedOffsetZone(minutes: 0), now: 0)
        }
    }
}
