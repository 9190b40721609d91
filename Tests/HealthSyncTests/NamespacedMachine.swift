import Foundation
import Glibc
import HealthCore
import Testing

/// The machines of a family, for tests of sync over real Syncthing: each machine is a network
/// namespace the test makes (on a bridge of its own, with a static address), with its own
/// `/etc/machine-id` and host name, and its own home and shared folder, both at one path that
/// every machine sees as its own (so a copy of one machine's home is, to HealthLog, a copy of
/// that machine's disk). Each runs its own Syncthing, which dials the others at their addresses
/// and nothing else.
///
/// Needs root (`ip netns`, `mount --bind`). ``shutDown()`` (call it in a `defer`) ends every
/// process the machines ran and removes the namespaces and links; a network a crashed test run
/// left behind is removed by the next one.
final class FamilyNetwork {
    let directory = TemporaryDirectory()
    let machines: [NamespacedMachine]
    private let bridge: String
    private var isShutDown = false

    /// `ip` (iproute2), where this system keeps it.
    static let ip = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip"].first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/sbin/ip"
    /// Namespaces and links are named after the test process, so a later run knows which are stale.
    private static let namespacePrefix = "healthlog-"
    nonisolated(unsafe) private static var made = 0
    private static let madeLock = NSLock()

    /// True where the machines can be made: as root, with Syncthing installed (`make test` installs it).
    static let canRun = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/syncthing")

    /// Makes the machines, named `names`, and starts their engines, each knowing every other.
    init(_ names: [String]) throws {
        FamilyNetwork.removeStale()
        let number = FamilyNetwork.madeLock.withLock {
            FamilyNetwork.made += 1
            return FamilyNetwork.made
        }
        let tag = "\(getpid())n\(number)"
        bridge = "hl\(tag)b"
        let mountPoint = directory.file("machine")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: false)
        var made: [NamespacedMachine] = []
        do {
            try FamilyNetwork.ipCommands([["link", "add", bridge, "type", "bridge"], ["link", "set", bridge, "up"]])
            for (index, name) in names.enumerated() {
                made.append(try NamespacedMachine(
                    name: name, namespace: FamilyNetwork.namespacePrefix + "\(getpid())-\(number)-\(name)", link: "hl\(tag)v\(index)",
                    bridge: bridge, address: "10.73.0.\(index + 2)", root: directory.file("machines/\(name)"), mountPoint: mountPoint))
            }
        } catch {
            machines = made
            shutDown()
            throw error
        }
        machines = made
        do {
            for machine in machines { try machine.syncthing.configure(peers: machines.filter { $0 !== machine }.map(\.syncthing)) }
            for machine in machines { try machine.syncthing.start() }
        } catch {
            shutDown()
            throw error
        }
    }

    subscript(_ name: String) -> NamespacedMachine { machines.first { $0.name == name }! }

    /// True once every engine answers and is connected to every other.
    func connected(within seconds: Double = 60) -> Bool {
        eventually(seconds) {
            machines.allSatisfy { machine in machines.allSatisfy { $0 === machine || machine.syncthing.isConnected(to: $0.syncthing) } }
        }
    }

    /// Runs rounds of "every engine scans, every member merges" until every member's log (every
    /// machine's unless told) exports the same and `holds` says the log has what it should;
    /// the exports of the last round. Machines cut off, stopped or without an engine are healed first.
    @discardableResult
    func converge(among members: [NamespacedMachine]? = nil, within seconds: Double = 60, holds: (LogExport) -> Bool = { _ in true }) throws -> [LogExport] {
        let machines = members ?? machines
        for machine in self.machines { try machine.heal() }
        var exports: [LogExport] = []
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            for machine in self.machines { machine.syncthing.scan() }
            usleep(300_000)
            for machine in machines {
                let merged = try machine.healthlog("sync")
                #expect(merged.status == 0, "\(machine.name): sync: \(merged.stderr)")
            }
            exports = try machines.map { try $0.export() }
            if exports.allSatisfy({ $0.text == exports[0].text }) && holds(exports[0]) { return exports }
        } while Date() < deadline
        return exports
    }

    /// Ends every process the machines ran and removes their namespaces, links and the bridge.
    func shutDown() {
        guard !isShutDown else { return }
        isShutDown = true
        for machine in machines { machine.shutDown() }
        _ = try? FamilyNetwork.ipCommands([["link", "del", bridge]], tolerant: true)
    }

    deinit { shutDown() }

    /// Runs `ip` once per argument list; throws on the first failure unless `tolerant`.
    static func ipCommands(_ commands: [[String]], tolerant: Bool = false) throws {
        for arguments in commands {
            let result = try run(executable: ip, arguments, environment: SyncthingPeer.environment)
            if !tolerant { try #require(result.status == 0, "ip \(arguments.joined(separator: " ")): \(result.stderr)") }
        }
    }

    /// Removes the namespaces (and their processes) and links of test runs that are over.
    private static func removeStale() {
        func staleOwner(_ name: String, after prefix: String) -> Bool {
            guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count).prefix { $0.isNumber }) else { return false }
            return Glibc.kill(pid, 0) != 0 && errno == ESRCH
        }
        let namespaces = (try? run(executable: ip, ["netns", "list"], environment: SyncthingPeer.environment).stdout) ?? ""
        for line in namespaces.split(separator: "\n") {
            let name = String(line.split(separator: " ").first ?? "")
            guard staleOwner(name, after: namespacePrefix) else { continue }
            NamespacedMachine.killAll(in: name)
            _ = try? ipCommands([["netns", "del", name]], tolerant: true)
        }
        let links = (try? run(executable: ip, ["-o", "link", "show"], environment: SyncthingPeer.environment).stdout) ?? ""
        for line in links.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 1 else { continue }
            let name = String(fields[1].prefix { $0 != ":" && $0 != "@" })
            if staleOwner(name, after: "hl") { _ = try? ipCommands([["link", "del", name]], tolerant: true) }
        }
    }
}

