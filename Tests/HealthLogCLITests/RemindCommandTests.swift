import Foundation
import HealthCore
import Testing

/// `healthlog remind install|status|remove|notify`: the systemd user units it writes (systemd
/// itself need not run), and the notification the timer's command gives when a reading is due.
@Suite struct RemindCommandTests {
    private func withConfigHome() -> (CLIHarness, String) {
        let cli = CLIHarness()
        cli.environment["XDG_CONFIG_HOME"] = cli.directory.file("config")
        return (cli, cli.directory.file("config/systemd/user"))
    }

    private func contents(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    private func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? nil
    }

    @Test func installWritesATimerAndAServiceOnceAndReplacesItsOwnWithNewTimes() throws {
        let (cli, folder) = withConfigHome()
        let first = cli.ok("-p", "dad", "remind", "install")
        #expect(first.contains("Wrote the reminder timer for 07:30, 21:00 to \(folder)."), "\(first)")
        #expect(first.contains("systemctl --user enable --now healthlog-remind.timer"))
        let timer = try #require(contents(folder + "/healthlog-remind.timer"))
        let service = try #require(contents(folder + "/healthlog-remind.service"))
        #expect(timer.hasPrefix("# Written by healthlog remind install"))
        #expect(timer.contains("OnCalendar=*-*-* 07:30:00\nOnCalendar=*-*-* 21:00:00\n"))
        #expect(timer.contains("[Install]\nWantedBy=timers.target"))
        #expect(service.contains("Type=oneshot"))
        // The timer runs without this shell: it names the log and the profile.
        #expect(service.contains("\"--db\" \"\(cli.databasePath)\" \"--profile\" \"dad\" \"remind\" \"notify\""), "\(service)")
        #expect(mode(folder + "/healthlog-remind.timer") == 0o644)
        #expect(mode(folder + "/healthlog-remind.service") == 0o644)

        let again = cli.ok("-p", "dad", "remind", "install")
        #expect(again.contains("already installed for 07:30, 21:00"), "\(again)")
        #expect(contents(folder + "/healthlog-remind.timer") == timer)

        cli.ok("-p", "dad", "remind", "install", "--times", "21:15,6:05")
        let changed = try #require(contents(folder + "/healthlog-remind.timer"))
        #expect(changed.contains("OnCalendar=*-*-* 06:05:00\nOnCalendar=*-*-* 21:15:00\nAccuracySec"), "sorted, and the old times gone: \(changed)")
        #expect(cli.ok("remind", "status").contains("A reminder is installed for 06:05, 21:15 (\(folder))."))
        // Times as `--at` reads them: 7:30pm, 9AM.
        cli.ok("-p", "dad", "remind", "install", "--times", "7:30pm,9AM")
        #expect(cli.ok("remind", "status").contains("A reminder is installed for 09:00, 19:30 (\(folder))."))
    }

