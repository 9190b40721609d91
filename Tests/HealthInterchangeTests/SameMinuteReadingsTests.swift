import Foundation
import HealthCore
import HealthInterchange
import HealthRecords
import HealthUseCases
import Testing

/// Rows of one file at the same minute with the same values (Fixtures/real/MANIFEST.md, "Same
/// minute"): another note or tags make a second reading, rows identical in every field are one,
/// and the same file imported again adds nothing.
@Suite struct SameMinuteReadingsTests {
    private func stored(_ database: String) throws -> [Reading] {
        try RecordStore.open(path: database, access: .readOnly).readings()
    }

    @Test func aSecondNoteAtTheSameMinuteIsASecondReadingAndAnExactDoubleIsOne() throws {
        let directory = TemporaryDirectory()
        let database = directory.file("log.sqlite")
        let path = realFixture("withings_same_minute_notes.csv")
        let first = try importFile(path, into: database, profile: .named("p"), zone: zone("Europe/Berlin"))
        #expect(first.summary.added == 3)
        #expect(first.summary.duplicates == 1)
        let readings = try stored(database)
        #expect(readings.map(\.note).sorted() == ["", "after coffee", "before coffee"])
        #expect(readings.filter { $0.note.hasSuffix("coffee") }.allSatisfy { $0.takenAt.iso8601 == "2026-06-02T07:30:00+02:00" })
        #expect(Set(readings.map(\.id)).count == 3)

        let again = try importFile(path, into: database, profile: .named("p"), zone: zone("Europe/Berlin"))
        #expect(again.summary.added == 0)
        #expect(again.summary.duplicates == 4)
        // With another zone the wall-clock minutes still match: nothing new either.
        let otherZone = try importFile(path, into: database, profile: .named("p"), zone: zone("Asia/Tokyo"))
        #expect(otherZone.summary.added == 0)
        #expect(try stored(database).map(\.id) == readings.map(\.id))
    }

    @Test func anotherTagAtTheSameMinuteIsASecondReadingInHealthLogsOwnCSVWithoutIds() throws {
        let directory = TemporaryDirectory()
        let database = directory.file("log.sqlite")
        let path = realFixture("healthlog_same_minute_tags.csv")
        let first = try importFile(path, into: database, profile: .named("p"))
        #expect(first.summary.added == 3)
        #expect(first.summary.duplicates == 1)
        #expect(try stored(database).map(\.tagIDs).filter { !$0.isEmpty } == [["medication"]])
        // Its rows carry no ids: they are matched again by their contents.
        let again = try importFile(path, into: database, profile: .named("p"))
        #expect(again.summary.added == 0)
        #expect(again.summary.duplicates == 4)
    }

    @Test func aNoteAnEarlierVersionDroppedComesInWhenTheFileIsImportedAgain() throws {
        let directory = TemporaryDirectory()
        let database = directory.file("log.sqlite")
        // What HealthLog kept of the file before: the first reading at the minute, not the second.
        let lines = try String(contentsOfFile: realFixture("withings_same_minute_notes.csv"), encoding: .utf8).split(separator: "\n")
        let earlier = directory.write("earlier.csv", Array((lines[0...1] + [lines[4]]).joined(separator: "\n").utf8))
        #expect(try importFile(earlier, into: database, profile: .named("p"), zone: zone("Europe/Berlin")).summary.added == 2)
        let whole = try importFile(realFixture("withings_same_minute_notes.csv"), into: database, profile: .named("p"), zone: zone("Europe/Berlin"))
        #expect(whole.summary.added == 1)
        #expect(try stored(database).map(\.note).sorted() == ["", "after coffee", "before coffee"])
    }

    @Test func aReadingFromAnotherSourceAtThatMinuteStillMatchesTheFirstRow() throws {
        let directory = TemporaryDirectory()
        let database = directory.file("log.sqlite")
        // The same measurement came in from elsewhere, without a note.
        let elsewhere = directory.write("elsewhere.csv", Array("taken_at,systolic,diastolic,pulse\n2026-06-02T07:30:00+02:00,135,85,70\n".utf8))
        #expect(try importFile(elsewhere, into: database, profile: .named("p")).summary.added == 1)
        let file = try importFile(realFixture("withings_same_minute_notes.csv"), into: database, profile: .named("p"), zone: zone("Europe/Berlin"))
        // The first row matches it by values; the second note is another reading.
        #expect(file.summary.added == 2)
        #expect(file.summary.duplicates == 2)
    }

    @Test func rowsWithoutIdsGetTheSameIdsOnEveryMachineAndDifferentValuesGetOthers() throws {
        let directory = TemporaryDirectory()
        let csv = directory.write(
            "hand.csv",
            Array("taken_at,systolic,diastolic,pulse,note\n2026-06-02T07:30:00+02:00,135,85,70,\n2026-06-02T07:30:00+02:00,135,85,70,again\n2026-06-02T19:00,128,80,,\n".utf8))
        // Two machines import the same hand-written file into logs of their own.
        let father = directory.file("father.sqlite")
        let daughter = directory.file("daughter.sqlite")
        #expect(try importFile(csv, into: father, profile: .named("dad")).summary.added == 3)
        #expect(try importFile(csv, into: daughter, profile: .named("dad"), zone: zone("Asia/Tokyo")).summary.added == 3)
        let fathers = try stored(father).map(\.id).sorted()
        #expect(fathers == (try stored(daughter).map(\.id).sorted()))
        #expect(Set(fathers).count == 3)
        // Another profile, or one other value, is another reading with another id.
        let mother = directory.file("mother.sqlite")
        _ = try importFile(csv, into: mother, profile: .named("mum"))
        #expect(Set(try stored(mother).map(\.id)).isDisjoint(with: fathers))
        let changed = directory.write("changed.csv", Array("taken_at,systolic,diastolic,pulse\n2026-06-02T07:30:00+02:00,136,85,70\n".utf8))
        let other = directory.file("other.sqlite")
        _ = try importFile(changed, into: other, profile: .named("dad"))
        #expect(!fathers.contains(try stored(other)[0].id))
    }
}
