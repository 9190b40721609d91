import Foundation
import HealthCore
import HealthRecords
import Testing

/// Where the log is, and what commands may do there: an empty path is a mistake, commands that
/// only read never create anything, and every file HealthLog creates or adopts is private.
@Suite struct DatabasePathTests {
    @Test func anEmptyPathIsAUsageErrorAndCreatesNothing() throws {
        let cli = CLIHarness()
        let flag = cli.run("--db", "", "add", "120/80")
        #expect(flag.status == 64)
        #expect(flag.stderr == "Error: --db is empty; give the database file's path. See 'healthlog --help'.\n")
        cli.environment["HEALTHLOG_DB"] = ""
        let variable = cli.run("add", "120/80")
        #expect(variable.status == 64)
        #expect(variable.stderr == "Error: HEALTHLOG_DB is set but empty; unset it or give the database file's path. See 'healthlog --help'.\n")
        // The default location under $HOME was not used either.
        #expect(!FileManager.default.fileExists(atPath: cli.directory.file(".local")))
    }

    @Test(arguments: [
        ["list"], ["show", "3f2a9c1e"], ["stats"], ["report"], ["chart"], ["export"], ["check"], ["backup", "/tmp/never-written.sqlite"],
        ["profile", "list"], ["profile", "show", "dad"], ["tag", "list"],
    ])
    func commandsThatOnlyReadNeverCreateALog(command: [String]) throws {
        let cli = CLIHarness()
        let path = cli.directory.file("typo/folder/h.sqlite")
        let result = cli.run(["--db", path] + command)
        #expect(result.status == 66, "\(command): \(result.stderr)")
        #expect(result.stderr == "Error: no HealthLog database at \(path); the first 'healthlog add 138/86 72' makes it\n")
        #expect(!FileManager.default.fileExists(atPath: cli.directory.file("typo")))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.sqlite"))
    }

    @Test func anEmptyFileIsAdoptedAsANewLogAndMadePrivate() throws {
        let cli = CLIHarness()
        let path = cli.directory.file("made-by-touch.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o644]))
        // Reading an empty file finds no log and leaves it as it is.
        #expect(cli.run("--db", path, "list").status == 66)
        #expect(FileSystem.mode(of: path) == 0o644)
        cli.ok("--db", path, "add", "120/80", "--at", "07:00")
        #expect(FileSystem.mode(of: path) == 0o600)
    }
}
