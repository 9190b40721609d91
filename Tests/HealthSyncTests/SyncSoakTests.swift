import Foundation
import Glibc
import HealthCore
@testable import HealthSync
import Testing

/// Three machines in network namespaces, on real Syncthing, changing one shared log under a
/// randomized schedule of faults: HealthLog and Syncthing killed (-9), stopped and let go,
/// a machine cut off the network and plugged back in, clocks jumping days ahead or behind and
/// set right, a line reusing another's operation id, torn lines. The schedule is the seed's
/// alone (the same seed, the same faults in the same order; only the timing is the machine's).
/// Every run ends, once every fault is mended, with the same `export --format json` on every
/// machine, every reading a command confirmed present, and nothing of what no command confirmed.
///
/// `make sync-soak` (and `make soak`, HEALTHLOG_SOAK=1) runs seeds 1 to 50;
/// `HEALTHLOG_SOAK_SEEDS=17` or `=1-50` replays chosen ones. `make test` runs none: the four
/// namespaced tests of ``SyncNamespaceTests`` stand for it there.
@Suite(.serialized, .enabled(if: FamilyNetwork.canRun && !FaultSchedule.seeds.isEmpty, "needs root (ip netns, mount --bind), syncthing and HEALTHLOG_SOAK=1"))
struct SyncSoakTests {
    @Test(.timeLimit(.minutes(4)), arguments: FaultSchedule.seeds) func aRandomFaultScheduleConverges(seed: UInt64) throws {
        let started = Date()
        var soak = try FaultSchedule(seed: seed)
        defer { soak.family.shutDown() }
        try soak.setUp()
        for step in 0..<FaultSchedule.steps { try soak.step(step) }
        try soak.mendAndConverge()
        print("sync soak seed \(seed): \(soak.log.joined(separator: ", ")); converged in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
    }
}

/// One seed's run: the machines, what was confirmed, and the faults still in force.
struct FaultSchedule {
    /// The seeds to run: HEALTHLOG_SOAK_SEEDS, else 1 to 50 under HEALTHLOG_SOAK=1, else none.
    static let seeds: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let chosen = environment["HEALTHLOG_SOAK_SEEDS"] {
            let bounds = chosen.split(separator: "-").compactMap { UInt64($0) }
            if bounds.count == 2 { return Array(bounds[0]...bounds[1]) }
            if bounds.count == 1 { return bounds }
        }
        return environment["HEALTHLOG_SOAK"] == "1" ? Array(1...50) : []
    }()

    static let steps = 16
    static let importRows = 300
    /// The device ids of forged lines.
    static let forgerPrefix = "f0f0f0f0f0f0f0"

    let seed: UInt64
    let family: FamilyNetwork
    private var random: SplitMixGenerator
    /// Readings `add` confirmed, by the id it printed.
    private var confirmed: [String] = []
    /// Imports that committed (their note, on every row), and imports that did not.
    private var committed: [String] = []
    private var uncommitted: [String] = []
    /// Readings a forged line changed, with the note they had: the forged line stands as its
    /// own device's change (docs/sync.md), alike on every machine.
    private var forged: [String: String] = [:]
    /// A stopped import per machine, with its note.
    private var stopped: [Int: (process: Process, note: String)] = [:]
    /// Faults to mend at a step: what, on which machine.
    private var mends: [Int: [(Int, Fault)]] = [:]
    /// What happened, for the report.
    private(set) var log: [String] = []
    /// How long one import takes here.
    private var importSeconds = 0.5

    enum Fault { case partition, engineKilled, engineStopped, clock, stoppedImport }

    init(seed: UInt64) throws {
        self.seed = seed
        random = SplitMixGenerator(seed: seed)
        family = try FamilyNetwork(["dad", "daughter", "mom"])
    }

    private var machines: [NamespacedMachine] { family.machines }

    private mutating func pick(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }

