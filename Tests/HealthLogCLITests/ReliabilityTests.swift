import Foundation
import HealthCore
import HealthInterchange
import HealthRecords
import Testing

/// Faults with real processes: kills in the middle of writes, concurrent writers, a full disk.
/// `make soak` runs the same tests longer (HEALTHLOG_SOAK=1).
@Suite(.serialized) struct ReliabilityTests {
    static let soak = ProcessInfo.processInfo.environment["HEALTHLOG_SOAK"] == "1"

    private func environment(_ directory: TemporaryDirectory, _ database: String = "log.sqlite") -> [String: String] {
        processEnvironment(directory, database: database)
    }

    private func count(_ path: String) throws -> (readings: Int, problems: [String]) {
        let store = try RecordStore.open(path: path)
        return (try store.readings().count, try store.check().problems.map(\.english))
    }

    @Test func killingAnImportLeavesAllOrNothing() throws {
        let directory = TemporaryDirectory()
        // 8,000 rows in make test (each kill's check reads the whole log back), 100,000 in make soak.
        let rows = ReliabilityTests.soak ? 100_000 : 8_000
        let file = directory.write("big.csv", readingsCSV(rows))
        // A base log to start each attempt from.
        var environment = environment(directory, "base.sqlite")
        #expect(try runProcess(["import", directory.write("seed.csv", readingsCSV(50, profile: "mom"))], environment: environment).status == 0)
        // How long a whole import takes here, to spread the kills across it.
        environment["HEALTHLOG_DB"] = directory.file("timing.sqlite")
        try copyDatabase(directory.file("base.sqlite"), to: directory.file("timing.sqlite"))
        let started = Date()
        #expect(try runProcess(["import", file], environment: environment).status == 0)
        let duration = Date().timeIntervalSince(started)
        let after = 50 + rows
        var generator = SplitMixGenerator(seed: 20_261_130)
        let kills = ReliabilityTests.soak ? 200 : 20
        var outcomes = (before: 0, after: 0)
        for attempt in 0..<kills {
            let database = directory.file("attempt.sqlite")
            try copyDatabase(directory.file("base.sqlite"), to: database)
            environment["HEALTHLOG_DB"] = database
            let process = try startProcess(["import", file], environment: environment)
            // Mostly during the write transaction (the latter part), some during parsing, some
            // around the commit itself.
            let span: ClosedRange<Double> = attempt % 4 == 0 ? 0.02...0.5 : attempt % 4 == 3 ? 0.9...1.3 : 0.5...1.05
            let delay = duration * Double.random(in: span, using: &generator)
            Thread.sleep(forTimeInterval: delay)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let (readings, problems) = try count(database)
            #expect(problems.isEmpty, "attempt \(attempt) after \(delay) s: \(problems)")
            #expect(readings == 50 || readings == after, "attempt \(attempt) after \(delay) s: \(readings) readings")
            if readings == 50 { outcomes.before += 1 } else { outcomes.after += 1 }
        }
        #expect(outcomes.before + outcomes.after == kills)
        print("killed import \(kills) times: \(outcomes.before) before, \(outcomes.after) after, integrity ok")
    }

