import Foundation
import Glibc
import HealthCommandLine
import HealthCore
import Testing

/// Sync lived with on real Syncthing, three machines in network namespaces made by the test
/// itself (see ``FamilyNetwork``), each with its own machine-id: the faults of issue 34 that
/// only real machines show. Every test ends with the same `export --format json` on every
/// machine and every reading a command confirmed on every machine.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: FamilyNetwork.canRun, "needs root (ip netns, mount --bind) and syncthing"))
struct SyncNamespaceTests {
    /// A laptop's disk restored onto a second laptop: the same machine-id, the same home, the
    /// same log at the same path, so the copy writes as the same device. Both edit one reading
    /// from the same clock state (their clocks behind their last stamp, so both stamp the same
    /// clock as the same device); the operation id decides alike everywhere, the copies notice
    /// each other's lines and the twin writes under a new device id.
    @Test func aFullDiskTwinTakesANewDeviceIDAndEveryMachineConverges() throws {
        let family = try FamilyNetwork(["dad", "daughter", "twin"])
        defer { family.shutDown() }
        let (dad, daughter, twin) = (family["dad"], family["daughter"], family["twin"])
        try #require(family.connected())
        try dad.ok("profile", "add", "dad", "--name", "爸爸")
        var confirmed = [try addedID(dad.ok("-p", "dad", "add", "150/95", "80", "--at", "2026-11-29 07:30"))]
        try family.share(from: dad, joining: [daughter])
        confirmed.append(try addedID(daughter.ok("-p", "dad", "add", "139/85", "--at", "2026-11-30 07:20")))
        try #require(try family.converge(among: [dad, daughter]) { export in confirmed.allSatisfy(export.hasReading) }.allSatisfy { $0.hasReading(confirmed[1]) })
        let device = try #require(try syncDeviceID(dad.logPath))

        // The image: the twin gets dad's machine-id and dad's home, log included.
        twin.machineID = dad.machineID
        try copyHome(from: dad, to: twin)
        // Both edit one reading, their clocks an hour behind their last stamp: both stamp it
        // the clock after that stamp, as the same device.
        dad.clockOffset = "-1h"
        twin.clockOffset = "-1h"
        try dad.ok("--no-sync", "edit", confirmed[0], "--note", "edited on dad's laptop")
        try twin.ok("--no-sync", "edit", confirmed[0], "--note", "edited on the new laptop")
        dad.clockOffset = nil
        twin.clockOffset = nil
        confirmed.append(try addedID(twin.ok("-p", "dad", "add", "141/88", "--at", "2026-12-01 07:10")))
        confirmed.append(try addedID(dad.ok("-p", "dad", "add", "136/84", "--at", "2026-12-01 07:30")))

        let twins = { (try? syncDeviceID(dad.logPath)) != (try? syncDeviceID(twin.logPath)) }
        let exports = try family.converge(within: 90) { export in confirmed.allSatisfy(export.hasReading) && twins() }
        expectConverged(exports, confirmed: confirmed)
        let (dadDevice, twinDevice) = (try syncDeviceID(dad.logPath), try syncDeviceID(twin.logPath))
        #expect(twinDevice != device, "the twin writes under a new device id")
        #expect(dadDevice != twinDevice, "the two laptops never write one journal again")
        let note = exports[0].readings.first { $0.id.hasPrefix(confirmed[0]) }?.note
        #expect(note == "edited on dad's laptop" || note == "edited on the new laptop", "\(note ?? "none")")
        // The edit that lost is named on every machine, so whoever made it can make it again.
        // (Before, two lines of one device id were never weighed as concurrent edits.)
        for machine in [dad, daughter, twin] {
            let status = try machine.ok("sync", "status")
            #expect(status.contains("won over"), "\(machine.name): \(status)")
        }
        // The twin's status shows it under its new id, formerly the one it shared with dad.
        let devices = (try twin.status()["devices"] as? [[String: Any]]) ?? []
        let this = devices.first { $0["thisDevice"] as? Bool == true }
        #expect((this?["formerIds"] as? [String])?.contains(device) == true, "\(devices)")
    }

