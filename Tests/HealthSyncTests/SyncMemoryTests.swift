import Foundation
import HealthCore
import Testing

/// `sync init` streams, on the first machine (publishing the log) and on a machine joining
/// (taking every operation): its peak memory (the kernel's, from `getrusage` of the child
/// through `/usr/bin/time`) at 25,000 readings stays within a few MB of the same at 2,500,
/// beyond SQLite's page cache, which the log's writer caps at 32 MiB and which fills with the
/// pages the command writes. Publishing may grow by that cache (at most the log file's size);
/// a join by no more than publishing the same log grows. A join that held every operation's
/// decoded change and every record it touched grew about 14 MB more than publishing at 30,000.
@Suite(.serialized) struct SyncMemoryTests {
    /// SQLite's page cache of the log's writer (`PRAGMA cache_size = -32768`), in KiB.
    static let pageCacheKiB = 32 * 1024

    @Test func syncInitTakesFlatMemory() throws {
        let small = try peaks(readings: 2_500)
        let large = try peaks(readings: 25_000)
        let publishing = large.peaks[0] - small.peaks[0]
        let joining = large.peaks[1] - small.peaks[1]
        let cache = min(SyncMemoryTests.pageCacheKiB, large.logSizes[0] / 1024)
        print("sync init (first machine): peak \(small.peaks[0] / 1024) MiB at 2,500 readings, \(large.peaks[0] / 1024) MiB at 25,000")
        print("sync init (joining): peak \(small.peaks[1] / 1024) MiB at 2,500 readings, \(large.peaks[1] / 1024) MiB at 25,000")
        #expect(publishing - cache < 4 * 1024, "publishing grew by \(publishing) KiB, \(publishing - cache) KiB beyond the page cache")
        #expect(joining - publishing < 4 * 1024, "joining grew by \(joining) KiB, \(joining - publishing) KiB more than publishing")
    }

    /// A join larger than what a merge keeps in memory (the records past it wait in temporary
    /// tables, their changes decoded again when shown) takes every reading, as a copy of the
    /// log joining takes none twice and publishes nothing of its own.
    @Test func aJoinLargerThanAMergeKeepsInMemoryTakesEverything() throws {
        let log = try PeakMemory(readings: 6_000) { index in
            let instant = ZonedInstant(utcSeconds: 1_577_836_800 + Int64(index) * 900, offsetMinutes: 480)
            return ",dad,\(instant.iso8601),\(110 + index % 60),\(70 + index % 25),\(60 + index % 30),,,reading \(index),"
        }
        try FileManager.default.copyItem(atPath: log.directory.file("log.sqlite"), toPath: log.directory.file("copy.sqlite"))
        let folder = log.directory.file("shared")
        let published = try runProcess(["sync", "init", folder], environment: log.environment)
        #expect(published.status == 0 && published.stdout.contains("Published 60"), "\(published.stdout)\(published.stderr)")
        var joining = log.environment
        joining["HEALTHLOG_DB"] = log.directory.file("joined.sqlite")
        let joined = try runProcess(["sync", "init", folder], environment: joining)
        #expect(joined.stdout.contains("readings 6000 added; profile 1 added."), "\(joined.stdout)\(joined.stderr)")
        var copy = log.environment
        copy["HEALTHLOG_DB"] = log.directory.file("copy.sqlite")
        let copied = try runProcess(["sync", "init", folder], environment: copy)
        #expect(copied.status == 0 && !copied.stdout.contains("Published"), "\(copied.stdout)\(copied.stderr)")
        let listing = { (environment: [String: String]) in try runProcess(["-p", "dad", "list", "--format", "csv"], environment: environment).stdout }
        let original = try listing(log.environment)
        #expect(original.split(separator: "\n").count == 6_001)
        #expect(try listing(joining) == original)
        #expect(try listing(copy) == original)
    }

    /// The peak resident memory (KiB) of `sync init` publishing a log of `count` readings, then
    /// of an empty log joining the same folder, and the size of each log file afterwards.
    private func peaks(readings count: Int) throws -> (peaks: [Int], logSizes: [Int]) {
        let log = try PeakMemory(readings: count) { index in
            let instant = ZonedInstant(utcSeconds: 1_577_836_800 + Int64(index) * 900, offsetMinutes: 480)
            let tags = index % 3 == 0 ? "bp-med" : index % 3 == 1 ? "bp-med;coffee" : ""
            return ",dad,\(instant.iso8601),\(110 + index % 60),\(70 + index % 25),\(60 + index % 30),,\(tags),after walk \(index % 40),"
        }
        let folder = log.directory.file("shared")
        let first = try log.peak(command: ["sync", "init", folder])
        let joining = try log.peak(command: ["sync", "init", folder], database: "joined.sqlite")
        let size = { (name: String) in
            ((try? FileManager.default.attributesOfItem(atPath: log.directory.file(name)))?[.size] as? Int) ?? 0
        }
        return ([first, joining], [size("log.sqlite"), size("joined.sqlite")])
    }
}
