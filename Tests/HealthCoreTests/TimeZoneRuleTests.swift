import HealthCore
import Testing

/// One rule for a wall time the clocks pass twice in autumn: the earlier instant (the summer
/// offset), in every zone and through both zone implementations.
@Suite struct TimeZoneRuleTests {
    static let autumn: [(zone: String, date: String, hour: Int, minute: Int, first: Int, second: Int)] = [
        ("America/New_York", "2026-11-01", 1, 30, -240, -300),
        ("America/Los_Angeles", "2026-11-01", 1, 30, -420, -480),
        ("Europe/Berlin", "2026-10-25", 2, 30, 120, 60),
        ("Europe/London", "2026-10-25", 1, 30, 60, 0),
        ("Australia/Sydney", "2026-04-05", 2, 30, 660, 600),
    ]

    @Test(arguments: autumn.indices)
    func aRepeatedWallTimeIsTheEarlierInstant(index: Int) throws {
        let case_ = TimeZoneRuleTests.autumn[index]
        let zone = try #require(ZoneInfoZone(identifier: case_.zone))
        let date = try #require(CivilDate(iso: case_.date))
        let instants = zone.instants(date: date, hour: case_.hour, minute: case_.minute, second: 0)
        #expect(instants.map(\.offsetMinutes) == [case_.first, case_.second], "\(case_.zone)")
        #expect(instants[0] < instants[1])
        #expect(zone.instant(date: date, hour: case_.hour, minute: case_.minute, second: 0)?.offsetMinutes == case_.first)
    }

    @Test func aSkippedWallTimeHasNoInstant() throws {
        let zone = try #require(ZoneInfoZone(identifier: "Europe/Berlin"))
        #expect(zone.instants(date: CivilDate(iso: "2026-03-29")!, hour: 2, minute: 30, second: 0).isEmpty)
        #expect(zone.instants(date: CivilDate(iso: "2026-03-29")!, hour: 3, minute: 30, second: 0).map(\.offsetMinutes) == [120])
    }

    @Test func aFixedOffsetHasOneInstantForEveryWallTime() {
        let zone = FixedOffsetZone(minutes: 480)
        let instants = zone.instants(date: CivilDate(iso: "2026-11-01")!, hour: 1, minute: 30, second: 0)
        #expect(instants.map(\.iso8601) == ["2026-11-01T01:30:00+08:00"])
    }
}
