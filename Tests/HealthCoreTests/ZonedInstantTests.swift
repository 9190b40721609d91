import HealthCore
import Testing

@Suite struct ZonedInstantTests {
    @Test func parsesAndPrintsISO8601() throws {
        let instant = try #require(ZonedInstant(iso8601: "2026-11-30T07:45:00+08:00"))
        #expect(instant.offsetMinutes == 480)
        #expect(instant.utcSeconds == 1_795_995_900)
        #expect(instant.iso8601 == "2026-11-30T07:45:00+08:00")
        #expect(ZonedInstant(iso8601: "2026-11-30T07:45Z")?.iso8601 == "2026-11-30T07:45:00+00:00")
        #expect(ZonedInstant(iso8601: "2026-11-29T18:15:30-05:30")?.iso8601 == "2026-11-29T18:15:30-05:30")
        #expect(ZonedInstant(iso8601: "2026-11-30T07:45:00") == nil)
        #expect(ZonedInstant(iso8601: "2026-11-30T25:45:00+08:00") == nil)
        #expect(ZonedInstant(iso8601: "2026-11-30T07:45:00+19:00") == nil)
    }

    /// The local day and period come from the stored offset, whatever the machine's zone.
    @Test func localWallTimeComesFromTheStoredOffset() {
        let lateEvening = ZonedInstant(iso8601: "2026-11-30T01:30:00+08:00")!
        #expect(lateEvening.localDate.description == "2026-11-30")
        #expect(lateEvening.period == .evening)
        let sameInstantInUTC = ZonedInstant(utcSeconds: lateEvening.utcSeconds, offsetMinutes: 0)
        #expect(sameInstantInUTC.localDate.description == "2026-11-29")
        #expect(sameInstantInUTC.hour == 17)
    }

    @Test(arguments: [
        ("03:59", DayPeriod.evening), ("04:00", .morning), ("11:59", .morning),
        ("12:00", .noon), ("17:59", .noon), ("18:00", .evening), ("00:00", .evening),
    ])
    func periodBoundaries(time: String, period: DayPeriod) {
        for offset in [0, 480, -300] {
            let instant = ZonedInstant(iso8601: "2026-11-30T\(time):00\(offset == 0 ? "Z" : offset > 0 ? "+08:00" : "-05:00")")!
            #expect(instant.period == period, "\(time) at offset \(offset)")
        }
    }
}
