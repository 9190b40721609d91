import Foundation
import Glibc
import Testing

/// One Syncthing instance started by a test, reachable only at the addresses the test gives
/// it: no discovery, relays, NAT traversal, global or local announcements, upgrades, crash
/// reports or usage reporting, so nothing reaches any other address.
///
/// It runs on this machine on loopback (``init(in:name:)``), or inside a test machine of its
/// own (``NamespacedMachine``), whose `launch` prefix starts every process of that machine.
final class SyncthingPeer {
    let home: String
    /// The shared folder, as the test reads it.
    let shared: String
    /// The shared folder, as the engine (and HealthLog beside it) sees it.
    let folderPath: String
    let deviceID: String
    /// `tcp://ADDRESS:PORT`: where it listens, and where the other peers dial it.
    let listenAddress: String
    /// `ADDRESS:PORT` of its REST API, inside its own network.
    let guiAddress: String
    let apiKey = "healthlog-test-" + String(UInt64.random(in: 1...UInt64.max), radix: 16)
    /// Prepended to every command this peer runs (empty: run here).
    private let launch: [String]
    /// Prepended to a REST call (a lighter way into the same network).
    private let probe: [String]
    private(set) var process: Process?

    /// STMONITORED: the engine runs as the one process it was started as, with no monitor
    /// process in front, so a signal sent to it reaches the engine itself.
    static let environment = [
        "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "STNOUPGRADE": "1", "STNODEFAULTFOLDER": "1", "STMONITORED": "1", "HOME": NSTemporaryDirectory(),
    ]

    init(home: String, shared: String, folderPath: String, listenAddress: String, guiAddress: String, launch: [String] = [], probe: [String] = []) throws {
        self.home = home
        self.shared = shared
        self.folderPath = folderPath
        self.listenAddress = listenAddress
        self.guiAddress = guiAddress
        self.launch = launch
        self.probe = probe
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let generated = try run(executable: "/usr/bin/syncthing", ["generate", "--home=\(home)", "--no-default-folder", "--skip-port-probing"], environment: SyncthingPeer.environment)
        try #require(generated.status == 0, "syncthing generate: \(generated.stderr)")
        let id = try run(executable: "/usr/bin/syncthing", ["--home=\(home)", "--device-id"], environment: SyncthingPeer.environment)
        deviceID = id.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(deviceID.count > 50, "syncthing --device-id: \(id.stdout) \(id.stderr)")
    }

    /// A peer on this machine's loopback, on ports no one listens on now.
    convenience init(in directory: TemporaryDirectory, name: String) throws {
        let shared = directory.file("shared-" + name)
        try self.init(
            home: directory.file("syncthing-" + name), shared: shared, folderPath: shared,
            listenAddress: "tcp://127.0.0.1:\(try freeLoopbackPort())", guiAddress: "127.0.0.1:\(try freeLoopbackPort())")
    }

    /// What `syncthing generate` writes for a folder: a folder written without them gets zeros,
    /// and `maxConflicts` 0 would make the engine overwrite a concurrent change instead of
    /// keeping it as a conflict copy.
    static let folderDefaults = """
        <filesystemType>basic</filesystemType><copiers>0</copiers><pullerMaxPendingKiB>0</pullerMaxPendingKiB><hashers>0</hashers>
        <order>random</order><ignoreDelete>false</ignoreDelete><maxConflicts>10</maxConflicts><weakHashThresholdPct>25</weakHashThresholdPct>
        <markerName>.stfolder</markerName><maxConcurrentWrites>2</maxConcurrentWrites><blockPullOrder>standard</blockPullOrder>
        <copyRangeMethod>standard</copyRangeMethod>
        """

    /// Syncthing's `<options>` for a test: listening at `listenAddress` only, with no global or
    /// local announcement, relay, NAT traversal, STUN, upgrade, crash or usage report; dialling
    /// a lost peer again every `reconnectSeconds` (nil: the engine's own 60 s).
    static func isolatedOptions(listenAddress: String, reconnectSeconds: Int? = 1) -> String {
        """
        <options>
            <listenAddress>\(listenAddress)</listenAddress>
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
            \(reconnectSeconds.map { "<reconnectionIntervalS>\($0)</reconnectionIntervalS>" } ?? "")
            <minHomeDiskFree unit="%">0</minHomeDiskFree>
        </options>
        """
    }

