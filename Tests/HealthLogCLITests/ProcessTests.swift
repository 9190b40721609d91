import Foundation
import HealthCore
import HealthRecords
import Testing

/// Tests that need real processes: the machine's time zone, and concurrent writers.
@Suite struct ProcessTests {
    @Test(arguments: ["UTC", "Asia/Shanghai"])
    func periodBoundariesUnderTheMachinesZone(zone: String) throws {
        let directory = TemporaryDirectory()
        let environment = ["TZ": zone, "HEALTHLOG_DB": directory.file("log.sqlite"), "HOME": directory.path]
        let cases: [(String, String)] = [
            ("03:59", "evening"), ("04:00", "morning"), ("11:59", "morning"),
            ("12:00", "noon"), ("17:59", "noon"), ("18:00", "evening"),
        ]
        for (time, _) in cases {
            let result = try runProcess(["add", "120/80", "--at", "2026-11-20 \(time)"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let output = try runProcess(["list", "--format", "json"], environment: environment).stdout
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        let offset = zone == "UTC" ? "+00:00" : "+08:00"
        #expect(objects.map { $0["takenAt"] as? String } == cases.map { "2026-11-20T\($0.0):00\(offset)" })
        #expect(objects.map { $0["period"] as? String } == cases.map(\.1))
        // Read back under the other zone: the stored offset keeps each reading's local time and period.
        var other = environment
        other["TZ"] = zone == "UTC" ? "Asia/Shanghai" : "UTC"
        let again = try runProcess(["list", "--format", "json"], environment: other).stdout
        #expect(again == output)
    }

    @Test func twoProcessesAddingAtOnceLoseNothing() throws {
        let directory = TemporaryDirectory()
        let database = directory.file("log.sqlite")
        let environment = ["HEALTHLOG_DB": database, "HOME": directory.path, "TZ": "UTC"]
        #expect(try runProcess(["profile", "add", "dad"], environment: environment).status == 0)
        let script = """
            for i in $(seq 1 200); do "$1" add 130/80 "$2" || echo "FAILED $i"; done
            """
        let executable = try healthlogExecutable()
        let writers = try [70, 90].map { pulse -> (Process, Pipe) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", script, "sh", executable, String(pulse)]
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            return (process, pipe)
        }
        for (process, pipe) in writers {
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(!output.contains("FAILED"))
            #expect(!output.contains("locked"))
        }
        let readings = try RecordStore.open(path: database).readings()
        #expect(readings.count == 400)
        #expect(readings.filter { $0.pulse == 70 }.count == 200)
    }

    /// Where /proc is not mounted (a freshly made chroot), the program still reads its arguments:
    /// Swift's CommandLine finds them through /proc and had none, so every command trapped
    /// (exit 132) before saying a word.
    @Test func withoutProcEveryCommandStillReadsItsArguments() throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else { return }
        let directory = TemporaryDirectory()
        let hidden = { (arguments: [String]) throws -> RunResult in
            try run(
                executable: "/usr/bin/unshare",
                ["-m", "/bin/sh", "-c", "mount -t tmpfs none /proc && exec \"$0\" \"$@\"", try healthlogExecutable()] + arguments,
                environment: processEnvironment(directory))
        }
        let version = try hidden(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("healthlog "), "\(version.status) \(version.stderr)")
        let added = try hidden(["add", "138/86", "72", "--at", "2026-11-29 07:30"])
        #expect(added.status == 0 && added.stdout.contains("138/86"), "\(added.status) \(added.stderr)")
        let listed = try hidden(["list", "--format", "csv"])
        #expect(listed.status == 0 && listed.stdout.contains(",138,86,72,"), "\(listed.status) \(listed.stderr)")
    }
}

/// The machine's own zone (the C library's `mktime`) follows the same autumn rule as named
/// zones: the earlier instant, and the confirmation says which offset it took.
@Suite struct SystemZoneTests {
    @Test(arguments: [
        ("America/New_York", "2026-11-01 01:30", "2026-11-01 01:30 happens twice (the clocks went back): taken as the first, UTC−04:00."),
        ("Europe/Berlin", "2026-10-25 02:30", "2026-10-25 02:30 happens twice (the clocks went back): taken as the first, UTC+02:00."),
        ("Europe/London", "2026-10-25 01:30", "2026-10-25 01:30 happens twice (the clocks went back): taken as the first, UTC+01:00."),
        ("Australia/Sydney", "2026-04-05 02:30", "2026-04-05 02:30 happens twice (the clocks went back): taken as the first, UTC+11:00."),
    ])
    func theMachinesZoneTakesTheEarlierOfTwoEqualWallTimes(zone: String, when: String, note: String) throws {
        let directory = TemporaryDirectory()
        let environment = ["HEALTHLOG_DB": directory.file("log.sqlite"), "HOME": directory.path, "TZ": zone]
        let result = try runProcess(["add", "120/80", "--at", when], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasSuffix(note + "\n"), "\(result.stdout)")
        let plain = try runProcess(["add", "121/80", "--at", "2026-11-20 08:00"], environment: environment)
        #expect(plain.stdout.split(separator: "\n").count == 1)
    }
}