    /// A time in October or November 2026, always in the past of every machine's clock.
    private mutating func pastTime() -> String {
        String(format: "2026-%02d-%02d %02d:%02d", 10 + pick(2), 1 + pick(28), 6 + pick(14), pick(60))
    }

    mutating func setUp() throws {
        try #require(family.connected())
        let first = machines[0]
        try first.ok("profile", "add", "dad", "--name", "爸爸")
        for _ in 0..<3 { confirmed.append(try addedID(first.ok("-p", "dad", "add", "\(120 + pick(40))/\(70 + pick(20))", "--at", pastTime()))) }
        try family.share(from: first)
        try (importCSV(FaultSchedule.importRows, note: "calibration")).write(toFile: first.root + "/calibration.csv", atomically: true, encoding: .utf8)
        let started = Date()
        try first.ok("--no-sync", "import", "--dry-run", first.mountPoint + "/calibration.csv")
        importSeconds = Date().timeIntervalSince(started)
    }

    /// A machine with no command of its own stopped (a command there would wait for its lock).
    private mutating func freeMachine() -> Int? {
        let free = machines.indices.filter { stopped[$0] == nil }
        return free.isEmpty ? nil : free[pick(free.count)]
    }

    mutating func step(_ step: Int) throws {
        for (index, fault) in mends.removeValue(forKey: step) ?? [] { try mend(fault, on: index) }
        guard let index = freeMachine() else { return }
        let machine = machines[index]
        switch pick(12) {
        case 0, 1:
            let result = try machine.healthlog("-p", "dad", "add", "\(110 + pick(70))/\(65 + pick(30))", "--at", pastTime(), "-n", "seed \(seed) step \(step)")
            #expect(result.status == 0, "\(machine.name): add: \(result.stderr)")
            if result.status == 0 { confirmed.append(try addedID(result.stdout)) }
            log.append("add on \(machine.name)")
        case 2:
            // Two machines edit one reading, neither having seen the other's edit.
            let id = confirmed[pick(confirmed.count)]
            for other in [index, (index + 1 + pick(2)) % 3] where stopped[other] == nil {
                _ = try machines[other].healthlog("--no-sync", "edit", id, "--note", "edited on \(machines[other].name) at step \(step)")
            }
            log.append("concurrent edits")
        case 3:
            let note = "seed \(seed) import \(step)"
            let process = try startImport(on: machine, note: note)
            Thread.sleep(forTimeInterval: importSeconds * Double.random(in: 0.05...1.3, using: &random))
            kill(process.processIdentifier, SIGKILL)
            waitForExit(process)
            // Whole or nothing, as the machine's next command finds its log (SQLite counts a
            // transaction whose commit reached the write-ahead log as committed, though a reader
            // that came between the kill and that command may not have seen it yet).
            let rows = try machine.export().count(note: note)
            #expect(rows == 0 || rows == FaultSchedule.importRows, "\(machine.name): a killed import left \(rows) rows")
            if rows == FaultSchedule.importRows { committed.append(note) } else { uncommitted.append(note) }
            log.append("import killed -9 on \(machine.name) (\(rows == 0 ? "not committed" : "committed"))")
        case 4:
            let note = "seed \(seed) stopped import \(step)"
            let process = try startImport(on: machine, note: note)
            Thread.sleep(forTimeInterval: importSeconds * Double.random(in: 0.1...0.9, using: &random))
            kill(process.processIdentifier, SIGSTOP)
            stopped[index] = (process, note)
            schedule(.stoppedImport, on: index, after: 1 + pick(3), step: step)
            log.append("import stopped on \(machine.name)")
        case 5:
            machine.syncthing.kill(SIGKILL)
            schedule(.engineKilled, on: index, after: 1 + pick(3), step: step)
            log.append("Syncthing killed -9 on \(machine.name)")
        case 6:
            machine.syncthing.kill(SIGSTOP)
            schedule(.engineStopped, on: index, after: 1 + pick(3), step: step)
            log.append("Syncthing stopped on \(machine.name)")
        case 7:
            try machine.setConnected(false)
            schedule(.partition, on: index, after: 1 + pick(4), step: step)
            log.append("\(machine.name) cut off")
        case 8:
            let days = 1 + pick(3)
            machine.clockOffset = (pick(3) == 0 ? "-" : "+") + "\(days)d"
            schedule(.clock, on: index, after: 1 + pick(4), step: step)
            log.append("\(machine.name)'s clock \(machine.clockOffset!)")
        case 9:
            if try forgeDuplicate(into: machine, step: step) { log.append("duplicate operation id in \(machine.name)'s folder") }
        case 10:
            if tearOwnJournal(of: machine) { log.append("torn line in \(machine.name)'s journal") }
        default:
            _ = try machine.healthlog("sync")
            log.append("sync on \(machine.name)")
        }
        // The engines and the other machines go on meanwhile.
        for other in machines where other.syncthing.isRunning { other.syncthing.scan() }
        if let other = freeMachine() { _ = try machines[other].healthlog("sync") }
    }