    /// Writes the whole configuration before the first start: one folder, shared with `peers`,
    /// each dialled at its own address only.
    func configure(peers: [SyncthingPeer]) throws {
        let devices = peers.map { "<device id=\"\($0.deviceID)\"></device>" }.joined()
        let remotes = peers.map {
            "<device id=\"\($0.deviceID)\" name=\"peer\" compression=\"metadata\"><address>\($0.listenAddress)</address></device>"
        }.joined(separator: "\n")
        let config = """
            <configuration version="36">
                <folder id="healthlog" label="healthlog" path="\(folderPath)" type="sendreceive" rescanIntervalS="2" fsWatcherEnabled="true" fsWatcherDelayS="1" ignorePerms="false" autoNormalize="true">
                    <device id="\(deviceID)"></device>
                    \(devices)
                    <minDiskFree unit="%">0</minDiskFree>
                    \(SyncthingPeer.folderDefaults)
                </folder>
                <device id="\(deviceID)" name="self" compression="metadata"><address>dynamic</address></device>
                \(remotes)
                <gui enabled="true" tls="false"><address>\(guiAddress)</address><apikey>\(apiKey)</apikey></gui>
                \(SyncthingPeer.isolatedOptions(listenAddress: listenAddress))
            </configuration>
            """
        try config.write(toFile: home + "/config.xml", atomically: true, encoding: .utf8)
    }

    /// Starts the engine (again, after ``kill(_:)``), in the foreground process it was given.
    func start() throws {
        let process = Process()
        let command = ["/usr/bin/syncthing", "serve", "--home=\(home)", "--no-browser", "--no-restart", "--no-upgrade"]
        process.executableURL = URL(fileURLWithPath: (launch + command)[0])
        process.arguments = Array((launch + command).dropFirst())
        process.environment = SyncthingPeer.environment
        // Its log, for a test that fails.
        let log = home + "/syncthing.log"
        if !FileManager.default.fileExists(atPath: log) { _ = FileManager.default.createFile(atPath: log, contents: nil) }
        let output = FileHandle(forWritingAtPath: log)
        output?.seekToEndOfFile()
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = output ?? FileHandle.nullDevice
        try process.run()
        self.process = process
    }

    /// True while its process runs (stopped or not).
    var isRunning: Bool { process?.isRunning == true }

    /// Sends `signal` to the engine; after SIGKILL, waits for it to end.
    func kill(_ signal: Int32) {
        guard let process, process.isRunning else { return }
        Glibc.kill(process.processIdentifier, signal)
        if signal == SIGKILL { _ = waitForExit(process) }
    }

    func stop() {
        guard let process, process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGCONT)
        process.terminate()
        if !waitForExit(process, seconds: 10) { kill(SIGKILL) }
    }

    /// A REST call; the body it answered, or nil.
    @discardableResult
    func rest(_ path: String, method: String = "GET") -> String? {
        let command = ["/usr/bin/curl", "-s", "-m", "2", "-X", method, "-H", "X-API-Key: \(apiKey)", "http://\(guiAddress)\(path)"]
        guard let result = try? run(executable: (probe + command)[0], Array((probe + command).dropFirst()), environment: SyncthingPeer.environment),
            result.status == 0
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

/// Waits, up to `seconds`, for `process` to end; false when it still runs. A process that has
/// ended but was not yet collected (a zombie) has ended.
@discardableResult
func waitForExit(_ process: Process, seconds: Double = 30) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if !process.isRunning { return true }
        let state = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8))?.split(separator: ")").last?.dropFirst().first
        if state == nil || state == "Z" { return true }
        usleep(2_000)
    }
    return !process.isRunning
}

/// A TCP port on 127.0.0.1 no one listens on now.
func freeLoopbackPort() throws -> Int {
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
func eventually(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(200_000)
    }
    return try condition()
}
