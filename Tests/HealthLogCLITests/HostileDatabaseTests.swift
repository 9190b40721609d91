import CSQLite
import Foundation
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

    @Test(arguments: ["file", "folder"])
    func readOnlyDatabaseIsRefusedUntouched(what: String) throws {
        let cli = CLIHarness()
        cli.family()
        let path = cli.databasePath
        // Root ignores file modes, so run the real program as nobody when we are root.
        let asRoot = getuid() == 0
        chmod(cli.directory.path, what == "folder" ? 0o555 : 0o755)
        chmod(path, 0o644)
        defer { chmod(cli.directory.path, 0o700) }
        let before = cli.databaseBytes()
        let executable = cli.directory.file("healthlog")
        try FileManager.default.copyItem(atPath: try healthlogExecutable(), toPath: executable)
        for command in [["list"], ["add", "120/80"], ["stats"]] {
            let arguments = asRoot ? ["--reuid=65534", "--regid=65534", "--clear-groups", executable] + command : command
            let process = Process()
            process.executableURL = URL(fileURLWithPath: asRoot ? "/usr/bin/setpriv" : executable)
            process.arguments = arguments
            process.environment = ["HEALTHLOG_DB": path, "HOME": "/tmp"]
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 74, "\(what) \(command): \(stderr)")
            #expect(stderr.hasPrefix("Error: cannot open \(path): it or its folder is read-only or not yours"), "\(stderr)")
            #expect(cli.databaseBytes() == before)
        }
    }
}
