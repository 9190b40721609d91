import HealthCore
import Testing

@Suite struct SharedWallClockMinutesTests {
    /// Met one at a time, in time order, the instants marked are the ones the whole array marks:
    /// the hour the clocks go back, and a flight that shows a wall-clock minute again 26 hours later.
    @Test func marksWhatTheWholeArrayMarks() throws {
        let texts = [
            "2026-10-25T01:30:00+02:00", "2026-10-25T02:15:00+02:00", "2026-10-25T02:15:00+01:00", "2026-10-25T02:40:00+01:00",
            "2026-10-25T02:40:00+01:00", "2026-11-02T09:00:00+14:00", "2026-11-03T09:00:00+14:00", "2026-11-03T09:00:00-12:00",
            "2026-11-20T07:00:00+08:00",
        ]
        var instants = try texts.map { try #require(ZonedInstant(iso8601: $0)) }
        // Thousands of minutes between them, so the kept span moves on.
        instants += (0..<5_000).map { ZonedInstant(utcSeconds: instants.last!.utcSeconds + 600 * Int64($0 + 1), offsetMinutes: 480) }
        let expected = ZonedInstant.sharedWallClockTimes(instants)
        #expect(expected == [1, 2, 6, 7])
        var minutes = SharedWallClockMinutes()
        for instant in instants { minutes.add(instant) }
        #expect(Set(instants.indices.filter { minutes.contains(instants[$0]) }) == expected)
    }
}