    /// `sync init` on a log of thousands of readings, stopped three ways at three moments:
    /// `kill -9` early on the machine that starts the shared log (inside the join's
    /// transaction), SIGTERM as soon as a joining machine writes its journal, SIGINT when the
    /// last one has written most of it. Each time the log joined whole or not at all, and
    /// the next command finishes what was left unwritten; in the end every machine holds every
    /// reading of all three logs.
    @Test func syncInitInterruptedAtThreeMomentsJoinsWholeOrFinishesNext() throws {
        let family = try FamilyNetwork(["dad", "daughter", "mom"])
        defer { family.shutDown() }
        let rows = 4_000
        for (index, machine) in family.machines.enumerated() {
            try readingsCSV(rows, profile: machine.name, from: index * rows).write(toFile: machine.root + "/seed.csv", atomically: true, encoding: .utf8)
            try machine.ok("import", machine.mountPoint + "/seed.csv")
        }
        // How long a sync init of such a log takes here, and how much journal it writes, from a copy.
        let scratch = TemporaryDirectory()
        let copied = try runShell("cp \"$0\" \"$1\"", [family["dad"].logPath, scratch.file("log.sqlite")], environment: ["PATH": "/usr/bin:/bin"])
        try #require(copied.status == 0)
        let started = Date()
        let calibration = try runProcess(["sync", "init", scratch.file("shared")], environment: processEnvironment(scratch))
        try #require(calibration.status == 0, "\(calibration.stderr)")
        let duration = Date().timeIntervalSince(started)
        let expected = names(in: scratch.file("shared/journal")).reduce(Int64(0)) { total, device in
            total + names(in: scratch.file("shared/journal/\(device)")).filter { $0.hasSuffix(".ndjson") }.reduce(0) { $0 + fileSize(scratch.file("shared/journal/\(device)/\($1)")) }
        }
        try #require(family.connected())
        let moments: [(machine: NamespacedMachine, signal: Int32, moment: JoinMoment)] = [
            (family["dad"], SIGKILL, .early(seconds: duration * 0.4)), (family["daughter"], SIGTERM, .writingJournal),
            (family["mom"], SIGINT, .journalMostlyWritten(bytes: expected)),
        ]
        var outcomes: [String] = []
        for (machine, signal, moment) in moments {
            let members = family.machines.filter { (try? syncDeviceID($0.logPath)) != nil }
            if !members.isEmpty { try #require(family.delivered(from: members, to: machine)) }
            let journalsBefore = Set(names(in: machine.shared + "/journal"))
            let process = try machine.start(["sync", "init", machine.folder], output: "init")
            let landed = moment.wait(for: process, on: machine, journalsBefore: journalsBefore)
            kill(process.processIdentifier, signal)
            waitForExit(process)
            #expect(landed, "\(machine.name): the moment \(moment) came before sync init ended")
            if let joined = try syncDeviceID(machine.logPath) {
                // A member: the next command writes whatever the journal still lacks.
                outcomes.append("\(machine.name), \(moment): joined; the next command finished it")
                let next = try machine.healthlog("sync")
                #expect(next.status == 0, "\(machine.name): \(next.stderr)")
                #expect(try machine.status()["journalBehind"] as? Bool == false, "\(machine.name)")
                #expect(journalRecords(machine, device: joined) >= rows, "\(machine.name): the journal holds the whole log")
            } else {
                // Not a member, and nothing of it in the folder: sync init again joins.
                outcomes.append("\(machine.name), \(moment): not joined; joined when run again")
                #expect(Set(names(in: machine.shared + "/journal")) == journalsBefore, "\(machine.name): nothing published")
                try machine.ok("sync", "init", machine.folder)
            }
        }
        let exports = try family.converge(within: 90) { $0.readings.count == 3 * rows }
        #expect(exports[0].readings.count == 3 * rows)
        expectConverged(exports, confirmed: [])
        print("sync init of \(rows) readings (\(String(format: "%.2f", duration)) s uninterrupted) stopped: " + outcomes.joined(separator: "; "))
    }

    /// An import stopped (SIGSTOP) half-way on one machine, and an import refused for its last
    /// row stopped half-way on another, while the third adds and merges: nothing of either
    /// reaches anyone. Let go, the first commits and reaches everyone; the second is refused and
    /// reaches no one.
    @Test func anImportStoppedMidwayReachesNoOneUntilItCommits() throws {
        let (family, first) = try sharedFamilyLog()
        defer { family.shutDown() }
        let (dad, daughter, mom) = (family["dad"], family["daughter"], family["mom"])
        var confirmed = [first]

        let rows = 3_000
        let importNote = "dad's import", refusedNote = "mom's refused import"
        try importCSV(rows, note: importNote).write(toFile: dad.root + "/rows.csv", atomically: true, encoding: .utf8)
        try (importCSV(rows, note: refusedNote, from: 2 * rows) + ",dad,2026-12-01T07:00:00+08:00,999,999,,,,\(refusedNote),home\n")
            .write(toFile: mom.root + "/rows.csv", atomically: true, encoding: .utf8)
        // How long one such import takes here, to stop each half-way through.
        let started = Date()
        let dry = try dad.healthlog("--no-sync", "import", "--dry-run", dad.mountPoint + "/rows.csv")
        try #require(dry.status == 0, "\(dry.stderr)")
        let duration = Date().timeIntervalSince(started)
        let journals = { (machine: NamespacedMachine) in journalBytes(machine, device: (try? syncDeviceID(machine.logPath)) ?? "") }
        let (dadJournal, momJournal) = (journals(dad), journals(mom))

        let importing = try dad.start(["import", dad.mountPoint + "/rows.csv"], output: "import")
        let refusing = try mom.start(["import", mom.mountPoint + "/rows.csv"], output: "import")
        Thread.sleep(forTimeInterval: duration / 2)
        kill(importing.processIdentifier, SIGSTOP)
        kill(refusing.processIdentifier, SIGSTOP)
        #expect(importing.isRunning && refusing.isRunning, "both stopped before they ended")
        // The daughter goes on: adds, merges, and her change reaches the stopped machines' folders.
        confirmed.append(try addedID(daughter.ok("-p", "dad", "add", "128/79", "--at", "2026-12-01 08:00")))
        let daughterDevice = try #require(try syncDeviceID(daughter.logPath))
        #expect(family.delivered(journalOf: daughterDevice, from: daughter, to: [dad, mom]))
        for _ in 0..<2 {
            for machine in family.machines { machine.syncthing.scan() }
            Thread.sleep(forTimeInterval: 1)
            try daughter.ok("sync")
        }
        let meanwhile = try daughter.export()
        #expect(meanwhile.count(note: importNote) == 0, "nothing of the stopped import reached the daughter")
        #expect(meanwhile.count(note: refusedNote) == 0)
        #expect(journals(dad) == dadJournal && journals(mom) == momJournal, "the stopped imports wrote nothing to the folder")
        #expect(try HealthRecordsAccess.readings(dad.logPath).count == 1, "the import is not committed yet")

        kill(importing.processIdentifier, SIGCONT)
        kill(refusing.processIdentifier, SIGCONT)
        importing.waitUntilExit()
        refusing.waitUntilExit()
        #expect(importing.terminationStatus == 0, "\(dad.output("import").stderr)")
        #expect(refusing.terminationStatus == ExitCode.dataError, "\(mom.output("import").stderr)")
        let exports = try family.converge(within: 60) { export in export.count(note: importNote) == rows && confirmed.allSatisfy(export.hasReading) }
        expectConverged(exports, confirmed: confirmed)
        #expect(exports[0].count(note: importNote) == rows)
        #expect(exports[0].count(note: refusedNote) == 0)
    }

    /// One machine's clock runs three days ahead: what it changes is held by the others (not
    /// applied before its time), its status and theirs name the skew as three days, a later
    /// edit made elsewhere by the right clock is not undone by it, and once the clock is set
    /// right its changes are stamped again and every machine converges.
    @Test func aClockDaysAheadIsHeldNamedAndRepaired() throws {
        let (family, first) = try sharedFamilyLog()
        defer { family.shutDown() }
        let (dad, daughter, mom) = (family["dad"], family["daughter"], family["mom"])
        var confirmed = [first]
        let momDevice = try #require(try syncDeviceID(mom.logPath))
        let dadDevice = try #require(try syncDeviceID(dad.logPath))
        let threeDays = 3 * 86_400

        mom.clockOffset = "+3d"
        try mom.ok("edit", confirmed[0], "--note", "mom's edit, her clock 3 days ahead")
        let yesterday = ZonedInstant(utcSeconds: Int64(Date().timeIntervalSince1970) - 86_400, offsetMinutes: 0)
        confirmed.append(try addedID(mom.ok("-p", "dad", "add", "127/81", "--at", String(yesterday.iso8601.prefix(16)).replacingOccurrences(of: "T", with: " "))))
        // The others hold her changes, and name her clock as three days ahead.
        let held = { (machine: NamespacedMachine) -> Int? in
            _ = try? machine.healthlog("sync")
            return ((try? machine.status()["held"]) as? [[String: Any]])?.first { $0["device"] as? String == momDevice }?["aheadSeconds"] as? Int
        }
        var dadHolds: Int?
        #expect(eventually(30) {
            mom.syncthing.scan()
            dadHolds = held(dad)
            return dadHolds != nil && held(daughter) != nil
        }, "the others hold what mom's clock stamped ahead")
        #expect(abs((dadHolds ?? 0) - threeDays) < 120, "3 days, not 2: \(dadHolds ?? 0) s")
        #expect(try dad.ok("--no-sync", "sync", "status").contains("3 days"))
        #expect(try !dad.export().hasReading(confirmed[1]), "not applied before its time")
        // Later, by the right clock, dad edits the same reading.
        try dad.ok("edit", confirmed[0], "--note", "dad's later edit")
        // Mom's own status says her clock runs ahead, by as much, once the others' device files came.
        var momHeld: Int?
        #expect(eventually(30) {
            dad.syncthing.scan()
            daughter.syncthing.scan()
            _ = try? mom.healthlog("sync")
            momHeld = ((try? mom.status()["heldElsewhere"]) as? [[String: Any]])?.first { $0["device"] as? String == dadDevice }?["aheadSeconds"] as? Int
            return momHeld != nil
        }, "mom's status names the skew")
        #expect(abs((momHeld ?? 0) - threeDays) < 120, "\(momHeld ?? 0) s")
        #expect(try mom.ok("--no-sync", "sync", "status").contains("this machine's clock runs about 3 days ahead"))

        // The clock set right: her changes are stamped again, and dad's later edit stands.
        mom.clockOffset = nil
        let repaired = try mom.healthlog("sync")
        #expect(repaired.status == 0, "\(repaired.stderr)")
        #expect(repaired.stderr.contains("clock ran 3 days ahead"), "\(repaired.stderr)")
        let exports = try family.converge(within: 60) { export in
            confirmed.allSatisfy(export.hasReading) && export.readings.first { $0.id.hasPrefix(confirmed[0]) }?.note == "dad's later edit"
        }
        expectConverged(exports, confirmed: confirmed)
        #expect(exports[0].readings.first { $0.id.hasPrefix(confirmed[0]) }?.note == "dad's later edit")
        let ownSkew = try mom.status()["ownClockRanAheadSeconds"] as? Int
        #expect(abs((ownSkew ?? 0) - threeDays) < 120, "\(ownSkew ?? 0) s")
        for machine in [dad, daughter] { #expect(((try machine.status()["held"]) as? [Any])?.isEmpty == true, "\(machine.name) holds nothing now") }
    }
}

