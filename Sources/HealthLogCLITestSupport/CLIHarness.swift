public import Foundation
import HealthCommandLine
import HealthLogCLI
public import HealthCore
import HealthRecords
public import HealthLogTestSupport
public import Testing

/// Runs `healthlog` in-process against a database of its own, like a fresh process each time.
public final class CLIHarness {
    public let directory = TemporaryDirectory()
    public var environment: [String: String]
    public var now = fixedNow
    public var zone: any TimeZoneRule = FixedOffsetZone(minutes: 480)
    /// Standard output and error are a terminal (set NO_COLOR in `environment` for plain text).
    public var onTerminal = false

    public init() {
        environment = ["HOME": directory.path]
        environment["HEALTHLOG_DB"] = databasePath
        environment["HEALTHLOG_TEMPLATES"] = templatesPath
        // Output on a pretended terminal is captured here, never handed to a real pager
        // (PagerTests name one of their own).
        environment["PAGER"] = "cat"
    }

    public var databasePath: String { directory.file("log.sqlite") }

    @discardableResult
    public func run(_ arguments: String..., confirm: ((String) -> Bool)? = nil) -> RunResult {
        run(arguments, confirm: confirm)
    }

    @discardableResult
    public func run(_ arguments: [String], confirm: ((String) -> Bool)? = nil) -> RunResult {
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
    public func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) -> String {
        ok(arguments, sourceLocation: sourceLocation)
    }

    @discardableResult
    public func ok(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let result = run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// The readings in the database, read directly through the records library.
    public func readings(profile: String? = nil) throws -> [Reading] {
        try RecordStore.open(path: databasePath).readings(matching: ReadingQuery(profileID: profile))
    }

    /// The database's bytes (with -wal), to prove a failed command wrote nothing.
    public func databaseBytes() -> [Data?] {
        ["", "-wal"].map { FileManager.default.contents(atPath: databasePath + $0) }
    }

    /// Sets up dad and mom with a few readings each.
    public func family() {
        ok("profile", "add", "dad", "--name", "爸爸", "--birth-year", "1954", "--sex", "male")
        ok("profile", "add", "mom", "--name", "妈妈")
        ok("-p", "dad", "add", "150/95", "80", "-t", "bp-med", "--at", "2026-11-29 07:30")
        ok("-p", "dad", "add", "142/88", "--at", "2026-11-29 21:00")
        ok("-p", "dad", "add", "138/86", "72", "--at", "07:30")
        ok("-p", "mom", "add", "118/76", "66", "--at", "07:40")
    }
}
