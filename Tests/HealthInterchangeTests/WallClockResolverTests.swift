import Foundation
import HealthCore
import HealthInterchange
import HealthRecords
import HealthUseCases
import Testing

/// Device files written by a clock that ignores daylight saving, or across the hour the clocks
/// go back (Fixtures/real/MANIFEST.md, "Same minute, daylight saving…"): a time in the spring
/// gap is read as standard time and counted; a repeated wall time is the earlier and then the
/// later offset in the file's own order, newest first or oldest first.
@Suite struct WallClockResolverTests {
    private func stored(_ database: String) throws -> [String] {
        try RecordStore.open(path: database, access: .readOnly).readings().map(\.takenAt.iso8601)
    }

    @Test func omronNewestFirstAcrossBothChangesInBerlin() throws {
        let directory = TemporaryDirectory()
        let database = directory.file("log.sqlite")
        let path = realFixture("omron_de_dst.csv")
        let report = try importFile(path, into: database, profile: .named("p"), zone: zone("Europe/Berlin"))
        #expect(report.summary.added == 7)
        #expect(report.outcome.problemCount == 0)
        #expect(report.outcome.standardTimeRows == 1)
        #expect(report.outcome.firstStandardTimeRow == "\(path):7")
        #expect(try stored(database) == [
            "2026-03-28T21:00:00+01:00",
            "2026-03-29T03:05:00+02:00",
            // 02:30 does not exist that night: read as standard time, as the clock showed it
            // (03:30 summer time, so after the row above it in the file).
            "2026-03-29T02:30:00+01:00",
            "2026-10-25T01:50:00+02:00",
            // The file is newest first: the lower row at 02:30 is the first pass (summer time).
            "2026-10-25T02:30:00+02:00",
            "2026-10-25T02:30:00+01:00",
            "2026-10-25T03:10:00+01:00",
        ])
        let readings = try RecordStore.open(path: database, access: .readOnly).readings()
        #expect(readings[4].systolic == 133 && readings[5].systolic == 131)
        // Read again: nothing new, the same instants.
        #expect(try importFile(path, into: database, profile: .named("p"), zone: zone("Europe/Berlin")).summary.added == 0)
    }

    @Test func theOldWithingsWebExportOldestFirst() throws {
        let directory = TemporaryDirectory()
        let database = directory.file("log.sqlite")
        let path = realFixture("withings_de_web_dst.csv")
        let report = try importFile(path, into: database, profile: .named("p"), zone: zone("Europe/Berlin"))
        #expect(report.summary.added == 8)
        #expect(report.outcome.standardTimeRows == 1)
        #expect(report.outcome.firstStandardTimeRow == "\(path):3")
        let readings = try RecordStore.open(path: database, access: .readOnly).readings()
        #expect(readings.map(\.takenAt.iso8601) == [
            "2014-03-30T01:50:00+01:00", "2014-03-30T02:15:00+01:00", "2014-03-30T03:20:00+02:00",
            "2014-10-26T01:55:00+02:00", "2014-10-26T02:20:00+02:00", "2014-10-26T02:20:00+01:00",
            "2014-10-26T02:40:00+01:00", "2014-10-26T03:05:00+01:00",
        ])
        #expect(readings.map(\.weightGrams) == [95_000, 94_900, 94_800, 94_100, 94_000, 93_900, 93_800, 93_700])
    }

    @Test func aGapTimeInHealthLogsOwnColumnsWithoutAnOffset() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("partial.csv", Array("taken_at,systolic,diastolic\n2026-03-29 02:30,138,87\n2026-03-29 02:45,136,85\n".utf8))
        let report = try importFile(path, into: directory.file("log.sqlite"), profile: .named("p"), zone: zone("Europe/Berlin"))
        #expect(report.summary.added == 2)
        #expect(report.outcome.standardTimeRows == 2)
        #expect(report.outcome.firstStandardTimeRow == "\(path):2")
    }

    @Test func aNewestFirstFileThatStartsInTheRepeatedHour() throws {
        // Exported in the night the clocks went back: the first two rows share 01:30. Newest
        // first, the upper one is the second pass (standard time), never the same instant twice.
        let directory = TemporaryDirectory()
        let database = directory.file("log.sqlite")
        let path = directory.write(
            "omron.csv",
            "Date,Time,Systolic (mmHg),Diastolic (mmHg),Pulse (bpm)\nNov 1 2026,1:30 AM,126,81,60\nNov 1 2026,1:30 AM,125,80,61\nOct 31 2026,9:00 PM,130,85,70\n")
        let report = try importFile(path, into: database, profile: .named("p"), zone: zone("America/New_York"))
        #expect(report.summary.added == 3)
        let readings = try RecordStore.open(path: database, access: .readOnly).readings()
        #expect(readings.map(\.takenAt.iso8601) == ["2026-10-31T21:00:00-04:00", "2026-11-01T01:30:00-04:00", "2026-11-01T01:30:00-05:00"])
        #expect(readings.map(\.systolic) == [130, 125, 126])
    }
}