    private mutating func schedule(_ fault: Fault, on index: Int, after steps: Int, step: Int) {
        mends[step + steps, default: []].append((index, fault))
    }

    private mutating func mend(_ fault: Fault, on index: Int) throws {
        let machine = machines[index]
        switch fault {
        case .partition: try machine.setConnected(true)
        case .engineKilled: if !machine.syncthing.isRunning { try machine.syncthing.start() }
        case .engineStopped: machine.syncthing.kill(SIGCONT)
        case .clock: machine.clockOffset = nil
        case .stoppedImport: try finishStoppedImport(on: index)
        }
    }

    /// Lets a stopped import go on, and notes whether it committed.
    private mutating func finishStoppedImport(on index: Int) throws {
        guard let (process, note) = stopped.removeValue(forKey: index) else { return }
        kill(process.processIdentifier, SIGCONT)
        process.waitUntilExit()
        let status = process.terminationStatus
        #expect(status == 0, "\(machines[index].name): the stopped import, let go: \(machines[index].output("import").stderr)")
        if status == 0 { committed.append(note) } else { uncommitted.append(note) }
    }

    private mutating func startImport(on machine: NamespacedMachine, note: String) throws -> Process {
        try importCSV(FaultSchedule.importRows, note: note, from: 10_000 + pick(100_000)).write(toFile: machine.root + "/import.csv", atomically: true, encoding: .utf8)
        return try machine.start(["import", machine.mountPoint + "/import.csv"], output: "import")
    }