/// Dad, his daughter and mom, connected; dad's log (his profile and one reading) shared by
/// all three and merged everywhere. The network (shut down when it goes), and the reading's id.
private func sharedFamilyLog() throws -> (FamilyNetwork, String) {
    let family = try FamilyNetwork(["dad", "daughter", "mom"])
    try #require(family.connected())
    let dad = family["dad"]
    try dad.ok("profile", "add", "dad", "--name", "爸爸")
    let reading = try addedID(dad.ok("-p", "dad", "add", "150/95", "80", "--at", "2026-11-29 07:30"))
    try family.share(from: dad)
    try #require(try family.converge { $0.hasReading(reading) }.allSatisfy { $0.hasReading(reading) })
    return (family, reading)
}

/// Where a `sync init` is stopped.
enum JoinMoment: CustomStringConvertible {
    /// This long after it started: inside the join's transaction, before anything is written.
    case early(seconds: Double)
    /// As soon as its journal has begun to be written.
    case writingJournal
    /// Once its journal holds three fifths of `bytes`, what it will hold.
    case journalMostlyWritten(bytes: Int64)

    var description: String {
        switch self {
        case .early(let seconds): "kill -9 after \(String(format: "%.2f", seconds)) s"
        case .writingJournal: "SIGTERM as its journal began"
        case .journalMostlyWritten: "SIGINT with most of its journal written"
        }
    }

