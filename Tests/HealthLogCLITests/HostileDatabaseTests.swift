import CSQLite
import Foundation
import HealthCore
import HealthRecords
import Testing

/// Every command that opens a database refuses a broken or foreign one with one line and
/// exit 74, leaves it byte-for-byte as it was, and never crashes.
@Suite struct HostileDatabaseTests {
    static let commands: [[String]] = [
        ["add", "120/80"], ["list"], ["show", "abcdef12"], ["edit", "abcdef12", "130/80"], ["delete", "abcdef12", "--yes"],
        ["stats"], ["report", "-o", "/tmp/never.pdf"], ["chart", "-o", "/tmp/never.png"], ["export"], ["check"],
        ["backup", "/tmp/never.sqlite"], ["profile", "list"], ["profile", "add", "x"], ["tag", "list"], ["tag", "add", "x", "--label", "x"],
    ]

    enum Kind: String, CaseIterable {
        case truncated, randomBytes, otherProgram, newerSchema, foreignWAL, garbageWAL
    }

    /// Builds the broken database of `kind` at the harness's path.
    private func prepare(_ kind: Kind, _ cli: CLIHarness) throws {
        let path = cli.databasePath
        switch kind {
        case .truncated:
            cli.family()
            let data = try #require(FileManager.default.contents(atPath: path))
            try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        case .randomBytes:
            var generator = SplitMixGenerator(seed: 3)
            try Data((0..<20_000).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: URL(fileURLWithPath: path))
        case .otherProgram:
            try sql(path, "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ann');")
        case .newerSchema:
            cli.family()
            try sql(path, "PRAGMA user_version = 42;")
        case .foreignWAL:
            cli.family()
            // A write-ahead log header of another database: valid magic and format, 1024-byte pages.
            let header: [UInt8] = [0x37, 0x7F, 0x06, 0x82, 0x00, 0x2D, 0xE2, 0x18, 0x00, 0x00, 0x04, 0x00]
            try Data(header + [UInt8](repeating: 7, count: 1_100)).write(to: URL(fileURLWithPath: path + "-wal"))
        case .garbageWAL:
            cli.family()
            try Data(repeating: 0x41, count: 5000).write(to: URL(fileURLWithPath: path + "-wal"))
        }
    }

    private func sql(_ path: String, _ text: String) throws {
        var handle: OpaquePointer?
        try #require(sqlite3_open(path, &handle) == SQLITE_OK)
        try #require(sqlite3_exec(handle, text, nil, nil, nil) == SQLITE_OK)
        sqlite3_close(handle)
    }

    @Test(arguments: Kind.allCases)
    func everyCommandRefusesIt(kind: Kind) throws {
        let cli = CLIHarness()
        try prepare(kind, cli)
        let before = cli.databaseBytes()
        for command in HostileDatabaseTests.commands {
            let result = cli.run(command)
            #expect(result.status == 74, "\(kind) \(command): \(result.status) \(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: ") && result.stderr.filter { $0 == "\n" }.count == 1, "\(kind) \(command): \(result.stderr)")
            #expect(cli.databaseBytes() == before, "\(kind) \(command) changed the file")
        }
    }