    @Test func killingAReportLeavesTheOldFileOrTheNewOne() throws {
        let directory = TemporaryDirectory()
        let environment = environment(directory)
        #expect(try runProcess(["import", directory.write("r.csv", readingsCSV(20_000))], environment: environment).status == 0)
        let target = directory.file("report.pdf")
        #expect(try runProcess(["-p", "dad", "report", "--template", "summary", "-o", target], environment: environment).status == 0)
        let previous = try #require(FileManager.default.contents(atPath: target))
        let started = Date()
        #expect(try runProcess(["-p", "dad", "report", "-o", directory.file("timing.pdf")], environment: environment).status == 0)
        let duration = Date().timeIntervalSince(started)
        var generator = SplitMixGenerator(seed: 7)
        let kills = ReliabilityTests.soak ? 60 : 8
        for attempt in 0..<kills {
            let process = try startProcess(["-p", "dad", "report", "-o", target], environment: environment)
            Thread.sleep(forTimeInterval: duration * Double.random(in: 0.1...1.1, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let now = try #require(FileManager.default.contents(atPath: target), "attempt \(attempt): the report vanished")
            // The report is written into a file with no name until it is complete: even a kill leaves none.
            #expect(!names(in: directory.path).contains { $0.hasPrefix(".healthlog-") }, "attempt \(attempt) left a temporary file")
            if now != previous {
                // A new report replaced it only whole: a complete PDF ends with %%EOF.
                #expect(now.prefix(5) == Data("%PDF-".utf8))
                #expect(String(decoding: now.suffix(8), as: UTF8.self).contains("%%EOF"), "attempt \(attempt): partial PDF")
            }
        }
    }

    @Test func familyUseAtTheSameTime() throws {
        let directory = TemporaryDirectory()
        let environment = environment(directory)
        #expect(try runProcess(["profile", "add", "mom"], environment: environment).status == 0)
        // dad starts with the first 100 rows of the file the import brings (those will be duplicates).
        #expect(try runProcess(["import", directory.write("start.csv", readingsCSV(100))], environment: environment).status == 0)
        let writers = ReliabilityTests.soak ? 8 : 4
        let adds = ReliabilityTests.soak ? 250 : 80
        let script = """
            for i in $(seq 1 \(adds)); do "$1" -p mom add 1$((10 + i % 40))/8$((i % 9)) "$2" --at "2026-11-2$(( i % 9 )) 0$(( i % 9 )):$(( 10 + i % 50 ))" || echo FAILED; done
            """
        let executable = try healthlogExecutable()
        var processes: [(Process, Pipe)] = []
        func launch(_ arguments: [String]) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: arguments[0] == "sh" ? "/bin/sh" : executable)
            process.arguments = arguments[0] == "sh" ? Array(arguments.dropFirst()) : arguments
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            processes.append((process, pipe))
        }
        for writer in 0..<writers { try launch(["sh", "-c", script, "sh", executable, String(60 + writer)]) }
        try launch(["import", directory.write("family.csv", readingsCSV(10_000))])
        let readers = "for i in 1 2 3 4 5; do \"$1\" -p dad stats --format json > /dev/null || echo FAILED; \"$1\" -p dad report -o \"$2\" > /dev/null || echo FAILED; done"
        try launch(["sh", "-c", readers, "sh", executable, directory.file("r.pdf")])
        var failures: [String] = []
        for (process, pipe) in processes {
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus != 0 || output.contains("FAILED") || output.contains("locked") { failures.append(output) }
        }
        #expect(failures.isEmpty, "\(failures)")
        let store = try RecordStore.open(path: directory.file("log.sqlite"))
        #expect(try store.readingCount(profileID: "mom") == adds * writers)
        #expect(try store.readingCount(profileID: "dad") == 10_000)
        #expect(try store.check().problems.isEmpty)
    }