    @Test func badTimesAreRefusedAndNothingIsWritten() {
        let (cli, folder) = withConfigHome()
        for times in ["25:00", "7.30", "07:60", "07:30,07:30", "", "07:30,", "1,2,3", "07:30,08:00,09:00,10:00,11:00,12:00,13:00", "０７:３０"] {
            let result = cli.run("remind", "install", "--times", times)
            #expect(result.status == 64, "--times '\(times)'")
            #expect(result.stderr.contains("times of day like 07:30,21:00"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func aPlantedLinkOrAForeignFileIsLeftAsItIs() throws {
        let (cli, folder) = withConfigHome()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let victim = cli.directory.file("victim")
        try "keep\n".write(toFile: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/healthlog-remind.timer", withDestinationPath: victim)
        let linked = cli.run("remind", "install")
        #expect(linked.status == 73, "\(linked)")
        #expect(linked.stderr.contains("is a symbolic link"))
        #expect(contents(victim) == "keep\n")
        #expect(!FileManager.default.fileExists(atPath: folder + "/healthlog-remind.service"), "nothing half-written")
        // A dangling link (to a file it would create) is refused too.
        try FileManager.default.removeItem(atPath: folder + "/healthlog-remind.timer")
        try FileManager.default.createSymbolicLink(atPath: folder + "/healthlog-remind.timer", withDestinationPath: cli.directory.file("made"))
        #expect(cli.run("remind", "install").status == 73)
        #expect(!FileManager.default.fileExists(atPath: cli.directory.file("made")))
        #expect(cli.run("remind", "remove").status == 73)

        try FileManager.default.removeItem(atPath: folder + "/healthlog-remind.timer")
        try "[Timer]\nOnCalendar=daily\n".write(toFile: folder + "/healthlog-remind.timer", atomically: true, encoding: .utf8)
        let foreign = cli.run("remind", "install")
        #expect(foreign.status == 73)
        #expect(foreign.stderr.contains("was not written by HealthLog; it is left as it is"))
        #expect(contents(folder + "/healthlog-remind.timer") == "[Timer]\nOnCalendar=daily\n")
    }

    @Test func removeTakesAwayTheUnitsAndTheEnabledLink() throws {
        let (cli, folder) = withConfigHome()
        #expect(cli.ok("remind", "status").contains("No reminder is installed"))
        cli.ok("remind", "install")
        #expect(cli.ok("remind", "status").contains("It is not turned on yet"))
        // What `systemctl --user enable` does.
        try FileManager.default.createDirectory(atPath: folder + "/timers.target.wants", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/timers.target.wants/healthlog-remind.timer", withDestinationPath: folder + "/healthlog-remind.timer")
        #expect(cli.ok("remind", "status").contains("It is turned on"))
        let removed = cli.ok("remind", "remove")
        #expect(removed.contains("Removed healthlog-remind.timer, healthlog-remind.service from \(folder)."), "\(removed)")
        #expect(names(in: folder) == ["timers.target.wants"])
        #expect(names(in: folder + "/timers.target.wants").isEmpty)
        #expect(cli.ok("remind", "remove").contains("No reminder is installed"))
        #expect(cli.ok("remind", "status").contains("No reminder is installed"))
    }

    @Test func theUnitsAreOnesSystemdAccepts() throws {
        let systemdAnalyze = "/usr/bin/systemd-analyze"
        guard FileManager.default.isExecutableFile(atPath: systemdAnalyze) else {
            print("RemindCommandTests: systemd-analyze is not installed; the units' syntax was not checked by systemd")
            return
        }
        let directory = TemporaryDirectory()
        var environment = processEnvironment(directory)
        environment["XDG_CONFIG_HOME"] = directory.file("config")
        let install = try runProcess(["remind", "install", "--times", "07:30,21:00"], environment: environment)
        #expect(install.status == 0, "\(install.stderr)")
        let folder = directory.file("config/systemd/user")
        // A user manager's runtime folder of its own: the check needs no running systemd.
        let runtime = directory.file("run")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        environment["XDG_RUNTIME_DIR"] = runtime
        let verify = { (paths: [String]) throws -> RunResult in
            try run(executable: systemdAnalyze, ["verify", "--user"] + paths, environment: environment)
        }
        let result = try verify([folder + "/healthlog-remind.timer", folder + "/healthlog-remind.service"])
        if result.stderr.contains("Failed to initialize manager") {
            print("RemindCommandTests: systemd-analyze cannot start a user manager here (\(result.stderr)); the units' syntax was not checked by systemd")
            return
        }
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        // The check can fail: a timer with an hour systemd does not know is refused.
        let broken = directory.file("broken.timer")
        let timer = try String(contentsOfFile: folder + "/healthlog-remind.timer", encoding: .utf8)
        try timer.replacingOccurrences(of: "07:30:00", with: "25:30:00").replacingOccurrences(of: "21:00:00", with: "26:00:00")
            .write(toFile: broken, atomically: true, encoding: .utf8)
        let refused = try verify([broken])
        #expect(refused.status != 0 && refused.stderr.contains("Failed to parse calendar specification"), "\(refused.stderr)")
    }

    // MARK: - notify

    /// dad on Mon 30 Nov: this morning's two readings are taken.
    private func morningDone() -> CLIHarness {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "爸爸")
        cli.ok("add", "138/86", "--at", "2026-11-30 07:00")
        cli.ok("add", "136/84", "--at", "2026-11-30 07:02")
        return cli
    }

    /// A `notify-send` on PATH that writes its arguments to `notified.txt`.
    private func fakeNotifySend(_ cli: CLIHarness) throws -> String {
        let bin = cli.directory.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = cli.directory.file("notified.txt")
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(log)'\n".write(toFile: bin + "/notify-send", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/notify-send")
        cli.environment["PATH"] = bin + ":/usr/bin:/bin"
        return log
    }

    @Test func notifyShowsTheEveningStillDue() throws {
        let cli = morningDone()
        let log = try fakeNotifySend(cli)
        // 19:00 local: the evening's readings are due.
        cli.now = fixedNow + 11 * 3_600_000
        let output = cli.ok("remind", "notify")
        #expect(output == "dad (爸爸): evening readings due, 2 readings still to take\n")
        #expect(contents(log) == "--app-name=HealthLog\nHealthLog\ndad (爸爸): evening readings due, 2 readings still to take\n")
    }

    @Test func notifySaysNothingWhenTodayIsDone() throws {
        let cli = morningDone()
        let log = try fakeNotifySend(cli)
        // 22:00 local, the evening's two readings taken.
        cli.now = fixedNow + 14 * 3_600_000
        cli.ok("add", "130/80", "--at", "2026-11-30 21:00")
        cli.ok("add", "128/80", "--at", "2026-11-30 21:02")
        #expect(cli.ok("remind", "notify") == "Nothing due now for dad (爸爸).\n")
        #expect(contents(log) == nil, "no notification")
        // Outside the week before a visit, nothing either, even on a day with nothing taken.
        cli.now = fixedNow + 24 * 3_600_000
        #expect(cli.ok("remind", "notify", "--before", "2026-12-20").hasPrefix("Nothing due now"))
        #expect(contents(log) == nil)
        #expect(cli.ok("remind", "notify").contains("morning and evening readings due, 4 readings still to take"))
        #expect(contents(log)?.contains("morning and evening readings due") == true)
    }

    @Test func withoutNotifySendTheReminderIsPrintedAndTheMissingPackageNamed() {
        let cli = morningDone()
        cli.environment["PATH"] = cli.directory.file("empty")
        cli.environment["LANG"] = "zh_CN.UTF-8"
        let result = cli.run("remind", "notify")
        #expect(result.status == 0)
        #expect(result.stdout == "dad (爸爸)：晚上血压还需测量，还差 2 次读数\n", "\(result.stdout)")
        #expect(result.stderr.contains("libnotify-bin"))
    }
}
