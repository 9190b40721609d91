import Foundation
import Glibc
import Testing

/// One Syncthing instance started by a test, on loopback only: no discovery, relays, NAT
/// traversal, upgrades, crash reports or usage reporting, so nothing reaches another address.
private final class SyncthingPeer {
    let home: String
    let shared: String
    let deviceID: String
    let listenPort: Int
    let guiPort: Int
    let apiKey = "healthlog-test-" + String(UInt64.random(in: 1...UInt64.max), radix: 16)
    private var process: Process?

    init(in directory: TemporaryDirectory, name: String) throws {
        home = directory.file("syncthing-" + name)
        shared = directory.file("shared-" + name)
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        let generated = try run(executable: "/usr/bin/syncthing", ["generate", "--home=\(home)", "--no-default-folder", "--skip-port-probing"], environment: SyncthingPeer.environment)
        try #require(generated.status == 0, "syncthing generate: \(generated.stderr)")
        let id = try run(executable: "/usr/bin/syncthing", ["--home=\(home)", "--device-id"], environment: SyncthingPeer.environment)
        deviceID = id.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(deviceID.count > 50, "syncthing --device-id: \(id.stdout) \(id.stderr)")
        listenPort = try freeLoopbackPort()
        guiPort = try freeLoopbackPort()
    }

    static let environment = ["PATH": "/usr/bin:/bin", "STNOUPGRADE": "1", "STNODEFAULTFOLDER": "1", "HOME": NSTemporaryDirectory()]

    /// Writes the whole configuration, knowing `peer`, before the first start.
    func configure(peer: SyncthingPeer) throws {
        let config = """
            <configuration version="36">
                <folder id="healthlog" label="healthlog" path="\(shared)" type="sendreceive" rescanIntervalS="2" fsWatcherEnabled="true" fsWatcherDelayS="1" ignorePerms="false" autoNormalize="true">
                    <device id="\(deviceID)"></device>
                    <device id="\(peer.deviceID)"></device>
                    <minDiskFree unit="%">0</minDiskFree>
                </folder>
                <device id="\(deviceID)" name="self" compression="metadata"><address>dynamic</address></device>
                <device id="\(peer.deviceID)" name="peer" compression="metadata"><address>tcp://127.0.0.1:\(peer.listenPort)</address></device>
                <gui enabled="true" tls="false"><address>127.0.0.1:\(guiPort)</address><apikey>\(apiKey)</apikey></gui>
                <options>
                    <listenAddress>tcp://127.0.0.1:\(listenPort)</listenAddress>
                    <globalAnnounceServer></globalAnnounceServer>
                    <globalAnnounceEnabled>false</globalAnnounceEnabled>
                    <localAnnounceEnabled>false</localAnnounceEnabled>
                    <relaysEnabled>false</relaysEnabled>
                    <natEnabled>false</natEnabled>
                    <startBrowser>false</startBrowser>
                    <urAccepted>-1</urAccepted>
                    <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                    <crashReportingEnabled>false</crashReportingEnabled>
                    <announceLANAddresses>false</announceLANAddresses>
                    <stunKeepaliveStartS>0</stunKeepaliveStartS>
                    <stunServer></stunServer>
                    <reconnectionIntervalS>1</reconnectionIntervalS>
                    <minHomeDiskFree unit="%">0</minHomeDiskFree>
                </options>
            </configuration>
            """
        try config.write(toFile: home + "/config.xml", atomically: true, encoding: .utf8)
    }

    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/syncthing")
        process.arguments = ["serve", "--home=\(home)", "--no-browser", "--no-restart", "--no-upgrade", "--logfile=\(home)/syncthing.log"]
        process.environment = SyncthingPeer.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
    }

    func stop() {
        guard let process, process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// A REST call; the body it answered, or nil.
    @discardableResult
    func rest(_ path: String, method: String = "GET") -> String? {
        guard let result = try? run(
            executable: "/usr/bin/curl",
            ["-s", "-m", "5", "-X", method, "-H", "X-API-Key: \(apiKey)", "http://127.0.0.1:\(guiPort)\(path)"],
            environment: SyncthingPeer.environment), result.status == 0
        else { return nil }
        return result.stdout
    }

    var isUp: Bool { rest("/rest/system/ping")?.contains("pong") == true }

    func isConnected(to peer: SyncthingPeer) -> Bool {
        guard let body = rest("/rest/system/connections"), let data = body.data(using: .utf8),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let connections = json["connections"] as? [String: Any], let entry = connections[peer.deviceID] as? [String: Any]
        else { return false }
        return entry["connected"] as? Bool == true
    }

    /// Asks for a scan now (the watcher would notice within a second or two anyway).
    func scan() { rest("/rest/db/scan?folder=healthlog", method: "POST") }

    deinit { stop() }
}

/// A TCP port on 127.0.0.1 no one listens on now.
private func freeLoopbackPort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(socket >= 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
    try #require(bound == 0)
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Waits, up to `seconds`, for `condition`; true when it held.
private func eventually(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(200_000)
    }
    return try condition()
}

@Suite(.serialized, .timeLimit(.minutes(3))) struct SyncthingTests {
    /// Two machines, each with its own log and its own Syncthing, converge after adds, edits,
    /// deletes, an import and profile, tag and event changes on both, one of them offline for a while.
    @Test func twoRealSyncthingInstancesConverge() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/syncthing"), "make test installs syncthing")
        let directory = TemporaryDirectory()
        let dad = try SyncthingPeer(in: directory, name: "dad")
        let daughter = try SyncthingPeer(in: directory, name: "daughter")
        try dad.configure(peer: daughter)
        try daughter.configure(peer: dad)
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
