import Foundation
import Glibc
import Testing

/// One machine of the set-up test: a home folder with its own Syncthing, configured as Debian's
/// package leaves it but on loopback only (no discovery, relays, NAT traversal, usage
/// reporting or global announcements), with no folder and no other device: everything else is
/// `healthlog sync setup`'s to do.
private final class SetupMachine {
    let home: String
    /// Syncthing's folder (its `--home`).
    let syncthingHome: String
    let listenPort: Int
    let guiPort: Int
    let apiKey = "healthlog-setup-" + String(UInt64.random(in: 1...UInt64.max), radix: 16)
    private(set) var deviceID = ""
    private var process: Process?

    static let syncthingEnvironment = ["PATH": "/usr/bin:/bin", "STNOUPGRADE": "1", "STNODEFAULTFOLDER": "1", "HOME": NSTemporaryDirectory()]

    init(in directory: TemporaryDirectory, name: String, syncthingHome relative: String) throws {
        home = directory.file(name)
        syncthingHome = home + "/" + relative
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        listenPort = try freeLoopbackPort()
        guiPort = try freeLoopbackPort()
    }

    /// Makes Syncthing's keys and a loopback-only configuration with no folder and no peer.
    func generate(guiAddress: String? = nil) throws {
        let generated = try run(
            executable: "/usr/bin/syncthing", ["generate", "--home=\(syncthingHome)", "--no-default-folder", "--skip-port-probing"],
            environment: SetupMachine.syncthingEnvironment)
        try #require(generated.status == 0, "syncthing generate: \(generated.stderr)")
        let id = try run(executable: "/usr/bin/syncthing", ["--home=\(syncthingHome)", "--device-id"], environment: SetupMachine.syncthingEnvironment)
        deviceID = id.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(deviceID.count == 63, "syncthing --device-id: \(id.stdout) \(id.stderr)")
        let config = """
            <configuration version="36">
                <device id="\(deviceID)" name="\(URL(fileURLWithPath: home).lastPathComponent)" compression="metadata"><address>dynamic</address></device>
                <gui enabled="true" tls="false"><address>\(guiAddress ?? "127.0.0.1:\(guiPort)")</address><apikey>\(apiKey)</apikey></gui>
                \(SyncthingPeer.isolatedOptions(listenAddress: "tcp://127.0.0.1:\(listenPort)", reconnectSeconds: nil))
            </configuration>
            """
        try config.write(toFile: syncthingHome + "/config.xml", atomically: true, encoding: .utf8)
    }

    func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/syncthing")
        process.arguments = ["serve", "--home=\(syncthingHome)", "--no-browser", "--no-restart", "--no-upgrade", "--logfile=\(syncthingHome)/syncthing.log"]
        process.environment = SetupMachine.syncthingEnvironment
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

    deinit { stop() }

    /// A REST answer of this Syncthing, read with curl (not with the client under test).
    @discardableResult
    func rest(_ path: String, method: String = "GET", body: String? = nil) -> String? {
        guard let result = try? run(
            executable: "/usr/bin/curl",
            ["-s", "-m", "5", "-X", method, "-H", "X-API-Key: \(apiKey)"] + (body.map { ["-d", $0] } ?? []) + ["http://127.0.0.1:\(guiPort)\(path)"],
            environment: SetupMachine.syncthingEnvironment), result.status == 0
        else { return nil }
        return result.stdout
    }

    var isUp: Bool { rest("/rest/system/ping")?.contains("pong") == true }

