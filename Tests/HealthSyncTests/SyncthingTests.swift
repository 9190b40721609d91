import Foundation
import Glibc
import Testing

@Suite(.serialized, .timeLimit(.minutes(3))) struct SyncthingTests {
    /// Two machines, each with its own log and its own Syncthing, converge after adds, edits,
    /// deletes, an import and profile, tag and event changes on both, one of them offline for a while.
    @Test func twoRealSyncthingInstancesConverge() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/syncthing"), "make test installs syncthing")
        let directory = TemporaryDirectory()
        let dad = try SyncthingPeer(in: directory, name: "dad")
        let daughter = try SyncthingPeer(in: directory, name: "daughter")
        try dad.configure(peers: [daughter])
        try daughter.configure(peers: [dad])
        try dad.start()
        try daughter.start()
        defer {
            dad.stop()
            daughter.stop()
        }
        var environment = processEnvironment(directory)
        environment["TZ"] = "Asia/Shanghai"
        let dadLog = directory.file("dad.sqlite")
        let daughterLog = directory.file("daughter.sqlite")
        func onDad(_ arguments: String...) throws -> RunResult { try runProcess(["--db", dadLog] + arguments, environment: environment) }
        func onDaughter(_ arguments: String...) throws -> RunResult { try runProcess(["--db", daughterLog] + arguments, environment: environment) }
        func ok(_ result: RunResult, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
        }
        /// Both logs, after the engines delivered everything and both merged, the same.
        func converged() throws -> Bool {
            dad.scan()
            daughter.scan()
            _ = try onDad("sync")
            _ = try onDaughter("sync")
            return try logDump(dadLog) == logDump(daughterLog)
        }

        try #require(eventually(60) { dad.isUp && daughter.isUp }, "both engines answer on loopback")
        try #require(eventually(60) { dad.isConnected(to: daughter) }, "the engines connect over 127.0.0.1")

        // The father's log, with history, becomes the shared log; the daughter's joins it.
        ok(try onDad("profile", "add", "dad", "--name", "爸爸", "--birth-year", "1952"))
        ok(try onDad("-p", "dad", "add", "150/95", "80", "-t", "bp-med", "--at", "2026-11-29 07:30"))
        ok(try onDad("-p", "dad", "add", "142/88", "--at", "2026-11-29 21:00"))
        ok(try onDad("sync", "init", dad.shared))
        dad.scan()
        try #require(eventually(30) {
            FileManager.default.fileExists(atPath: daughter.shared + "/healthlog-sync.json")
                && ((try? FileManager.default.contentsOfDirectory(atPath: daughter.shared + "/journal")) ?? []).count == 1
        }, "the engine brings the father's journal")
        ok(try onDaughter("sync", "init", daughter.shared))
        #expect(try eventually(30, converged))

        // The daughter's laptop goes offline; both keep changing the log.
        daughter.rest("/rest/system/pause?device=\(dad.deviceID)", method: "POST")
        #expect(eventually(10) { !dad.isConnected(to: daughter) })
        let first = try #require(try RecordStoreIDs.readingID(dadLog, systolic: 150))
        ok(try onDad("edit", first, "--note", "no pill that morning"))
        ok(try onDad("-p", "dad", "add", "139/85", "72", "--at", "2026-11-30 07:20"))
        ok(try onDad("event", "add", "amlodipine 5 mg started", "-p", "dad", "--at", "2026-11-28 08:00", "--kind", "medication"))
        ok(try onDaughter("profile", "add", "mom", "--name", "妈妈"))
        ok(try onDaughter("-p", "mom", "add", "118/76", "66", "--at", "2026-11-30 07:40"))
        ok(try onDaughter("delete", try #require(try RecordStoreIDs.readingID(daughterLog, systolic: 142)), "--yes"))
        ok(try onDaughter("tag", "add", "salt", "--label", "salty meal"))
        let csv = directory.write(
            "paper.csv", "id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note,site\n,mom,2026-11-27T07:10:00+08:00,141,90,77,,,,home\n")
        ok(try onDaughter("-p", "mom", "import", csv))
        ok(try onDaughter("profile", "edit", "dad", "--target", "130/80"))
        dad.scan()
        daughter.scan()
        usleep(1_500_000)
        ok(try onDad("sync"))
        #expect(try !logDump(dadLog).contains { $0.contains("| 118/76 |") }, "nothing crosses while the laptop is offline")

        // Back online: everything converges, with nothing lost and no conflict copies.
        daughter.rest("/rest/system/resume?device=\(dad.deviceID)", method: "POST")
        #expect(eventually(20) { daughter.isConnected(to: dad) })
        #expect(try eventually(40) {
            try converged() && logDump(dadLog).contains { $0.contains("| 118/76 |") } && logDump(daughterLog).contains { $0.contains("no pill") }
        })
        let dump = try logDump(dadLog)
        // 150/95 (edited), 139/85 and the father's; 118/76 and the imported 141/90 of the mother's; 142/88 deleted.
        #expect(dump.filter { $0.hasPrefix("reading ") }.count == 4)
        #expect(!dump.contains { $0.contains("| 142/88 |") })
        #expect(dump.contains { $0.contains("amlodipine") })
        #expect(dump.contains { $0.contains("salt") })
        #expect(dump.contains { $0.contains("| 130/80 |") && $0.hasPrefix("profile dad") })
        for folder in [dad.shared, daughter.shared] {
            let all = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
            #expect(!all.contains { $0.contains(".sync-conflict-") }, "one writer per file: the engine never made a conflict copy")
        }
        // The daughter's device file, written by her last merge, tells the father she has all of his.
        #expect(try eventually(20) {
            dad.scan()
            daughter.scan()
            return try onDad("sync", "status").stdout.contains("has every change of this device")
        })
    }
}

/// Reading ids by value, read from a log file directly.
enum RecordStoreIDs {
    static func readingID(_ path: String, systolic: Int) throws -> String? {
        try HealthRecordsAccess.readings(path).first { $0.systolic == systolic }?.id
    }
}
