import Foundation
import HealthCore
import HealthRecords
import Testing

/// Where output meets the operating system: devices and FIFOs at the target, full disks,
/// standard output that fails or goes away, and signals in the middle of a write. Each command
/// that says it wrote something wrote all of it; one that fails leaves what was there.
@Suite(.serialized) struct OutputSafetyTests {
    /// A log of `count` readings for dad, and its environment.
    private func log(_ count: Int) throws -> (TemporaryDirectory, [String: String]) { try importedLog(count) }

    private static let logFiles = ["log.sqlite", "log.sqlite-shm", "log.sqlite-wal"]

    /// The names in the folder besides the log's own files.
    private func others(_ directory: TemporaryDirectory) -> [String] {
        names(in: directory.path).filter { !OutputSafetyTests.logFiles.contains($0) }
    }

    private func mode(_ path: String) -> (kind: mode_t, permissions: mode_t)? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return (info.st_mode & S_IFMT, info.st_mode & 0o7777)
    }

    // MARK: - 1. A device or FIFO at the target

    /// The commands that write a file, with the first bytes of what each writes.
    private static let writers: [(arguments: [String], magic: [UInt8])] = [
        (["export", "-o"], Array("id,profile".utf8)),
        (["-p", "dad", "report", "--format", "pdf", "-o"], Array("%PDF-".utf8)),
        (["-p", "dad", "chart", "--format", "png", "-o"], [0x89, 0x50, 0x4E, 0x47]),
        (["backup"], Array("SQLite format 3".utf8)),
    ]

    @Test func aFIFOAtTheTargetIsWrittenIntoAndStaysAFIFO() throws {
        let (directory, environment) = try log(60)
        for writer in OutputSafetyTests.writers {
            let fifo = directory.file("pipe")
            try #require(mkfifo(fifo, 0o640) == 0)
            let reader = PathReader(fifo)
            let result = try runProcess(writer.arguments + [fifo], environment: environment)
            #expect(result.status == 0, "\(writer.arguments): \(result.stderr)")
            let received = reader.wait()
            #expect(Array(received.prefix(writer.magic.count)) == writer.magic, "\(writer.arguments): the reader got \(received.count) bytes")
            #expect(mode(fifo)?.kind == S_IFIFO && mode(fifo)?.permissions == 0o640, "\(writer.arguments) replaced or chmod-ed the FIFO")
            #expect(others(directory) == ["pipe"], "\(writer.arguments) left \(others(directory))")
            unlink(fifo)
        }
    }

    @Test func aDeviceAtTheTargetIsWrittenIntoNeverReplaced() throws {
        let (directory, environment) = try log(60)
        let device = directory.file("dev")
        // A device like /dev/null (1, 3): making one needs a right tests may not have.
        guard mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else { return }
        chmod(device, 0o666)
        for writer in OutputSafetyTests.writers {
            let result = try runProcess(writer.arguments + [device], environment: environment)
            #expect(result.status == 0, "\(writer.arguments): \(result.stderr)")
            #expect(mode(device)?.kind == S_IFCHR && mode(device)?.permissions == 0o666, "\(writer.arguments) replaced or chmod-ed the device")
            #expect(others(directory) == ["dev"], "\(writer.arguments) left \(others(directory))")
        }
    }

    @Test func devStdoutIsTheProcesssOwnStandardOutput() throws {
        let (directory, environment) = try log(20)
        defer { withExtendedLifetime(directory) {} }
        let report = try runProcess(["-p", "dad", "report", "-o", "/dev/stdout"], environment: environment)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.hasPrefix("%PDF-"))
        let export = try runProcess(["export", "-o", "/dev/fd/1"], environment: environment)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stdout.split(separator: "\n").count == 21)
        let chart = try runProcess(["-p", "dad", "chart", "--format", "svg", "-o", "/dev/stdout"], environment: environment)
        #expect(chart.stdout.contains("<svg"), "\(chart.stderr)")
    }

    @Test func aDeviceOrFIFOGivenAsTheLogIsRefusedUntouched() throws {
        let directory = TemporaryDirectory()
        var environment = processEnvironment(directory)
        let fifo = directory.file("fifo")
        try #require(mkfifo(fifo, 0o640) == 0)
        var targets = [fifo]
        let device = directory.file("dev")
        if mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 {
            chmod(device, 0o666)
            targets.append(device)
        }
        let before = names(in: directory.path)
        for target in targets {
            environment["HEALTHLOG_DB"] = target
            let permissions = mode(target)?.permissions
            for arguments in [["add", "120/80"], ["list"], ["check"], ["backup", directory.file("b.sqlite")]] {
                let result = try runProcess(arguments, environment: environment)
                #expect(result.status == 74, "\(arguments) on \(target): \(result.status) \(result.stderr)")
                #expect(result.stderr.contains("is not a HealthLog database"), "\(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1)
                #expect(mode(target)?.permissions == permissions, "\(arguments) chmod-ed \(target)")
                #expect(names(in: directory.path) == before, "\(arguments) left \(names(in: directory.path))")
            }
        }
    }

    // MARK: - 2. A full disk

    @Test func aFullDiskKeepsThePreviousReportAndSaysSo() throws {
        let (directory, environment) = try log(2_500)
        let target = directory.file("r.pdf")
        #expect(try runProcess(["-p", "dad", "report", "--log", "readings", "-o", target], environment: environment).status == 0)
        let good = try #require(FileManager.default.contents(atPath: target))
        try #require(good.count > 110 * 1024, "the report must be larger than the limit")
        let picture = directory.file("p.png")
        #expect(try runProcess(["-p", "dad", "report", "--template", "summary", "--dpi", "200", "-o", picture], environment: environment).status == 0)
        let goodPicture = try #require(FileManager.default.contents(atPath: picture))
        // 100 blocks of 1 KiB: the log can be opened (its -shm is 32 KiB), the new report cannot be written whole.
        for (command, target, good) in [
            (["report", "--log", "readings"], target, good), (["report", "--template", "summary", "--dpi", "200"], picture, goodPicture),
        ] {
            let result = try runShell(
                "ulimit -f 100; exec \"$0\" -p dad \"$@\"", [try healthlogExecutable()] + command + ["-o", target], environment: environment)
            #expect(result.status == 74, "\(command): \(result.status) \(result.stdout) \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1 && result.stderr.contains("cannot write"), "\(result.stderr)")
            #expect(!result.stdout.contains("Wrote"), "\(result.stdout)")
            #expect(FileManager.default.contents(atPath: target) == good, "\(command): the good report was replaced")
            #expect(others(directory) == ["p.png", "r.pdf"], "\(command) left \(others(directory))")
        }
        let export = try runShell(
            "ulimit -f 100; exec \"$0\" export --format json -o \"$1\"", [try healthlogExecutable(), directory.file("b.json")], environment: environment)
        #expect(export.status == 74, "\(export.stderr)")
        #expect(others(directory) == ["p.png", "r.pdf"], "the failed export left \(others(directory))")
    }

    @Test(arguments: [
        ["list"], ["stats"], ["export"], ["export", "--format", "json"], ["-p", "dad", "report", "-o", "-"], ["profile", "list", "--format", "csv"],
        ["tag", "list", "--format", "csv"], ["event", "list", "--format", "csv"],
    ])
    func aFullStandardOutputIsAnError(arguments: [String]) throws {
        let (directory, environment) = try log(300)
        defer { withExtendedLifetime(directory) {} }
        let full = try runShell("exec \"$0\" \"$@\" > /dev/full", [try healthlogExecutable()] + arguments, environment: environment)
        #expect(full.status == 74, "\(arguments): \(full.status) \(full.stderr)")
        // One line: a report to a full standard output never says it wrote anything first.
        #expect(full.stderr == "Error: cannot write to standard output: the disk is full (No space left on device)\n", "\(full.stderr)")
        let closed = try runShell("exec \"$0\" \"$@\" >&-", [try healthlogExecutable()] + arguments, environment: environment)
        #expect(closed.status == 74, "\(arguments) with stdout closed: \(closed.status) \(closed.stderr)")
        #expect(closed.stderr.contains("Error: cannot write to standard output: Bad file descriptor"), "\(closed.stderr)")
        // In Chinese, the one line is Chinese, the disk's words too.
        var chinese = environment
        chinese["LANG"] = "zh_CN.UTF-8"
        let fullInChinese = try runShell("exec \"$0\" \"$@\" > /dev/full", [try healthlogExecutable()] + arguments, environment: chinese)
        #expect(fullInChinese.status == 74)
        #expect(fullInChinese.stderr == "错误：无法写入标准输出：磁盘已满（设备上没有剩余空间）\n", "\(fullInChinese.stderr)")
    }

    @Test func aReaderThatGoesAwayEndsTheProgramQuietly() throws {
        let (directory, environment) = try log(3_000)
        defer { withExtendedLifetime(directory) {} }
        for arguments in [["export"], ["list", "--format", "json"]] {
            let result = try runShell(
                "{ \"$0\" \"$@\"; echo \"status $?\" >&2; } | head -c 10 > /dev/null", [try healthlogExecutable()] + arguments, environment: environment)
            #expect(result.stderr == "status 141\n", "\(arguments): \(result.stderr)")
        }
    }

    // MARK: - 3. Signals

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalLeavesTheOldReportOrTheNewOneAndNoTemporaryFile(signal: Int32) throws {
        let (directory, environment) = try log(30_000)
        let target = directory.file("r.pdf")
        #expect(try runProcess(["-p", "dad", "report", "--template", "summary", "-o", target], environment: environment).status == 0)
        let previous = try #require(FileManager.default.contents(atPath: target))
        var spoolEnvironment = environment
        let spoolFolder = directory.file("tmp")
        try FileManager.default.createDirectory(atPath: spoolFolder, withIntermediateDirectories: false)
        spoolEnvironment["TMPDIR"] = spoolFolder
        for (arguments, environment) in [
            (["-p", "dad", "report", "--log", "readings", "-o", target], environment),
            (["-p", "dad", "report", "--log", "readings", "-o", "-"], spoolEnvironment),
        ] {
            let process = try startProcess(arguments, environment: environment)
            Thread.sleep(forTimeInterval: 0.8)
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let now = try #require(FileManager.default.contents(atPath: target))
            #expect(now == previous || String(decoding: now.suffix(8), as: UTF8.self).contains("%%EOF"), "a partial report at the target")
            #expect(others(directory) == ["r.pdf", "tmp"], "signal \(signal) left \(others(directory))")
            #expect(names(in: spoolFolder).isEmpty, "signal \(signal) left \(names(in: spoolFolder)) in TMPDIR")
        }
    }

    @Test func aSignalRemovesANamedTemporaryFileToo() throws {
        // A backup to a pipe nobody reads is made in the temporary folder first, then blocks
        // copying it out: the named copy waits there until the signal.
        let (directory, environment) = try log(20_000)
        var blocked = environment
        let spoolFolder = directory.file("tmp")
        try FileManager.default.createDirectory(atPath: spoolFolder, withIntermediateDirectories: false)
        blocked["TMPDIR"] = spoolFolder
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try healthlogExecutable())
        process.arguments = ["backup", "/dev/stdout"]
        process.environment = blocked
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        var waited = 0
        while names(in: spoolFolder).isEmpty && waited < 100 {
            Thread.sleep(forTimeInterval: 0.05)
            waited += 1
        }
        // The copy, and for a moment SQLite's journal beside it.
        #expect(!names(in: spoolFolder).isEmpty, "the backup's temporary copy is there while it blocks")
        Thread.sleep(forTimeInterval: 0.2)
        process.terminate()
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            process.waitUntilExit()
            stopped.signal()
        }
        guard stopped.wait(timeout: .now() + 10) == .success else {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("SIGTERM did not stop the backup")
            return
        }
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(names(in: spoolFolder).isEmpty, "SIGTERM left \(names(in: spoolFolder))")
        _ = pipe
    }
}
