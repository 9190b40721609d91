import Foundation
import HealthLogTestSupport
import Testing

/// Issue 34 §10: a log, a file SQLite keeps beside it, or an output target that another user
/// made is never used as it is. A new file is created exclusively; an existing one must be a
/// regular file of this user's (or, for output, this user's own FIFO or terminal, or
/// `/dev/null`, named without a link). Another user is played by `nobody`, so these tests
/// need root; every refusal is one line, exit 74 or 73, and leaves the files as they were.
@Suite(.enabled(if: getuid() == 0, "making files another user owns needs root"))
struct OtherUsersFilesTests {
    private static let nobody: uid_t = 65534

    private func info(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    private func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// One line on standard error that starts with `prefix`.
    private func refused(_ result: RunResult, _ prefix: String, status: Int32 = 74, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == status, "\(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix(prefix) && result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func anEmptyFileAnotherUserMadeNeverReceivesTheLog() throws {
        let directory = TemporaryDirectory()
        var environment = processEnvironment(directory)
        let planted = directory.write("planted.sqlite", [])
        chmod(planted, 0o666)
        chown(planted, OtherUsersFilesTests.nobody, OtherUsersFilesTests.nobody)
        environment["HEALTHLOG_DB"] = planted
        for command in [["add", "138/86", "72"], ["profile", "add", "dad"], ["tag", "add", "salt", "--label", "salt"]] {
            let result = try runProcess(command, environment: environment)
            refused(result, "Error: cannot use the log \(planted): another user (nobody) owns it")
            #expect(contents(planted)?.count == 0, "\(command) wrote into the planted file")
            #expect(info(planted).map { $0.st_mode & 0o7777 } == 0o666 && info(planted)?.st_uid == OtherUsersFilesTests.nobody)
            #expect(names(in: directory.path) == ["planted.sqlite"], "\(command) left \(names(in: directory.path))")
        }
    }

    /// A `-wal`, `-shm` or `-journal` made before the log is opened, by another user or as a
    /// link, would receive the recent changes or hand SQLite forged pages: refused for writing
    /// and for reading, and left where it is.
    @Test(arguments: ["-wal", "-shm", "-journal"])
    func aCompanionFileAnotherUserMadeIsRefused(suffix: String) throws {
        let directory = TemporaryDirectory()
        let environment = processEnvironment(directory)
        #expect(try runProcess(["add", "138/86", "72"], environment: environment).status == 0)
        let log = directory.file("log.sqlite")
        let before = contents(log)
        let companion = log + suffix
        #expect(FileManager.default.createFile(atPath: companion, contents: Data()))
        chmod(companion, 0o666)
        chown(companion, OtherUsersFilesTests.nobody, OtherUsersFilesTests.nobody)
        for command in [["add", "140/90", "70"], ["list"], ["export", "--format", "json"]] {
            refused(try runProcess(command, environment: environment), "Error: cannot use the log \(log): another user (nobody) made \(companion) beside it")
            #expect(contents(log) == before && contents(companion)?.count == 0, "\(command) touched the log or \(suffix)")
        }
        unlink(companion)
        let elsewhere = directory.write("elsewhere", [])
        try #require(symlink(elsewhere, companion) == 0)
        refused(try runProcess(["add", "140/90", "70"], environment: environment), "Error: cannot use the log \(log): \(companion) beside it is a symbolic link")
        #expect(contents(elsewhere)?.count == 0 && contents(log) == before)
    }

    @Test func aLinkToTheLogThatAnotherUserMadeIsNotFollowed() throws {
        let directory = TemporaryDirectory()
        var environment = processEnvironment(directory)
        #expect(try runProcess(["add", "138/86", "72"], environment: environment).status == 0)
        let link = directory.file("link.sqlite")
        try #require(symlink(directory.file("log.sqlite"), link) == 0)
        lchown(link, OtherUsersFilesTests.nobody, OtherUsersFilesTests.nobody)
        environment["HEALTHLOG_DB"] = link
        let before = contents(directory.file("log.sqlite"))
        refused(try runProcess(["add", "140/90", "70"], environment: environment), "Error: cannot use the log \(link): it is a symbolic link another user (nobody) made")
        #expect(contents(directory.file("log.sqlite")) == before)
    }

    /// Where others may create files (0777, or 1777 like /tmp), they could plant the `-wal`
    /// before SQLite makes it: no log is written there.
    @Test(arguments: [0o777, 0o1777])
    func noLogIsWrittenInAFolderOthersMayWrite(mode: Int) throws {
        let directory = TemporaryDirectory()
        var environment = processEnvironment(directory)
        let open = directory.file("open")
        try #require(mkdir(open, 0o700) == 0 && chmod(open, mode_t(mode)) == 0)
        environment["HEALTHLOG_DB"] = open + "/log.sqlite"
        refused(
            try runProcess(["add", "138/86", "72"], environment: environment),
            "Error: cannot use the log \(open)/log.sqlite: its folder \(open) may be written by other users (mode \(String(mode, radix: 8).count == 3 ? "0" : "")\(String(mode, radix: 8)))")
        #expect(names(in: open).isEmpty)
    }

    /// A log in a folder another user owns (not one others may write): its owner could move or
    /// replace it, so it is refused, and nothing is made there.
    @Test func aLogInAnotherUsersFolderIsRefused() throws {
        let directory = TemporaryDirectory()
        let theirs = directory.file("theirs")
        mkdir(theirs, 0o755)
        chown(theirs, OtherUsersFilesTests.nobody, OtherUsersFilesTests.nobody)
        var environment = processEnvironment(directory)
        environment["HEALTHLOG_DB"] = theirs + "/log.sqlite"
        refused(try runProcess(["add", "138/86", "72"], environment: environment), "Error: cannot use the log \(theirs)/log.sqlite: its folder \(theirs) belongs to another user (nobody)")
        #expect(names(in: theirs).isEmpty)
    }

    /// A configuration file another user owns, or others may write, chooses nothing (its `db`
    /// line would put the log where they want): one line, exit 78, nothing written. The user's
    /// own, made private, is obeyed.
    @Test func aConfigurationFileOthersCanChangeIsNotObeyed() throws {
        let directory = TemporaryDirectory()
        var environment = processEnvironment(directory)
        environment["HEALTHLOG_DB"] = nil
        let config = directory.write("config", Array("db = \(directory.file("chosen.sqlite"))\n".utf8))
        environment["HEALTHLOG_CONFIG"] = config
        chown(config, OtherUsersFilesTests.nobody, OtherUsersFilesTests.nobody)
        chmod(config, 0o644)
        refused(try runProcess(["add", "138/86", "72"], environment: environment), "Error: \(config) is not yours alone (another user (nobody) owns it)", status: 78)
        chown(config, getuid(), getgid())
        chmod(config, 0o666)
        refused(try runProcess(["add", "138/86", "72"], environment: environment), "Error: \(config) is not yours alone (other users may write it (mode 0666))", status: 78)
        #expect(!FileManager.default.fileExists(atPath: directory.file("chosen.sqlite")))
        chmod(config, 0o600)
        #expect(try runProcess(["add", "138/86", "72"], environment: environment).status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.file("chosen.sqlite")))
    }

    @Test func theUsersOwnLogIsMadePrivate() throws {
        let directory = TemporaryDirectory()
        let environment = processEnvironment(directory)
        #expect(try runProcess(["add", "138/86", "72"], environment: environment).status == 0)
        let log = directory.file("log.sqlite")
        chmod(log, 0o644)
        #expect(try runProcess(["add", "140/90", "70"], environment: environment).status == 0)
        #expect(info(log).map { $0.st_mode & 0o7777 } == 0o600)
        // A command that only reads makes it private too (before, only a write did).
        for command in [["list"], ["check"], ["stats"]] {
            chmod(log, 0o644)
            #expect(try runProcess(["--no-sync"] + command, environment: environment).status == 0)
            #expect(info(log).map { $0.st_mode & 0o7777 } == 0o600, "\(command)")
        }
    }

    // MARK: - Output targets

    @Test func outputIsNeverWrittenThroughALinkToAPipeOrADevice() throws {
        let (directory, environment) = try importedLog(20)
        let fifo = directory.file("pipe")
        try #require(mkfifo(fifo, 0o600) == 0)
        // A block device node for a loop device that does not exist: nothing could be written even by mistake.
        let disk = directory.file("disk")
        try #require(mknod(disk, S_IFBLK | 0o600, dev_t(7 << 8 | 250)) == 0)
        for (target, kind) in [(fifo, "a pipe"), (disk, "a device"), ("/dev/null", "a device")] {
            let link = directory.file("out")
            unlink(link)
            try #require(symlink(target, link) == 0)
            for command in [["export", "-o", link], ["-p", "dad", "report", "-o", link], ["backup", link]] {
                refused(try runProcess(command, environment: environment), "Error: cannot write \(link): it is a symbolic link to \(kind), which healthlog never writes through", status: 73)
                #expect(info(link).map { $0.st_mode & S_IFMT } == S_IFLNK, "\(command) replaced the link")
            }
        }
        refused(try runProcess(["-p", "dad", "report", "-o", disk], environment: environment), "Error: cannot write \(disk): it is a disk device, which healthlog never writes onto", status: 73)
    }

    @Test func aPipeOrAFileOfAnotherUsersIsNotWrittenInto() throws {
        let (directory, environment) = try importedLog(20)
        let fifo = directory.file("their-pipe")
        try #require(mkfifo(fifo, 0o666) == 0)
        chown(fifo, OtherUsersFilesTests.nobody, OtherUsersFilesTests.nobody)
        refused(try runProcess(["export", "-o", fifo], environment: environment), "Error: cannot write \(fifo): another user (nobody) owns it", status: 73)
        let theirs = directory.write("theirs.csv", Array("their own data\n".utf8))
        chown(theirs, OtherUsersFilesTests.nobody, OtherUsersFilesTests.nobody)
        refused(try runProcess(["export", "-o", theirs], environment: environment), "Error: cannot write \(theirs): another user (nobody) owns it", status: 73)
        #expect(contents(theirs) == Data("their own data\n".utf8) && info(theirs)?.st_uid == OtherUsersFilesTests.nobody)
        // A device that is not a terminal (here one like /dev/zero) is not written onto either.
        let zero = directory.file("zero")
        try #require(mknod(zero, S_IFCHR | 0o666, dev_t(1 << 8 | 5)) == 0)
        refused(try runProcess(["export", "-o", zero], environment: environment), "Error: cannot write \(zero): it is a device that is not a terminal", status: 73)
    }
}
