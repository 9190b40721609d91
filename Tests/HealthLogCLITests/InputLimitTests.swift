import Foundation
import HealthCore
import HealthInterchange
import HealthRecords
import Testing

/// Endless or hostile input gets a clear one-line error in bounded memory, and nothing is
/// written; pipes and process substitution read like files.
@Suite struct InputLimitTests {
    private func environment(_ directory: TemporaryDirectory) -> [String: String] {
        ["HEALTHLOG_DB": directory.file("log.sqlite"), "HOME": directory.path, "TZ": "UTC", "HEALTHLOG_PROFILE": "dad"]
    }

    /// Runs `script` under `/usr/bin/time` (with a 60 s guard) and returns the status, the
    /// last line of stderr before the timing, and the peak memory in KiB.
    private func measure(_ script: String, _ arguments: [String], environment: [String: String]) throws -> (Int32, [String], Int) {
        let result = try run(
            executable: "/usr/bin/time", ["-f", "peak-rss-kb %M", "timeout", "60", "sh", "-c", script, "sh"] + arguments,
            environment: environment)
        var lines = result.stderr.split(separator: "\n").map(String.init)
        let peak = lines.last.flatMap { $0.hasPrefix("peak-rss-kb ") ? Int($0.dropFirst(12)) : nil } ?? Int.max
        lines.removeAll { $0.hasPrefix("peak-rss-kb ") || $0.hasPrefix("Command exited") }
        return (result.status, lines, peak)
    }

    @Test(arguments: ["csv", "json", "fhir", "omron", "withings", "bp-monitor", "apple-health", "auto"])
    func endlessAndRandomInputIsRefusedInBoundedMemory(format: String) throws {
        let directory = TemporaryDirectory()
        let executable = try healthlogExecutable()
        let cases = [
            ("\"$1\" import /dev/zero --format \"$2\"", "/dev/zero"),
            ("\"$1\" import /dev/urandom --format \"$2\"", "/dev/urandom"),
            ("cat /dev/zero | \"$1\" import - --format \"$2\"", "a pipe of zeros"),
            ("head -c 50000000 /dev/zero | tr '\\0' 'a' | \"$1\" import - --format \"$2\"", "one endless line"),
        ]
        for (script, what) in cases {
            let (status, lines, peak) = try measure(script, [executable, format], environment: environment(directory))
            #expect(status == 65, "\(format) \(what): \(status) \(lines)")
            #expect(lines.count == 1 && lines[0].hasPrefix("Error: "), "\(format) \(what): \(lines)")
            #expect(peak < 100 * 1024, "\(format) \(what): peak \(peak) KiB")
            #expect(!FileManager.default.fileExists(atPath: directory.file("log.sqlite")), "\(format) \(what) left a log behind")
        }
    }

    /// An endless stream of well-formed but invalid records: the first are listed, reading stops,
    /// memory stays flat; with --skip-invalid they are counted, not kept.
    @Test func endlessInvalidRecordsStopInBoundedMemory() throws {
        let directory = TemporaryDirectory()
        let executable = try healthlogExecutable()
        let environment = environment(directory)
        _ = try run(executable: executable, ["profile", "add", "dad"], environment: environment)
        let json = "(printf '{\"format\":\"healthlog-backup\",\"version\":2,\"readings\":['; yes '{\"id\":\"x\"},') | \"$1\" import - --format json"
        let (status, lines, peak) = try measure(json, [executable], environment: environment)
        #expect(status == 65)
        #expect(lines.last?.hasPrefix("Error: standard input has more than 1000 invalid records (the first are above)") == true, "\(lines.suffix(2))")
        // The 20 listed share one reason: three are named, the rest counted in one line.
        #expect(lines.count == 5, "\(lines)")
        #expect(lines.dropLast().last?.hasPrefix("… and 17 more with the same problem as ") == true, "\(lines)")
        #expect(peak < 100 * 1024, "peak \(peak) KiB")
        let csv = directory.file("bad.csv")
        var text = ReadingCSVCodec.header.joined(separator: ",") + "\n"
        for index in 0..<3000 {
            let time = String(format: "2026-11-%02dT%02d:%02d:00+08:00", 10 + index / 1440, index / 60 % 24, index % 60)
            text += ",dad,\(time),\(index % 2 == 0 ? 70 : 130),80,,,,\n"
        }
        try text.write(toFile: csv, atomically: true, encoding: .utf8)
        let skipped = try run(executable: executable, ["import", csv, "--skip-invalid"], environment: environment)
        #expect(skipped.status == 0)
        #expect(skipped.stdout.contains("added 1500") && skipped.stdout.contains("invalid 1500"), "\(skipped.stdout.suffix(200))")
        #expect(skipped.stderr.contains("… and 500 more invalid records, not listed."))
    }

