import Foundation
import HealthCore
import Testing

/// Output appears whole or not at all, private, never through a planted symlink, and a device or
/// FIFO at the target is written into, never replaced.
@Suite struct OutputFileTests {
    private func names(_ directory: TemporaryDirectory) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func writesAPrivateFileAndReplacesAnOldOne() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("out.txt")
        try OutputFile.write(Array("first".utf8), to: path)
        try OutputFile.write(Array("second".utf8), to: path)
        #expect(try FileBytes.read(path) == Array("second".utf8))
        #expect(FileSystem.mode(of: path) == 0o600)
        #expect(try names(directory) == ["out.txt"])
    }

    @Test func nothingAppearsBeforeTheCommitAndADiscardLeavesNothing() throws {
        let directory = TemporaryDirectory()
        let path = directory.write("report.pdf", "the old report")
        let file = try OutputFile(path)
        file.write(Array(repeating: UInt8(ascii: "x"), count: 200_000))
        #expect(try names(directory) == ["report.pdf"], "the new file has no name yet")
        #expect(try FileBytes.read(path) == Array("the old report".utf8))
        file.discard()
        #expect(try names(directory) == ["report.pdf"])
        #expect(try FileBytes.read(path) == Array("the old report".utf8))
    }

    @Test func anUncommittedFileIsDiscardedWhenDropped() throws {
        let directory = TemporaryDirectory()
        do {
            let file = try OutputFile(directory.file("out.csv"))
            file.write("half")
        }
        #expect(try names(directory).isEmpty)
    }

    @Test func aSymlinkAtTheTargetIsReplacedNotFollowed() throws {
        let directory = TemporaryDirectory()
        let victim = directory.write("victim.txt", "keep me")
        let link = directory.file("out.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        try OutputFile.write(Array("new".utf8), to: link)
        #expect(try FileBytes.read(victim) == Array("keep me".utf8))
        #expect(try FileBytes.read(link) == Array("new".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil)
    }

    @Test func aMissingFolderAFolderAndASocketCannotBeWritten() throws {
        let directory = TemporaryDirectory()
        #expect(throws: OutputError.cannotCreate(path: directory.file("missing/out.txt"), reason: Phrase(verbatim: "the folder \(directory.file("missing")) does not exist"))) {
            try OutputFile.write([1, 2, 3], to: directory.file("missing/out.txt"))
        }
        let folder = directory.file("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        #expect(throws: OutputError.self) { try OutputFile.write([1], to: folder) }
        let socketPath = directory.file("socket")
        let socket = try #require(Optional(Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)))
        defer { close(socket) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: socketPath.utf8.prefix(raw.count - 1))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        #expect(throws: OutputError.cannotCreate(path: socketPath, reason: "it is a socket, which healthlog cannot write into")) {
            try OutputFile.write([1], to: socketPath)
        }
        #expect(try names(directory) == ["folder", "socket"])
    }

    @Test func aFIFOIsWrittenIntoAndStaysAFIFO() throws {
        let directory = TemporaryDirectory()
        let fifo = directory.file("pipe")
        try #require(mkfifo(fifo, 0o644) == 0)
        let reader = FIFOReader(fifo)
        try OutputFile.write(Array("through the pipe".utf8), to: fifo)
        #expect(reader.wait() == Array("through the pipe".utf8))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        #expect(info.st_mode & 0o777 == 0o644, "the FIFO's mode is left as it was")
        #expect(try names(directory) == ["pipe"])
    }

    @Test func aCharacterDeviceIsWrittenIntoAndKeepsItsMode() throws {
        let directory = TemporaryDirectory()
        let device = directory.file("null")
        // A device like /dev/null (1, 3); making one needs the right to, which tests may lack.
        guard mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0 else { return }
        try OutputFile.write(Array("health data".utf8), to: device)
        var info = stat()
        #expect(lstat(device, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR)
        #expect(info.st_mode & 0o777 == 0o666 & ~umaskValue())
        #expect(try names(directory) == ["null"])
    }

    @Test func aFullDeviceFailsWithTheReason() throws {
        #expect(throws: OutputError.writeFailed(path: "/dev/full", reason: "the disk is full (No space left on device)")) {
            try OutputFile.write(Array(repeating: 7, count: 100_000), to: "/dev/full")
        }
    }

    @Test func ownDescriptorsAreWrittenThroughThemselves() throws {
        #expect(try OutputDestination.resolve("/dev/stdout") == .descriptor(1))
        #expect(try OutputDestination.resolve("/dev/fd/2") == .descriptor(2))
        #expect(try OutputDestination.resolve("/proc/self/fd/1") == .descriptor(1))
        #expect(throws: OutputError.cannotCreate(path: "/dev/fd/987", reason: "descriptor 987 is not open")) {
            try OutputDestination.resolve("/dev/fd/987")
        }
        let directory = TemporaryDirectory()
        let path = directory.file("via-descriptor.txt")
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        defer { close(descriptor) }
        _ = "first\n".withCString { Glibc.write(descriptor, $0, 6) }
        try OutputFile.write(Array("second\n".utf8), to: "/dev/fd/\(descriptor)")
        #expect(try FileBytes.read(path) == Array("first\nsecond\n".utf8), "an appending descriptor keeps appending")
    }

    @Test func aSpoolIsReadBackWhole() throws {
        let directory = TemporaryDirectory()
        let spool = try OutputFile(spoolIn: directory.path)
        let bytes = (0..<300_000).map { UInt8($0 % 251) }
        spool.write(bytes)
        var back: [UInt8] = []
        try spool.readBack { back += $0 }
        #expect(back == bytes)
        #expect(try names(directory).isEmpty, "a spool never has a name")
    }

    @Test func aStagedFileIsPrivateCommittedOrRemoved() throws {
        let directory = TemporaryDirectory()
        let target = directory.file("backup.sqlite")
        let staged = try StagedFile(beside: target)
        #expect(FileSystem.mode(of: staged.temporaryPath) == 0o600)
        try staged.commit(to: target)
        #expect(try names(directory) == ["backup.sqlite"])
        let other = try StagedFile(beside: target)
        other.discard()
        #expect(try names(directory) == ["backup.sqlite"])
    }
}

/// The process's umask, read without changing it for long.
private func umaskValue() -> mode_t {
    let value = umask(0o022)
    umask(value)
    return value
}

/// Reads a FIFO to its end on a thread of its own.
private final class FIFOReader: @unchecked Sendable {
    private var data: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(_ path: String) {
        Thread.detachNewThread { [self] in
            data = Array(FileHandle(forReadingAtPath: path)?.readDataToEndOfFile() ?? Data())
            done.signal()
        }
    }

    func wait() -> [UInt8] {
        done.wait()
        return data
    }
}