    /// A log on read-only media or in a read-only folder (an archived backup) can be viewed by
    /// every command that only reads; commands that write say why they cannot, and nothing changes.
    @Test(arguments: ["file", "folder"])
    func aReadOnlyLogCanBeViewedButNotChanged(what: String) throws {
        let cli = CLIHarness()
        cli.family()
        let path = cli.databasePath
        // Root ignores file modes, so run the real program as nobody when we are root.
        let asRoot = getuid() == 0
        let executable = cli.directory.file("healthlog")
        // Copied by another process: a descriptor open for writing in this one could be inherited by
        // a child another test is starting at that moment, and running the copy would then fail
        // with "Text file busy".
        let copied = try run(executable: "/bin/cp", [try healthlogExecutable(), executable], environment: [:])
        try #require(copied.status == 0, "\(copied.stderr)")
        // Read before the log is opened to others: opening it for writing makes it private again.
        let someReading = try #require(try cli.readings(profile: "dad").first).id
        chmod(cli.directory.path, what == "folder" ? 0o555 : 0o755)
        chmod(path, 0o644)
        defer { chmod(cli.directory.path, 0o700) }
        let before = cli.databaseBytes()
        let output = TemporaryDirectory()
        chmod(output.path, 0o777)
        let reads: [[String]] = [
            ["-p", "dad", "list"], ["-p", "dad", "stats"], ["-p", "dad", "show", someReading],
            ["export", "--format", "json"], ["check"], ["profile", "list"], ["profile", "show", "mom"], ["tag", "list"],
            ["-p", "dad", "report", "-o", output.file("dad.pdf")], ["backup", output.file("copy.sqlite")],
        ]
        let writes: [[String]] = [["-p", "dad", "add", "120/80"], ["profile", "add", "kid"], ["tag", "add", "salt", "--label", "salt"]]
        for command in reads + writes {
            let arguments = asRoot ? ["--reuid=65534", "--regid=65534", "--clear-groups", executable] + command : command
            let process = Process()
            process.executableURL = URL(fileURLWithPath: asRoot ? "/usr/bin/setpriv" : executable)
            process.arguments = arguments
            process.environment = ["HEALTHLOG_DB": path, "HOME": "/tmp", "HEALTHLOG_TEMPLATES": cli.environment["HEALTHLOG_TEMPLATES"]!]
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if writes.contains(command) {
                #expect(process.terminationStatus == 74, "\(what) \(command): \(stderr)")
                // Run as nobody, the log is root's: never written by another user (issue 34 §10).
                let expected = asRoot ? "Error: cannot use the log \(path): another user (root) owns it" : "Error: cannot open \(path): it or its folder is read-only or not yours"
                #expect(stderr.hasPrefix(expected), "\(stderr)")
            } else {
                #expect(process.terminationStatus == 0, "\(what) \(command): \(stderr)")
            }
            #expect(cli.databaseBytes() == before, "\(what) \(command) changed the log")
            #expect(try FileManager.default.contentsOfDirectory(atPath: cli.directory.path).sorted() == ["healthlog", "log.sqlite"])
        }
        #expect(FileManager.default.fileExists(atPath: output.file("dad.pdf")))
    }

    /// Issue 34 §13: a trigger or view HealthLog did not make (here one that deletes every other
    /// reading on the next insert), or one of HealthLog's own triggers rewritten, would run with
    /// every change. Every command that writes refuses the log untouched; `check` names it.
    @Test(arguments: ["foreign", "rewritten"])
    func codeHealthLogDidNotMakeIsRefusedAndNamed(kind: String) throws {
        let cli = CLIHarness()
        cli.family()
        let path = cli.databasePath
        let name: String
        if kind == "foreign" {
            name = "evil"
            try sql(path, "CREATE TRIGGER evil AFTER INSERT ON readings BEGIN DELETE FROM readings WHERE id <> NEW.id; END;")
        } else {
            var handle: OpaquePointer?
            try #require(sqlite3_open(path, &handle) == SQLITE_OK)
            var statement: OpaquePointer?
            sqlite3_prepare_v2(handle, "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name LIMIT 1", -1, &statement, nil)
            try #require(sqlite3_step(statement) == SQLITE_ROW)
            name = String(cString: sqlite3_column_text(statement, 0))
            let original = String(cString: sqlite3_column_text(statement, 1))
            sqlite3_finalize(statement)
            sqlite3_close(handle)
            let body = try #require(original.range(of: "BEGIN", options: .backwards))
            try sql(path, "DROP TRIGGER \(name); " + original[..<body.upperBound] + " DELETE FROM readings; END;")
        }
        let stored = { try RecordStore.open(path: path, access: .readOnly).readings(matching: ReadingQuery()).count }
        let readings = try stored()
        let before = cli.databaseBytes()
        for command in [["-p", "dad", "add", "120/80"], ["profile", "add", "kid"], ["tag", "add", "salt", "--label", "salt"]] {
            let result = cli.run(command)
            #expect(result.status == 74, "\(command): \(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: cannot use the log \(path): it holds the trigger \(name)"), "\(result.stderr)")
            #expect(cli.databaseBytes() == before, "\(command) changed the log")
        }
        let check = cli.run("check")
        #expect(check.status != 0)
        let named = kind == "foreign" ? "the trigger evil was not made by HealthLog" : "the trigger \(name) differs from the one HealthLog made"
        #expect(check.stdout.contains(named) || check.stderr.contains(named), "\(check.stdout) \(check.stderr)")
        #expect(try stored() == readings)
    }
}