    @Test func theLimitAndThePositionAreNamed() throws {
        let directory = TemporaryDirectory()
        let executable = try healthlogExecutable()
        let environment = environment(directory)
        let line = try measure("head -c 3000000 /dev/zero | tr '\\0' 'a' | \"$1\" import - --format csv", [executable], environment: environment).1
        #expect(line == ["Error: standard input:1: a line longer than 1024 KiB starts here; a record may be at most that long"])
        let deep = try measure("python3 2>/dev/null -c \"print('[' * 100000)\" | \"$1\" import - --format fhir", [executable], environment: environment).1
        #expect(deep == ["Error: standard input: a FHIR file starts with a resource: {\"resourceType\": …}"])
        let nested = try measure("python3 2>/dev/null -c \"print('{\\\"resourceType\\\":' + '[' * 100000)\" | \"$1\" import - --format fhir", [executable], environment: environment).1
        #expect(nested == ["Error: standard input: line 1: nesting deeper than 64 levels"])
        let string = try measure("python3 2>/dev/null -c \"print('{\\\"format\\\":\\\"' + 'a' * 3000000)\" | \"$1\" import - --format json", [executable], environment: environment).1
        #expect(string == ["Error: standard input: line 1: a string longer than 1024 KiB (is it a complete HealthLog backup?)"])
        let element = try measure("python3 2>/dev/null -c \"print('<HealthData><Record value=\\\"' + 'a' * 3000000)\" | \"$1\" import -", [executable], environment: environment).1
        #expect(element.last == "Error: standard input: byte 1048588: an XML element runs past 1024 KiB; an element may be at most that long")
    }

    @Test func standardInputAndProcessSubstitutionReadLikeFiles() throws {
        let directory = TemporaryDirectory()
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Samples/family.csv").path
        var environment = environment(directory)
        environment["HEALTHLOG_PROFILE"] = nil
        let executable = try healthlogExecutable()
        let piped = try runShell("cat \"$1\" | \"$0\" import -", [executable, sample], environment: environment)
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stderr.hasPrefix("Reading standard input as a HealthLog CSV file.\n"))
        #expect(piped.stdout.hasPrefix("Imported standard input: added 424,"))
        // bash's <(…) gives a path that is a pipe: detected from its bytes, not its name.
        let substituted = try run(executable: "/bin/bash", ["-c", "\"$1\" import <(cat \"$2\")", "bash", executable, sample], environment: environment)
        #expect(substituted.status == 0, "\(substituted.stderr)")
        #expect(substituted.stdout.contains(": added 0, duplicate 424,"), "\(substituted.stdout)")
        // An Apple Health export through a pipe is copied aside for its two passes.
        let apple = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("HealthInterchangeTests/Fixtures/apple_export.zip").path
        let spoolFolder = directory.file("tmp")
        try FileManager.default.createDirectory(atPath: spoolFolder, withIntermediateDirectories: true)
        environment["TMPDIR"] = spoolFolder
        let zip = try runShell("cat \"$1\" | \"$0\" -p dad import - --dry-run", [executable, apple], environment: environment)
        #expect(zip.status == 0, "\(zip.stderr)")
        #expect(zip.stdout.contains("added 4"))
        // The copy leaves nothing behind, not even when the import is interrupted while copying.
        let interrupted = try runShell(
            "(exec 2>/dev/null; yes '<HealthData>' | head -c 20000000; while :; do sleep 0.2; echo; done) | timeout -k 3 -s TERM 2 \"$0\" -p dad import - --format apple-health",
            [executable], environment: environment)
        #expect(interrupted.status != 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: spoolFolder) == [])
    }

    /// §12: a file every command reads (a string table, the clinic template, the configuration)
    /// that is /dev/zero or a FIFO is one line and exit 65 (78 for the configuration), never a
    /// hang or a 2 GB allocation, and nothing is written; `--version` and help need none of them.
    @Test func aFileEveryCommandReadsThatIsNotAFileIsOneLine() throws {
        let directory = TemporaryDirectory()
        let executable = try healthlogExecutable()
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for (file, kind) in [("strings/en.json", "zero"), ("strings/en.json", "fifo"), ("clinic.json", "zero"), ("clinic.json", "fifo"), ("config", "fifo"), ("config", "zero")] {
            let templates = directory.file("templates-\(kind)-\(file.replacingOccurrences(of: "/", with: "-"))")
            try FileManager.default.copyItem(atPath: repository.appendingPathComponent("Templates").path, toPath: templates)
            var environment = environment(directory)
            environment["HEALTHLOG_TEMPLATES"] = templates
            environment["HEALTHLOG_DB"] = directory.file("log-\(kind).sqlite")
            let target = file == "config" ? directory.file("config-\(kind)") : templates + "/" + file
            if file == "config" { environment["HEALTHLOG_CONFIG"] = target } else { try FileManager.default.removeItem(atPath: target) }
            if kind == "fifo" {
                try #require(mkfifo(target, 0o600) == 0)
            } else {
                try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: "/dev/zero")
            }
            for arguments in [["add", "120/80"], ["list"], ["report", "-o", directory.file("out-\(kind).pdf")]] where file != "clinic.json" || arguments[0] == "report" {
                let result = try run(executable: "/usr/bin/timeout", ["20", executable] + arguments, environment: environment)
                // `list` of no log says so (66) before it needs a word of the table.
                let expected: Set<Int32> = file == "config" ? [78] : arguments[0] == "list" ? [65, 66] : [65]
                #expect(expected.contains(result.status), "\(file) as \(kind), \(arguments): exit \(result.status), \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(file) as \(kind), \(arguments): \(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: directory.file("out-\(kind).pdf")))
            }
            #expect(!FileManager.default.fileExists(atPath: environment["HEALTHLOG_DB"]!), "\(file) as \(kind): a log was written")
            for arguments in [["--version"], ["--help"]] {
                let result = try run(executable: "/usr/bin/timeout", ["20", executable] + arguments, environment: environment)
                #expect(result.status == 0, "\(file) as \(kind), \(arguments): exit \(result.status), \(result.stderr)")
            }
        }
    }
}