    /// Eight first commands at once on a path where no log exists yet: one creates the file and
    /// its schema while the others wait for it, and "create the profile me, then add" is one
    /// transaction, so no command fails and no reading is lost.
    @Test func eightFirstAddsAtOnceAllLand() throws {
        let trials = ReliabilityTests.soak ? 100 : 20
        var failures: [String] = []
        for trial in 0..<trials {
            let directory = TemporaryDirectory()
            let environment = environment(directory, "new/log.sqlite")
            var processes: [(Process, Pipe)] = []
            for index in 0..<8 {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: try healthlogExecutable())
                process.arguments = ["add", "\(120 + index)/80", "--at", "yesterday 07:0\(index)"]
                process.environment = environment
                let pipe = Pipe()
                process.standardOutput = FileHandle.nullDevice
                process.standardError = pipe
                processes.append((process, pipe))
            }
            for (process, _) in processes { try process.run() }
            for (process, pipe) in processes {
                let stderr = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                if process.terminationStatus != 0 { failures.append("trial \(trial): exit \(process.terminationStatus): \(stderr)") }
            }
            let store = try RecordStore.open(path: directory.file("new/log.sqlite"))
            let stored = try store.readings()
            #expect(stored.count == 8, "trial \(trial): \(stored.map { "\($0.bloodPressure!) \($0.takenAt.iso8601)" })")
            #expect(try store.profiles().map(\.id) == ["me"], "trial \(trial)")
            #expect(try runProcess(["check"], environment: environment).status == 0, "trial \(trial)")
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func aReaderSeesOneSnapshotWhileOthersWrite() throws {
        let directory = TemporaryDirectory()
        let environment = environment(directory)
        #expect(try runProcess(["add", "120/80", "--at", "yesterday 07:00"], environment: environment).status == 0)
        let store = try RecordStore.open(path: directory.file("log.sqlite"))
        let (first, second) = try store.read {
            let first = try store.readings().count
            // Another process commits a reading in the middle of this read transaction.
            #expect(try runProcess(["add", "121/80", "--at", "yesterday 07:05"], environment: environment).status == 0)
            return (first, try store.readings().count)
        }
        #expect(first == 1 && second == 1)
        #expect(try store.readings().count == 2)
    }

    /// Adds in a loop while the log is restored again and again: every add that said "Added"
    /// is in the restored log or in the copy a restore kept of the log it replaced.
    @Test func restoringWhileOthersAddLosesNoConfirmedReading() throws {
        let directory = TemporaryDirectory()
        let environment = environment(directory)
        #expect(try runProcess(["import", directory.write("seed.csv", readingsCSV(2_000))], environment: environment).status == 0)
        #expect(try runProcess(["backup", directory.file("bk.sqlite")], environment: environment).status == 0)
        let adds = ReliabilityTests.soak ? 300 : 120
        let restores = ReliabilityTests.soak ? 8 : 5
        let executable = try healthlogExecutable()
        let adder = Process()
        adder.executableURL = URL(fileURLWithPath: "/bin/sh")
        adder.arguments = ["-c", "for i in $(seq 1 \(adds)); do \"$1\" -p dad add 1$((10 + i % 80))/80 \"$((40 + i % 100))\" || echo FAILED; done", "sh", executable]
        adder.environment = environment
        let output = Pipe()
        adder.standardOutput = output
        adder.standardError = output
        try adder.run()
        let collected = PipeText(output)
        var restored = 0
        for _ in 0..<restores {
            Thread.sleep(forTimeInterval: 0.15)
            let result = try runProcess(["restore", directory.file("bk.sqlite"), "--yes"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            if result.status == 0 { restored += 1 }
        }
        adder.waitUntilExit()
        let text = collected.wait()
        #expect(!text.contains("FAILED"), "\(text)")
        let confirmed = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("Added ") else { return nil }
            return String(line.dropFirst(6).prefix(8))
        }
        #expect(confirmed.count == adds)
        // Every id kept anywhere: the live log and each copy a restore kept.
        var kept = Set(try RecordStore.open(path: directory.file("log.sqlite")).readings().map { String($0.id.prefix(8)) })
        let copies = names(in: directory.path).filter { $0.contains(".before-restore-") && $0.hasSuffix(".bak") }
        #expect(copies.count == restored)
        for copy in copies {
            kept.formUnion(try RecordStore.open(path: directory.file(copy), access: .readOnly).readings().map { String($0.id.prefix(8)) })
        }
        let lost = confirmed.filter { !kept.contains($0) }
        #expect(lost.isEmpty, "\(lost.count) confirmed readings are in neither the log nor a kept copy: \(lost)")
        print("restored \(restored) times during \(adds) adds: every confirmed reading kept")
    }

    /// An import that holds the log for a long time: adds, edits and deletes by others wait
    /// for it, say so, and succeed. The soak imports 2,000,000 rows (about 20 s of writing);
    /// make test 80,000.
    @Test func writersWaitForALongImportAndSucceed() throws {
        let directory = TemporaryDirectory()
        let environment = environment(directory)
        #expect(try runProcess(["profile", "add", "mom"], environment: environment).status == 0)
        let added = try runProcess(["-p", "mom", "add", "118/76", "--at", "2026-11-20 07:00"], environment: environment)
        let firstID = String(added.stdout.dropFirst(6).prefix(8))
        let rows = ReliabilityTests.soak ? 2_000_000 : 80_000
        let file = directory.write("big.csv", readingsCSV(rows))
        let importer = try startProcess(["import", file], environment: environment)
        let started = Date()
        let executable = try healthlogExecutable()
        let script = """
            "$0" -p mom add 120/80 --at '2026-11-21 07:00' || echo FAILED add
            "$0" -p mom edit "$1" 119/77 || echo FAILED edit
            for i in 1 2 3 4 5; do "$0" -p mom add 12$i/80 --at "2026-11-2$i 21:00" || echo FAILED add $i; done
            "$0" -p mom delete "$1" --yes || echo FAILED delete
            """
        Thread.sleep(forTimeInterval: 0.3)
        let writers = try runShell(script, [executable, firstID], environment: environment)
        importer.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        #expect(importer.terminationStatus == 0)
        #expect(!writers.stdout.contains("FAILED"), "\(writers.stdout) \(writers.stderr)")
        #expect(!writers.stderr.contains("locked"), "\(writers.stderr)")
        let store = try RecordStore.open(path: directory.file("log.sqlite"))
        #expect(try store.readingCount(profileID: "dad") == rows)
        #expect(try store.readingCount(profileID: "mom") == 6)
        let waits = writers.stderr.split(separator: "\n").filter { $0.hasPrefix("Waiting for the log") }.count
        print("import of \(rows) rows took \(String(format: "%.1f", seconds)) s; 8 writers during it all succeeded, \(waits) said they waited")
    }

    /// Every export streams: peak memory stays flat whatever the number of readings, in every
    /// format, and what it wrote imports back whole. `make soak` exports 1,000,000 readings in
    /// 10 profiles; make test 5,000.
    @Test func exportsStreamInFlatMemory() throws {
        let directory = TemporaryDirectory()
        let environment = environment(directory)
        let count = ReliabilityTests.soak ? 1_000_000 : 5_000
        var text = ReadingCSVCodec.header.joined(separator: ",") + "\n"
        text.reserveCapacity(count * 80)
        for index in 0..<count {
            let instant = ZonedInstant(utcSeconds: 946_684_800 + Int64(index) * 300, offsetMinutes: 480)
            text += ",p\(index % 10),\(instant.iso8601),\(110 + index % 60),\(70 + index % 25),\(60 + index % 30),,bp-med,note \(index),\n"
        }
        let seed = directory.write("seed.csv", text)
        text = ""
        #expect(try runProcess(["import", seed], environment: environment).status == 0)
        try FileManager.default.removeItem(atPath: seed)
        for format in ["csv", "json", "fhir"] {
            let output = directory.file("out.\(format)")
            let measured = try run(
                executable: "/usr/bin/time", ["-f", "peak-rss-kb %M", try healthlogExecutable(), "export", "--format", format, "-o", output],
                environment: environment)
            #expect(measured.status == 0, "\(format): \(measured.stderr)")
            let peak = measured.stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb ") }.flatMap { Int($0.dropFirst(12)) } ?? .max
            #expect(peak < 60 * 1024, "\(format): a peak of \(peak / 1024) MiB")
            let size = (try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0
            print("export of \(count) readings as \(format): \(size / 1_048_576) MiB written, peak \(peak / 1024) MiB")
            // What was written is whole: it imports back into a new log with every reading (a
            // million readings of FHIR is 4 GB, checked by its validator in the FHIR tests instead).
            guard format != "fhir" || count <= 100_000 else {
                try FileManager.default.removeItem(atPath: output)
                continue
            }
            var fresh = environment
            fresh["HEALTHLOG_DB"] = directory.file("back-\(format).sqlite")
            let back = try runProcess(["import", output], environment: fresh)
            #expect(back.status == 0, "\(format): \(back.stderr)")
            #expect(try RecordStore.open(path: directory.file("back-\(format).sqlite")).readings().count == count)
            try FileManager.default.removeItem(atPath: output)
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: directory.file("back-\(format).sqlite") + suffix) }
        }
    }

    @Test func aFullDiskRollsBackAndLosesNothing() throws {
        let directory = TemporaryDirectory()
        let environment = environment(directory)
        #expect(try runProcess(["import", directory.write("seed.csv", readingsCSV(500))], environment: environment).status == 0)
        let before = try count(directory.file("log.sqlite"))
        let file = directory.write("big.csv", readingsCSV(100_000, profile: "mom"))
        // A 300 KiB file-size limit stands in for a full disk.
        let result = try runShell("ulimit -f 300; exec \"$0\" import \"$1\"", [try healthlogExecutable(), file], environment: environment)
        #expect(result.status == 74)
        #expect(result.stderr.contains("Error: cannot write to \(directory.file("log.sqlite")): the disk is full or the file is too large; nothing was written"))
        let after = try count(directory.file("log.sqlite"))
        #expect(after.readings == before.readings)
        #expect(after.problems.isEmpty)
    }
}

/// Reads a pipe to its end on a thread of its own.
final class PipeText: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        Thread.detachNewThread { [self] in
            data = pipe.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}

/// Copies a database with its -wal, if any, replacing what is at `target`.
func copyDatabase(_ source: String, to target: String) throws {
    for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: target + suffix)
        if suffix != "-shm", FileManager.default.fileExists(atPath: source + suffix) {
            try FileManager.default.copyItem(atPath: source + suffix, toPath: target + suffix)
        }
    }
}