    /// Waits for the moment; false when `process` ended first.
    func wait(for process: Process, on machine: NamespacedMachine, journalsBefore: Set<String>) -> Bool {
        let newJournal = { () -> Int64 in
            names(in: machine.shared + "/journal").filter { !journalsBefore.contains($0) }.reduce(0) { $0 + journalBytes(machine, device: $1) }
        }
        let started = Date()
        while process.isRunning, Date().timeIntervalSince(started) < 60 {
            switch self {
            case .early(let seconds):
                if Date().timeIntervalSince(started) >= seconds { return true }
            case .writingJournal:
                if newJournal() > 0 { return true }
            case .journalMostlyWritten(let bytes):
                if newJournal() > bytes * 3 / 5 { return true }
            }
            usleep(100)
        }
        return false
    }
}

extension FamilyNetwork {
    /// `first` starts the shared log with what it holds; each of `joining` (every other
    /// machine unless told) joins once its engine brought the journals.
    func share(from first: NamespacedMachine, joining: [NamespacedMachine]? = nil) throws {
        try first.ok("sync", "init", first.folder)
        for machine in joining ?? machines.filter({ $0 !== first }) {
            try #require(delivered(from: machines.filter { (try? syncDeviceID($0.logPath)) != nil }, to: machine))
            try machine.ok("sync", "init", machine.folder)
        }
    }

