import Foundation
import HealthCore
import Testing

/// A file is written whole or not at all, private, and never through a planted symlink.
@Suite struct AtomicFileTests {
    @Test func writesAPrivateFileAndReplacesAnOldOne() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("out.txt")
        try AtomicFile.write(Array("first".utf8), to: path)
        try AtomicFile.write(Array("second".utf8), to: path)
        #expect(try FileBytes.read(path) == Array("second".utf8))
        #expect(FileSystem.mode(of: path) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.txt"])
    }

    @Test func aSymlinkAtTheTargetIsReplacedNotFollowed() throws {
        let directory = TemporaryDirectory()
        let victim = directory.write("victim.txt", "keep me")
        let link = directory.file("out.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: victim)
        try AtomicFile.write(Array("new".utf8), to: link)
        #expect(try FileBytes.read(victim) == Array("keep me".utf8))
        #expect(try FileBytes.read(link) == Array("new".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == nil)
    }

    @Test func aFailureLeavesTheTargetAndNoTemporaryFile() throws {
        let directory = TemporaryDirectory()
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write([1, 2, 3], to: directory.file("missing/dir/out.txt")) }
        let temporary = try AtomicFile.reserveTemporary(for: directory.file("report.pdf"))
        #expect(FileSystem.mode(of: temporary) == 0o600)
        AtomicFile.discard(temporary)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
