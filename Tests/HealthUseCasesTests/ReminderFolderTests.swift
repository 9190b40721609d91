import HealthCore
import HealthUseCases
import Testing

/// The reminder's systemd units: written once, replaced only when they are HealthLog's own,
/// read back for their times, and removed with the link that turned them on.
@Suite struct ReminderFolderTests {
    let folder = TemporaryDirectory()
    var units: ReminderFolder { ReminderFolder(folder.file("systemd/user")) }
    let twice = ReminderUnits(times: ReminderUnits.defaultTimes, command: ["/usr/bin/healthlog", "--db", "/home/a b/log.sqlite", "remind", "notify"])

    func text(_ name: String) throws -> String { String(decoding: try FileBytes.read(folder.file("systemd/user/" + name)), as: UTF8.self) }

    @Test func installsOnceThenSaysUnchanged() throws {
        #expect(try units.install(twice) == .installed)
        #expect(try units.install(twice) == .unchanged)
        let timer = try text("healthlog-remind.timer")
        #expect(timer.hasPrefix(ReminderUnits.marker) && timer.contains("OnCalendar=*-*-* 07:30:00\nOnCalendar=*-*-* 21:00:00\n"))
        let service = try text("healthlog-remind.service")
        #expect(service.contains(#"ExecStart="/usr/bin/healthlog" "--db" "/home/a b/log.sqlite" "remind" "notify""#))
        let status = try #require(try units.status())
        #expect(status.times.map(\.text) == ["07:30", "21:00"] && !status.enabled)
    }

    @Test func newTimesReplaceHealthLogsOwnUnits() throws {
        _ = try units.install(twice)
        let once = ReminderUnits(times: [ReminderUnits.ClockTime(hour: 6, minute: 5)], command: twice.command)
        #expect(try units.install(once) == .installed)
        #expect(try units.status()?.times.map(\.text) == ["06:05"])
    }

    @Test func aFileHealthLogDidNotWriteIsLeftAlone() throws {
        try FileSystem.createPrivateDirectories(folder.file("systemd/user"))
        folder.write("systemd/user/healthlog-remind.timer", "[Timer]\nOnCalendar=daily\n")
        #expect(throws: HealthLogError.self) { try units.install(twice) }
        #expect(throws: HealthLogError.self) { try units.remove() }
        #expect(try text("healthlog-remind.timer") == "[Timer]\nOnCalendar=daily\n")
    }

    @Test func removeTakesTheUnitsAway() throws {
        #expect(try units.remove().isEmpty, "nothing installed")
        #expect(try units.status() == nil)
        _ = try units.install(twice)
        #expect(try units.remove() == [ReminderUnits.timerName, ReminderUnits.serviceName])
        #expect(try units.status() == nil)
    }
}