    /// Writes, in a device folder of its own in `machine`'s shared folder, a whole transaction
    /// whose operation reuses the id of an operation another device wrote, stamped after it and
    /// changing its record: every machine must decide it alike, as the forger's own change
    /// (no device takes away another's change by its id), and name the repeated id.
    private mutating func forgeDuplicate(into machine: NamespacedMachine, step: Int) throws -> Bool {
        let journals = names(in: machine.shared + "/journal").filter { SyncFolder.isDeviceID($0) && !$0.hasPrefix(FaultSchedule.forgerPrefix) }
        guard !journals.isEmpty else { return false }
        let device = journals[pick(journals.count)]
        let lines = names(in: machine.shared + "/journal/" + device).filter { $0.hasSuffix(".ndjson") && !$0.contains("sync-conflict") }.flatMap {
            ((try? String(contentsOfFile: machine.shared + "/journal/\(device)/\($0)", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        let operations = lines.compactMap { try? JournalLine.operation($0) }.filter { if case .readingPut = $0.change { true } else { false } }
        guard !operations.isEmpty else { return false }
        let original = operations[pick(operations.count)]
        guard case .readingPut(var reading) = original.change else { return false }
        reading.note = "forged at step \(step)"
        let forger = FaultSchedule.forgerPrefix + String(format: "%02x", pick(256))
        let transaction = JournalLine.newTransactionID()
        let clock = original.operation.clock + 1
        let forged = try #require(JournalLine.operation(
            for: .readingPut(reading), id: original.operation.id, transaction: transaction, clock: clock, device: forger, base: original.operation.clock))
        let text = forged.line + "\n" + JournalLine.commitLine(transaction: transaction, device: forger, operations: 1, clock: clock) + "\n"
        let folder = machine.shared + "/journal/" + forger
        mkdir(folder, 0o700)
        let descriptor = open(folder + "/000001.ndjson", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard text.utf8CString.withUnsafeBufferPointer({ write(descriptor, $0.baseAddress, $0.count - 1) }) == text.utf8.count else { return false }
        if case .readingPut(let before) = original.change, self.forged[before.id] == nil { self.forged[before.id] = before.note }
        return true
    }

    /// Appends to the end of `machine`'s own journal the first part of a line, as a crash
    /// inside a write would leave it; its owner cuts it, the others skip it.
    private mutating func tearOwnJournal(of machine: NamespacedMachine) -> Bool {
        guard let device = try? syncDeviceID(machine.logPath) else { return false }
        let folder = machine.shared + "/journal/" + device
        guard let segment = names(in: folder).filter({ $0.hasSuffix(".ndjson") && !$0.contains("sync-conflict") }).last,
            let last = ((try? String(contentsOfFile: folder + "/" + segment, encoding: .utf8)) ?? "").split(separator: "\n").last
        else { return false }
        let part = Array(last.utf8.prefix(1 + pick(last.utf8.count - 1)))
        let descriptor = open(folder + "/" + segment, O_WRONLY | O_APPEND)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return part.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count) } == part.count
    }

    /// Mends every fault, then waits for every machine to hold the same log with everything
    /// confirmed in it and nothing unconfirmed.
    mutating func mendAndConverge() throws {
        for step in mends.keys.sorted() {
            for (index, fault) in mends[step] ?? [] { try mend(fault, on: index) }
        }
        mends = [:]
        let (confirmed, committed, uncommitted, rows, forged) = (confirmed, committed, uncommitted, FaultSchedule.importRows, forged)
        // An imported reading a forged line changed counts for its import still.
        let imported = { (export: LogExport, note: String) in
            export.count(note: note) + export.readings.filter { $0.note.hasPrefix("forged") && forged[$0.id] == note }.count
        }
        let complete = { (export: LogExport) in
            confirmed.allSatisfy(export.hasReading) && committed.allSatisfy { imported(export, $0) == rows }
                && uncommitted.allSatisfy { export.count(note: $0) == 0 }
        }
        let exports = try family.converge(within: 150, holds: complete)
        expectConverged(exports, confirmed: confirmed)
        for note in committed { #expect(exports.allSatisfy { imported($0, note) == rows }, "the committed import '\(note)' is whole everywhere") }
        for note in uncommitted { #expect(exports.allSatisfy { $0.count(note: note) == 0 }, "nothing of '\(note)' anywhere") }
        #expect(exports.allSatisfy { export in export.readings.allSatisfy { !$0.note.hasPrefix("forged") || forged[$0.id] != nil } }, "a forged line changes only the reading it names")
        // Nothing waits for its time on any machine once every clock is right, nothing is left
        // unwritten, and nothing stays refused but the forged duplicates.
        for machine in machines {
            let status = try machine.status()
            #expect((status["held"] as? [Any])?.isEmpty == true, "\(machine.name) holds \(status["held"] ?? "?")")
            #expect(status["journalBehind"] as? Bool == false, "\(machine.name)")
            let refused = ((status["refused"] as? [String: Any])?["lines"] as? [[String: Any]]) ?? []
            let unexpected = refused.filter { !(($0["reason"] as? String) ?? "").contains("repeats the id") }
            #expect(unexpected.isEmpty, "\(machine.name) still refuses \(unexpected)")
        }
        log.append("\(confirmed.count) readings added, \(committed.count) imports committed, \(uncommitted.count) not")
    }
}