    /// True once the journals of `sources` (members of the shared log) are in `target`'s folder as they are in theirs.
    func delivered(from sources: [NamespacedMachine], to target: NamespacedMachine, within seconds: Double = 30) -> Bool {
        sources.allSatisfy { source in
            guard let device = try? syncDeviceID(source.logPath) else { return false }
            return delivered(journalOf: device, from: source, to: [target], within: seconds)
        }
    }

    /// True once `device`'s journal is in each of `targets`' folders as it is in `source`'s.
    func delivered(journalOf device: String, from source: NamespacedMachine, to targets: [NamespacedMachine], within seconds: Double = 30) -> Bool {
        eventually(seconds) {
            source.syncthing.scan()
            let sizes = journalSizes(source, device: device)
            return targets.allSatisfy { journalSizes($0, device: device) == sizes }
        }
    }
}

/// The id `add` printed ("Added 7281bfc8 · …").
func addedID(_ output: String) throws -> String {
    let words = output.split(separator: " ")
    try #require(words.count > 1 && words[0] == "Added", "\(output)")
    return String(words[1])
}

/// Every machine exported the same log, and it holds every reading in `confirmed`.
func expectConverged(_ exports: [LogExport], confirmed: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    for (index, export) in exports.enumerated().dropFirst() {
        let lines = (Set(export.text.split(separator: "\n")), Set(exports[0].text.split(separator: "\n")))
        #expect(
            export == exports[0],
            "machine \(index + 1) exports another log: only there \(lines.0.subtracting(lines.1).sorted().prefix(8)), only on machine 1 \(lines.1.subtracting(lines.0).sorted().prefix(8))",
            sourceLocation: sourceLocation)
    }
    for id in confirmed { #expect(exports.allSatisfy { $0.hasReading(id) }, "reading \(id) is on every machine", sourceLocation: sourceLocation) }
}

/// `rows` readings of dad's, a minute apart from 2020 on, each with `note`.
func importCSV(_ rows: Int, note: String, from first: Int = 0) -> String {
    var text = "id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note,site\n"
    for index in first..<(first + rows) {
        let instant = ZonedInstant(utcSeconds: 1_577_836_800 + Int64(index) * 60, offsetMinutes: 480)
        text += ",dad,\(instant.iso8601),\(110 + index % 60),\(70 + index % 25),\(60 + index % 30),,,\(note),home\n"
    }
    return text
}

/// Copies `source`'s home (its log and everything beside it) over `target`'s, as a disk image would.
func copyHome(from source: NamespacedMachine, to target: NamespacedMachine) throws {
    let copied = try runShell("rm -rf \"$1/home\" && cp -a \"$0/home\" \"$1/home\"", [source.root, target.root], environment: ["PATH": "/usr/bin:/bin"])
    try #require(copied.status == 0, "\(copied.stderr)")
}

/// The sizes of `device`'s journal segments in `machine`'s folder, by name.
func journalSizes(_ machine: NamespacedMachine, device: String) -> [String: Int64] {
    let folder = machine.shared + "/journal/" + device
    var sizes: [String: Int64] = [:]
    for name in names(in: folder) where name.hasSuffix(".ndjson") { sizes[name] = fileSize(folder + "/" + name) }
    return sizes
}

/// The bytes of `device`'s journal segments in `machine`'s folder.
func journalBytes(_ machine: NamespacedMachine, device: String) -> Int64 {
    journalSizes(machine, device: device).values.reduce(0, +)
}

/// How many operation lines (not commit lines) `device`'s journal holds in `machine`'s folder.
func journalRecords(_ machine: NamespacedMachine, device: String) -> Int {
    let folder = machine.shared + "/journal/" + device
    return names(in: folder).filter { $0.hasSuffix(".ndjson") }.reduce(0) { total, name in
        let text = (try? String(contentsOfFile: folder + "/" + name, encoding: .utf8)) ?? ""
        return total + text.split(separator: "\n").filter { $0.contains("\"op\":") }.count
    }
}

/// The size of the file at `path`, or 0.
func fileSize(_ path: String) -> Int64 {
    var info = stat()
    return stat(path, &info) == 0 ? Int64(info.st_size) : 0
}