    /// The program's environment on this machine: its own home, the default log there.
    var environment: [String: String] {
        ["HOME": home, "TZ": "Asia/Shanghai", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
         "HEALTHLOG_TEMPLATES": URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates").path]
    }

    var log: String { home + "/.local/share/healthlog/healthlog.sqlite" }

    func healthlog(_ arguments: String..., extra: [String: String] = [:]) throws -> RunResult {
        try runProcess(arguments, environment: environment.merging(extra) { _, new in new })
    }

    /// Waits, up to `seconds`, for `condition`; true when it held.
    static func waitFor(_ seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }
}

@Suite(.serialized, .timeLimit(.minutes(2))) struct SyncSetupTests {
    /// Two machines, each with a Syncthing that knows nothing of the other: `healthlog sync
    /// setup` on one and `healthlog sync setup --with ID --address …` on the other pair them,
    /// share the folder and join the logs, with no step in Syncthing's own pages; afterwards an
    /// `add` reaches the other machine in about a second, because Syncthing is asked to rescan.
    @Test func twoCommandsPairTwoMachines() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/syncthing"), "make test installs syncthing")
        let directory = TemporaryDirectory()
        // Debian's 1.19 keeps its configuration in ~/.config/syncthing; 1.27 and later in $XDG_STATE_HOME/syncthing.
        let dad = try SetupMachine(in: directory, name: "dads-laptop", syncthingHome: ".config/syncthing")
        let daughter = try SetupMachine(in: directory, name: "annas-laptop", syncthingHome: "state/syncthing")
        // A machine that once tried to connect to the father's and is gone: Syncthing keeps it as pending.
        let stranger = try SetupMachine(in: directory, name: "stranger", syncthingHome: ".config/syncthing")
        try dad.generate()
        try daughter.generate()
        try stranger.generate()
        try dad.start()
        try daughter.start()
        try stranger.start()
        defer {
            dad.stop()
            daughter.stop()
            stranger.stop()
        }
        let onDaughter = ["XDG_STATE_HOME": daughter.home + "/state"]
        try #require(SetupMachine.waitFor(30) { dad.isUp && daughter.isUp && stranger.isUp }, "the engines answer on loopback")
        _ = stranger.rest(
            "/rest/config/devices", method: "POST", body: #"{"deviceID": "\#(dad.deviceID)", "addresses": ["tcp://127.0.0.1:\#(dad.listenPort)"]}"#)
        try #require(SetupMachine.waitFor(20) { dad.rest("/rest/cluster/pending/devices")?.contains(stranger.deviceID) == true }, "the stranger knocked")
        stranger.stop()

        #expect(try dad.healthlog("profile", "add", "dad", "--name", "爸爸").status == 0)
        #expect(try dad.healthlog("add", "138/86", "72", "--at", "2026-11-29 07:30").status == 0)
        #expect(try daughter.healthlog("profile", "add", "anna", "--name", "Anna", extra: onDaughter).status == 0)

        // This machine's own id is not the other's: refused before anything is written.
        let own = try daughter.healthlog("sync", "setup", "--with", daughter.deviceID, extra: onDaughter)
        #expect(own.status == 65 && own.stderr.contains("this machine's own Syncthing device id"), "\(own.stderr)")
        #expect(!FileManager.default.fileExists(atPath: daughter.home + "/healthlog-sync"))

        // Nobody asks while it waits (the stranger's old try does not count): the log is shared
        // and Syncthing has the folder, and running it again goes on.
        let alone = try dad.healthlog("sync", "setup", "--timeout", "1")
        #expect(alone.status == 75, "\(alone.stdout)\(alone.stderr)")
        #expect(alone.stderr.contains("no machine asked to connect in time"), "\(alone.stderr)")
        #expect(alone.stdout.contains("Syncthing now shares \(dad.home)/healthlog-sync as folder 'healthlog'."), "\(alone.stdout)")

        // The father's machine shows its id and waits; the daughter's is given it.
        let started = Date()
        let output = directory.file("dad-setup.txt")
        #expect(FileManager.default.createFile(atPath: output, contents: nil))
        let waiting = Process()
        waiting.executableURL = URL(fileURLWithPath: try healthlogExecutable())
        waiting.arguments = ["sync", "setup", "--timeout", "60"]
        waiting.environment = dad.environment
        waiting.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        waiting.standardError = waiting.standardOutput
        try waiting.run()
        defer { if waiting.isRunning { waiting.terminate() } }
        let printed = { (try? String(contentsOfFile: output, encoding: .utf8)) ?? "" }
        try #require(SetupMachine.waitFor(20) { printed().contains("Waiting for it") }, "dad's setup: \(printed())")
        #expect(printed().contains("Syncthing already shares \(dad.home)/healthlog-sync as folder 'healthlog'."), "\(printed())")
        // The id is printed as text, and as a QR code drawn with half blocks.
        let shown = printed().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(shown.contains(dad.deviceID), "\(printed())")
        #expect(printed().contains("On the other machine, run: healthlog sync setup --with \(dad.deviceID)"))
        #expect(shown.filter { $0.contains("▀") || $0.contains("▄") }.count > 10, "a QR code in the terminal")

        let paired = try daughter.healthlog(
            "sync", "setup", "--with", dad.deviceID.lowercased(), "--address", "tcp://127.0.0.1:\(dad.listenPort)", "--timeout", "60", extra: onDaughter)
        #expect(paired.status == 0, "\(paired.stdout)\(paired.stderr)")
        waiting.waitUntilExit()
        let pairingSeconds = Date().timeIntervalSince(started)
        #expect(waiting.terminationStatus == 0, "\(printed())")
        #expect(printed().contains("Accepted \(daughter.deviceID.prefix(7)) (annas-laptop) and shared folder 'healthlog' with it."), "\(printed())")
        #expect(paired.stdout.contains("Connected to \(dad.deviceID.prefix(7))."), "\(paired.stdout)")
        #expect(paired.stdout.contains("Joined the shared log in \(daughter.home)/healthlog-sync"), "\(paired.stdout)")
        #expect(paired.stdout.contains("reading 1 added"), "the father's log arrived before the join: \(paired.stdout)")
        #expect(pairingSeconds < 20, "the first delivery did not stall: \(pairingSeconds) s")

        #expect(dad.rest("/rest/config/devices")?.contains(stranger.deviceID) == false, "the stranger was not let in")
        // Both Syncthings share one folder with each other, set up by HealthLog alone.
        for (machine, other) in [(dad, daughter), (daughter, dad)] {
            let folders = machine.rest("/rest/config/folders") ?? ""
            #expect(folders.contains("\"id\": \"healthlog\"") && folders.contains(other.deviceID), "\(folders)")
        }
        #expect(try logDump(daughter.log).contains { $0.contains("| 138/86 |") })
        #expect(try dad.healthlog("sync", "status").stdout.contains("Syncthing folder: healthlog"))
        #expect(try daughter.healthlog("sync", "status", "--format", "json").stdout.contains("\"syncthingFolder\": \"healthlog\""))

        // An add reaches the other machine in about a second, each way: Syncthing's watcher
        // alone would take 6 to 13 s (it waits 10 s to gather changes).
        var latencies: [Double] = []
        for (from, to, reading, extra) in [(dad, daughter, "151/97", [String: String]()), (daughter, dad, "117/75", onDaughter)] {
            #expect(try from.healthlog("add", reading, "70", extra: extra).status == 0)
            let added = Date()
            let arrived = try SetupMachine.waitFor(10) { try logDumpAfterMerge(to, extra: to === daughter ? onDaughter : [:]).contains { $0.contains("| \(reading) |") } }
            latencies.append(Date().timeIntervalSince(added))
            #expect(arrived, "\(reading) reached the other machine")
        }
        // A reading a phone adds on the family's page goes out at once too.
        let page = try freeLoopbackPort()
        let serving = Process()
        serving.executableURL = URL(fileURLWithPath: try healthlogExecutable())
        serving.arguments = ["serve", "--listen", "127.0.0.1:\(page)"]
        serving.environment = dad.environment
        serving.standardOutput = FileHandle.nullDevice
        serving.standardError = FileHandle.nullDevice
        try serving.run()
        defer { if serving.isRunning { serving.terminate() } }
        let site = "http://127.0.0.1:\(page)"
        let jar = directory.file("cookies")
        func curl(_ arguments: String...) throws -> String {
            try run(executable: "/usr/bin/curl", ["-s", "-m", "5", "-c", jar, "-b", jar, "-H", "Origin: \(site)"] + arguments, environment: SetupMachine.syncthingEnvironment).stdout
        }
        func field(_ name: String, in html: String) -> String {
            html.firstMatch(of: try! Regex("name=\"\(name)\" value=\"([^\"]*)\""))?.output[1].substring.map(String.init) ?? ""
        }
        try #require(SetupMachine.waitFor(10) { (try? curl(site + "/")) != nil && (try? curl(site + "/"))?.isEmpty == false }, "the page answers")
        let invitation = try dad.healthlog("serve", "pair", "--profile", "dad", "--can", "add", "--url", site).stdout
        let code = try #require(invitation.firstMatch(of: /pair\?code=([A-Za-z0-9]+)/)?.output.1).description
        let pairing = try curl(site + "/pair?code=" + code)
        _ = try curl("-d", "code=" + code, "-d", "csrf=" + field("csrf", in: pairing), site + "/pair")
        let form = try curl(site + "/")
        _ = try curl("-d", "csrf=" + field("csrf", in: form), "-d", "profile=dad", "-d", "systolic=133", "-d", "diastolic=83", site + "/readings")
        let posted = Date()
        #expect(try logDump(dad.log).contains { $0.contains("| 133/83 |") }, "the page added the reading")
        #expect(try SetupMachine.waitFor(10) { try logDumpAfterMerge(daughter, extra: onDaughter).contains { $0.contains("| 133/83 |") } })
        latencies.append(Date().timeIntervalSince(posted))
        #expect(latencies.allSatisfy { $0 < 3 }, "an add arrives in about a second: \(latencies)")
        print("sync setup: paired in \(String(format: "%.1f", pairingSeconds)) s; an add arrived in \(latencies.map { String(format: "%.2f", $0) }.joined(separator: " s, ")) s (dad to Anna, Anna to dad, dad's page to Anna)")
    }

    /// The other machine's log after it merged the folder (`healthlog sync`, as any command does first).
    private func logDumpAfterMerge(_ machine: SetupMachine, extra: [String: String]) throws -> [String] {
        _ = try machine.healthlog("sync", extra: extra)
        return try logDump(machine.log)
    }

    // MARK: - What cannot be set up

    /// Runs `sync setup` on a machine whose Syncthing is as `prepare` leaves it, and checks
    /// that it says so in one line, exits with `status`, and writes nothing.
    private func refused(
        _ arguments: [String] = [], status: Int32, saying expected: String, sourceLocation: SourceLocation = #_sourceLocation,
        prepare: (SetupMachine) throws -> Void = { _ in }
    ) throws {
        let directory = TemporaryDirectory()
        let machine = try SetupMachine(in: directory, name: "laptop", syncthingHome: ".config/syncthing")
        try prepare(machine)
        let before = try FileManager.default.subpathsOfDirectory(atPath: machine.home).sorted()
        let result = try runProcess(["sync", "setup", "--timeout", "5"] + arguments, environment: machine.environment)
        #expect(result.status == status, "\(result.stdout)\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(expected), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.split(separator: "\n").count == 1 && result.stdout.isEmpty, "one line: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(try FileManager.default.subpathsOfDirectory(atPath: machine.home).sorted() == before, "nothing written", sourceLocation: sourceLocation)
    }

    @Test func noSyncthingConfiguration() throws {
        try refused(status: 66, saying: "no Syncthing configuration here (no config.xml in ")
        try refused(["--syncthing-home", "/nonexistent/syncthing"], status: 66, saying: "no Syncthing configuration in /nonexistent/syncthing")
    }

    @Test func aGUIOnAnotherAddressIsRefused() throws {
        try refused(status: 78, saying: "Syncthing's GUI listens on 192.0.2.10:8384") { try $0.generate(guiAddress: "192.0.2.10:8384") }
        try refused(status: 78, saying: "Syncthing's GUI listens on example.org:8384") { try $0.generate(guiAddress: "example.org:8384") }
    }

    @Test func aMalformedDeviceIDIsRefused() throws {
        try refused(["--with", "NOT-A-DEVICE-ID"], status: 64, saying: "--with") { try $0.generate() }
        // One character changed: the check character gives the typo away.
        try refused(["--with", "Q56IOI7-MZJNU2Y-IQGDREY-DM2MGTI-MGL3BXN-PQ6W5BM-TBBZ4TJ-XZWICQ2"], status: 64, saying: "a Syncthing device ID") {
            try $0.generate()
        }
        try refused(["--address", "tcp://127.0.0.1:22000"], status: 64, saying: "--address") { try $0.generate() }
    }

    @Test func syncthingNotRunning() throws {
        try refused(status: 69, saying: "Syncthing is not running: nothing answers at 127.0.0.1:") { try $0.generate() }
    }

    /// The hostile-local-user probe (B4): another user listens on the GUI port while this
    /// user's Syncthing is stopped. The API key is not sent there: nothing at all is.
    @Test(.enabled(if: getuid() == 0, "listening as another user needs root")) func aPortAnotherUserTookGetsNoKey() throws {
        let heard = TemporaryDirectory()
        chmod(heard.path, 0o777)
        let received = heard.file("received")
        var squatter: Process?
        defer { squatter?.terminate() }
        try refused(status: 78, saying: "is run by another user (uid 4242), not by you: Syncthing's API key is not sent there") { machine in
            try machine.generate()
            let script = """
                import socket, sys
                s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                s.bind(("127.0.0.1", \(machine.guiPort))); s.listen(4); print("ready", flush=True)
                s.settimeout(20); c, _ = s.accept(); c.settimeout(5); data = b""
                try:
                    while True:
                        chunk = c.recv(65536)
                        if not chunk: break
                        data += chunk
                except Exception: pass
                open(sys.argv[1], "wb").write(data)
                """
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=4242", "--regid=4242", "--clear-groups", "/usr/bin/python3", "-c", script, received]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            squatter = process
            let ready = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            try #require(ready.contains("ready"), "the squatter did not listen")
        }
        squatter?.waitUntilExit()
        let bytes = (try? String(contentsOfFile: received, encoding: .utf8)) ?? ""
        #expect(FileManager.default.fileExists(atPath: received), "the squatter was never reached")
        #expect(bytes.isEmpty, "sent to another user's port: \(bytes)")
    }
}