/// One machine of a ``FamilyNetwork``: HealthLog and Syncthing run inside its namespaces.
final class NamespacedMachine {
    let name: String
    let namespace: String
    /// Its address on the family's bridge.
    let address: String
    /// Its folder, as the test reads it: `home`, `Sync`, `syncthing`, `machine-id`.
    let root: String
    /// The path at which the machine sees its own folder.
    let mountPoint: String
    let syncthing: SyncthingPeer
    /// The host end of its network link: down is a cut cable.
    private let link: String
    /// The background commands it ran, so none outlives the test.
    private var started: [Process] = []
    private var isShutDown = false
    /// Its wall clock's offset (libfaketime's `FAKETIME`, e.g. "+3d"), or nil for the true time.
    var clockOffset: String?

    fileprivate init(name: String, namespace: String, link: String, bridge: String, address: String, root: String, mountPoint: String) throws {
        self.name = name
        self.namespace = namespace
        self.link = link
        self.address = address
        self.root = root
        self.mountPoint = mountPoint
        for folder in ["home", "Sync", "syncthing"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        try (String((0..<4).map { _ in String(format: "%08x", UInt32.random(in: 0...UInt32.max)) }.joined()) + "\n")
            .write(toFile: root + "/machine-id", atomically: true, encoding: .utf8)
        try FamilyNetwork.ipCommands([
            ["netns", "add", namespace], ["-n", namespace, "link", "set", "lo", "up"],
            ["link", "add", link, "type", "veth", "peer", "name", "eth0", "netns", namespace],
            ["link", "set", link, "master", bridge, "up"],
            ["-n", namespace, "addr", "add", address + "/24", "dev", "eth0"], ["-n", namespace, "link", "set", "eth0", "up"],
        ])
        // Every process of the machine: in its network, with its own host name, machine-id and
        // folder (bound where every machine keeps its own), in a mount namespace of its own.
        let launch = [
            FamilyNetwork.ip, "netns", "exec", namespace, "/usr/bin/unshare", "--uts", "--", "/bin/sh", "-c",
            "hostname \"$0\" && mount --bind \"$1\" /etc/machine-id && mount --bind \"$2\" \"$3\" && shift 3 && exec \"$@\"",
            name, root + "/machine-id", root, mountPoint,
        ]
        self.launch = launch
        syncthing = try SyncthingPeer(
            home: root + "/syncthing", shared: root + "/Sync", folderPath: mountPoint + "/Sync", listenAddress: "tcp://\(address):22000",
            guiAddress: "127.0.0.1:8384", launch: launch, probe: [FamilyNetwork.ip, "netns", "exec", namespace])
    }

    private let launch: [String]

    /// The shared folder, as the machine sees it (what `sync init` is given).
    var folder: String { mountPoint + "/Sync" }
    /// The log, as the test reads it.
    var logPath: String { root + "/home/log.sqlite" }
    /// The shared folder, as the test reads it.
    var shared: String { root + "/Sync" }

    /// Its `/etc/machine-id`.
    var machineID: String {
        get { (try? String(contentsOfFile: root + "/machine-id", encoding: .utf8)) ?? "" }
        set { try? newValue.write(toFile: root + "/machine-id", atomically: true, encoding: .utf8) }
    }

    var environment: [String: String] {
        var environment = [
            "HEALTHLOG_DB": mountPoint + "/home/log.sqlite", "HOME": mountPoint + "/home", "TZ": "UTC", "PATH": "/usr/bin:/bin:/usr/sbin:/sbin",
            "HEALTHLOG_TEMPLATES": templatesPath,
        ]
        if let clockOffset {
            environment["LD_PRELOAD"] = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
            environment["FAKETIME"] = clockOffset
            environment["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        }
        return environment
    }

    /// Runs `healthlog arguments` on this machine and waits for it (at most two minutes).
    func healthlog(_ arguments: String...) throws -> RunResult { try healthlog(arguments) }

    func healthlog(_ arguments: [String]) throws -> RunResult {
        let command = launch + ["/usr/bin/timeout", "-s", "KILL", "120", try healthlogExecutable()] + arguments
        return try run(executable: command[0], Array(command.dropFirst()), environment: environment)
    }

    /// Runs `healthlog arguments` and expects success; its standard output.
    @discardableResult
    func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try healthlog(arguments)
        #expect(result.status == 0, "\(name): \(arguments.joined(separator: " ")): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Starts `healthlog arguments` on this machine without waiting; its output goes to
    /// `output`.out and `output`.err in the machine's folder. Returns once HealthLog itself runs
    /// (the process that starts it has become it), so a signal sent then reaches it.
    func start(_ arguments: [String], output: String) throws -> Process {
        let process = Process()
        let command = launch + [try healthlogExecutable()] + arguments
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        for suffix in ["out", "err"] { _ = FileManager.default.createFile(atPath: root + "/\(output).\(suffix)", contents: nil) }
        process.standardOutput = FileHandle(forWritingAtPath: root + "/\(output).out")
        process.standardError = FileHandle(forWritingAtPath: root + "/\(output).err")
        try process.run()
        started.append(process)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline {
            let command = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/comm", encoding: .utf8)) ?? ""
            if command.hasPrefix("healthlog") { break }
            usleep(500)
        }
        return process
    }

    /// What a command started with ``start(_:output:)`` wrote to standard output and error.
    func output(_ name: String) -> (stdout: String, stderr: String) {
        ((try? String(contentsOfFile: root + "/\(name).out", encoding: .utf8)) ?? "", (try? String(contentsOfFile: root + "/\(name).err", encoding: .utf8)) ?? "")
    }

    /// The log as `export --format json` writes it (without merging first).
    func export() throws -> LogExport {
        let result = try healthlog("--no-sync", "export", "--format", "json")
        #expect(result.status == 0, "\(name): export: \(result.stderr)")
        return LogExport(result.stdout)
    }

    /// `sync status --format json`, parsed.
    func status() throws -> [String: Any] {
        let result = try healthlog("--no-sync", "sync", "status", "--format", "json")
        #expect(result.status == 0, "\(name): sync status: \(result.stderr)")
        return (try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]) ?? [:]
    }

    // MARK: - Faults

    /// Cuts the machine off the network (its cable pulled), or plugs it back in.
    func setConnected(_ connected: Bool) throws {
        try FamilyNetwork.ipCommands([["link", "set", link, connected ? "up" : "down"]])
    }

    /// Back on the network, with a running engine, its stopped commands going on, its clock right.
    func heal() throws {
        try setConnected(true)
        if syncthing.isRunning { syncthing.kill(SIGCONT) } else { try syncthing.start() }
        for process in started where process.isRunning { Glibc.kill(process.processIdentifier, SIGCONT) }
        clockOffset = nil
    }

    /// Ends every process the machine ran, and removes its namespace and link.
    func shutDown() {
        guard !isShutDown else { return }
        isShutDown = true
        for process in started where process.isRunning {
            Glibc.kill(process.processIdentifier, SIGKILL)
            waitForExit(process)
        }
        syncthing.kill(SIGKILL)
        NamespacedMachine.killAll(in: namespace)
        _ = try? FamilyNetwork.ipCommands([["link", "del", link], ["netns", "del", namespace]], tolerant: true)
    }

    /// Kills whatever still runs in network namespace `namespace`.
    static func killAll(in namespace: String) {
        let pids = (try? run(executable: FamilyNetwork.ip, ["netns", "pids", namespace], environment: SyncthingPeer.environment).stdout) ?? ""
        for pid in pids.split(separator: "\n").compactMap({ Int32($0) }) { Glibc.kill(pid, SIGKILL) }
    }
}

/// A log as `export --format json` wrote it, less the moment of the export.
struct LogExport: Equatable, CustomStringConvertible {
    /// The document, its `exportedAt` taken out: two logs that converged give the same text.
    let text: String
    /// Each reading's id and note.
    let readings: [(id: String, note: String)]

    init(_ document: String) {
        text = document.replacingOccurrences(of: #""exportedAt"\s*:\s*"[^"]*",?"#, with: "", options: .regularExpression)
        let json = (try? JSONSerialization.jsonObject(with: Data(document.utf8))) as? [String: Any]
        readings = ((json?["readings"] as? [[String: Any]]) ?? []).map { ($0["id"] as? String ?? "", $0["note"] as? String ?? "") }
    }

    static func == (lhs: LogExport, rhs: LogExport) -> Bool { lhs.text == rhs.text }

    /// Short, for a failed expectation: how many readings, and a digest of the text.
    var description: String { "a log of \(readings.count) readings (\(SHA1.hex(Array(text.utf8)).prefix(8)))" }

    /// True when a reading's id starts with `prefix` (what `add` prints).
    func hasReading(_ prefix: String) -> Bool { readings.contains { $0.id.hasPrefix(prefix) } }

    /// How many readings carry `note`.
    func count(note: String) -> Int { readings.filter { $0.note == note }.count }
}
