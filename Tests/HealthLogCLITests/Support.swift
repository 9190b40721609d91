import Foundation
import HealthCommandLine
import HealthLogCLI
import HealthCore
import HealthRecords
import HealthSync
@_exported import HealthLogTestSupport
import Testing

/// What one run of the program printed and returned.
struct RunResult {
    let status: Int32
    let stdout: String
    let stderr: String
    /// stdout as bytes (a PDF written to standard output).
    var stdoutBytes: [UInt8] = []
}

/// Runs `healthlog` in-process against a database of its own, like a fresh process each time.
final class CLIHarness {
    let directory = TemporaryDirectory()
    var environment: [String: String]
    var now = fixedNow
    var zone: any TimeZoneRule = FixedOffsetZone(minutes: 480)
    /// Standard output and error are a terminal (set NO_COLOR in `environment` for plain text).
    var onTerminal = false

    init() {
        environment = ["HOME": directory.path]
        environment["HEALTHLOG_DB"] = databasePath
        environment["HEALTHLOG_TEMPLATES"] = templatesPath
        // Output on a pretended terminal is captured here, never handed to a real pager
        // (PagerTests name one of their own).
        environment["PAGER"] = "cat"
    }

    var databasePath: String { directory.file("log.sqlite") }

    @discardableResult
    func run(_ arguments: String..., confirm: ((String) -> Bool)? = nil) -> RunResult {
        run(arguments, confirm: confirm)
    }

    @discardableResult
    func run(_ arguments: [String], confirm: ((String) -> Bool)? = nil) -> RunResult {
        let stdout = CapturedOutput(isTerminal: onTerminal)
        let stderr = CapturedOutput(isTerminal: onTerminal)
        let clock = now
        let context = CommandContext(
            stdout: stdout, stderr: stderr, environment: environment, clock: { clock }, zone: zone, confirm: confirm)
        let status = HealthLogMain.run(arguments, context: context)
        return RunResult(status: status, stdout: stdout.text, stderr: stderr.text, stdoutBytes: stdout.bytes)
    }

    /// Runs and expects success, returning stdout.
    @discardableResult
    func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) -> String {
        ok(arguments, sourceLocation: sourceLocation)
    }

    @discardableResult
    func ok(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let result = run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// The readings in the database, read directly through the records library.
    func readings(profile: String? = nil) throws -> [Reading] {
        try RecordStore.open(path: databasePath).readings(matching: ReadingQuery(profileID: profile))
    }

    /// The database's bytes (with -wal), to prove a failed command wrote nothing.
    func databaseBytes() -> [Data?] {
        ["", "-wal"].map { FileManager.default.contents(atPath: databasePath + $0) }
    }

    /// Sets up dad and mom with a few readings each.
    func family() {
        ok("profile", "add", "dad", "--name", "爸爸", "--birth-year", "1954", "--sex", "male")
        ok("profile", "add", "mom", "--name", "妈妈")
        ok("-p", "dad", "add", "150/95", "80", "-t", "bp-med", "--at", "2026-11-29 07:30")
        ok("-p", "dad", "add", "142/88", "--at", "2026-11-29 21:00")
        ok("-p", "dad", "add", "138/86", "72", "--at", "07:30")
        ok("-p", "mom", "add", "118/76", "66", "--at", "07:40")
    }
}

/// Runs `executable` with `arguments` and `environment`, and returns what it printed.
func run(executable: String, _ arguments: [String], environment: [String: String]) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read both pipes at once and to the end before waiting.
    let stderrReader = PipeDrain(err.fileHandleForReading)
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = stderrReader.wait()
    process.waitUntilExit()
    return RunResult(
        status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
        stderr: String(decoding: stderr, as: UTF8.self))
}

/// Runs the real `healthlog` with `environment`.
func runProcess(_ arguments: [String], environment: [String: String]) throws -> RunResult {
    try run(executable: try healthlogExecutable(), arguments, environment: environment)
}

/// Runs `script` with `sh -c`, passing `arguments` as $0, $1, ….
func runShell(_ script: String, _ arguments: [String], environment: [String: String]) throws -> RunResult {
    try run(executable: "/bin/sh", ["-c", script] + arguments, environment: environment)
}

/// The environment for a real `healthlog` process working in `directory`: its own log, home,
/// UTC, and the repository's Templates.
func processEnvironment(_ directory: TemporaryDirectory, database: String = "log.sqlite") -> [String: String] {
    ["HEALTHLOG_DB": directory.file(database), "HOME": directory.path, "TZ": "UTC", "PATH": "/usr/bin:/bin",
     "HEALTHLOG_TEMPLATES": templatesPath]
}

/// The names in `directory`, sorted.
func names(in directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
}

/// Starts `healthlog` with `arguments`, its output thrown away.
func startProcess(_ arguments: [String], environment: [String: String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try healthlogExecutable())
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
}

/// Reads a path (a FIFO) to its end on a thread of its own.
final class PathReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ path: String) {
        Thread.detachNewThread { [self] in
            data = FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// A log of `count` of dad's readings (one a minute from 2020), imported by a real process, and
/// the environment that names it.
func importedLog(_ count: Int) throws -> (TemporaryDirectory, [String: String]) {
    let directory = TemporaryDirectory()
    let environment = processEnvironment(directory)
    let imported = try runProcess(["import", directory.write("seed.csv", ReliabilityTests.csv(count))], environment: environment)
    try #require(imported.status == 0, "\(imported.stderr)")
    try FileManager.default.removeItem(atPath: directory.file("seed.csv"))
    return (directory, environment)
}

/// The device id the shared log at `path` writes as, or nil when it is not shared.
func syncDeviceID(_ path: String) throws -> String? {
    try FamilySync.deviceID(of: try RecordStore.open(path: path, access: .readOnly))
}
