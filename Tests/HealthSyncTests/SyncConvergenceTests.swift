import Foundation
import HealthCore
import HealthRecords
import HealthSync
import Testing

/// SplitMix64: the same schedule for the same seed, on every machine.
private struct SeededRandom {
    private var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

/// A stand-in for the engine that copies the folder between machines, as badly as one may:
/// old versions of a file delivered after newer ones, copies cut mid-line, garbage added to a
/// copy, files in any order.
private struct HostileEngine {
    let folders: [String]
    let devices: [String]
    /// Every version of each device's files seen so far, by path inside the folder.
    var versions: [String: [Data]] = [:]

    /// The device's own journal files, by path inside the folder.
    func ownFiles(_ index: Int) -> [(String, Data)] {
        let relative = "journal/\(devices[index])"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folders[index] + "/" + relative)) ?? []).sorted()
        return names.filter { $0.hasSuffix(".ndjson") }.compactMap { name in
            FileManager.default.contents(atPath: folders[index] + "/\(relative)/\(name)").map { ("\(relative)/\(name)", $0) }
        }
    }

    mutating func remember(_ index: Int) {
        for (path, data) in ownFiles(index) where versions[path]?.last != data { versions[path, default: []].append(data) }
    }

    /// Delivers each of `source`'s files to `target`, each in a form `random` picks.
    mutating func deliver(from source: Int, to target: Int, random: inout SeededRandom, faithfully: Bool = false) throws {
        remember(source)
        for (path, current) in ownFiles(source).shuffled(using: &random) {
            var data = current
            if !faithfully {
                switch random.int(11) {
                case 0, 1: data = versions[path].map { $0[random.int($0.count)] } ?? current  // an old version, late
                case 2, 3: data = current.prefix(random.int(current.count + 1))  // a torn copy
                case 4: data = current + Data("{\"v\":1,\"garbage\n".utf8)  // garbage on the end
                default: break
                }
            }
            let destination = folders[target] + "/" + path
            try FileManager.default.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: destination), options: .atomic)
        }
    }
}

extension Array {
    fileprivate func shuffled(using random: inout SeededRandom) -> [Element] {
        var result = self
        for index in stride(from: result.count - 1, to: 0, by: -1) { result.swapAt(index, random.int(index + 1)) }
        return result
    }
}

@Suite struct SyncConvergenceTests {
    /// Three machines change one log for 120 rounds while a hostile engine delivers their journals;
    /// once it delivers faithfully, every machine holds the same log, and it is the one the rule
    /// (the greatest clock and device wins, deletions included) makes of every line written.
    @Test(arguments: [UInt64(7), 2026]) func aHostileEngineCannotStopConvergence(seed: UInt64) throws {
        var random = SeededRandom(seed)
        let machines = (0..<3).map { _ in CLIHarness() }
        let folders = machines.map { $0.directory.file("replica") }
        machines[2].now = fixedNow + 300_000  // one clock five minutes ahead (within the tolerance)
        let first = machines[0]
        first.ok("profile", "add", "dad", "--name", "爸爸")
        var csv = "id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note,site\n"
        for index in 0..<2_000 {
            let day = 1 + index / 80, hour = 6 + index % 80 / 40, minute = index % 40
            csv += ",dad,2026-10-\(day < 10 ? "0" : "")\(day)T0\(hour):\(minute < 10 ? "0" : "")\(minute):00+08:00,\(120 + index % 40),\(75 + index % 15),\(60 + index % 30),,,,home\n"
        }
        first.ok("import", first.directory.write("seed.csv", csv))
        first.ok("sync", "init", folders[0])
        var devices = [try deviceID(first)]
        var engine = HostileEngine(folders: folders, devices: devices)
        for index in 1...2 {
            try engine.deliver(from: 0, to: index, random: &random, faithfully: true)
            machines[index].ok("sync", "init", folders[index])
            devices.append(try deviceID(machines[index]))
        }
        engine = HostileEngine(folders: folders, devices: devices)
        let shared = try first.readings().map(\.id).sorted()
        for round in 0..<120 {
            let index = random.int(3)
            let machine = machines[index]
            // A minute passes on every machine alike.
            for clock in machines { clock.now += 60_000 }
            switch random.int(11) {
            case 0, 1:
                machine.ok("--no-sync", "-p", "dad", "add", "\(130 + round % 20)/\(80 + round % 9)", "--at", "2026-11-\(20 + round / 60) \(10 + round % 60 / 6):\(round % 6)0")
            case 2, 3, 4:
                // Edits crowd onto ten readings, so machines edit the same ones unawares.
                let id = shared[random.int(10)]
                if try machine.readings().contains(where: { $0.id == id }) {
                    machine.ok("--no-sync", "edit", id, "--note", "round \(round) on machine \(index)")
                }
            case 5, 6:
                let candidates = try machine.readings().filter { !shared.prefix(10).contains($0.id) }
                if !candidates.isEmpty { machine.ok("--no-sync", "delete", candidates[random.int(candidates.count)].id, "--yes") }
            case 7:
                var batch = "id,profile,taken_at,systolic,diastolic,pulse,weight_kg,tags,note,site\n"
                let day = 1 + round % 25
                for item in 0..<60 { batch += ",dad,2026-11-\(day < 10 ? "0" : "")\(day)T\(10 + item / 6):\(item % 6)\(index):00+08:00,\(125 + item),\(79 + item % 7),,,,round \(round),home\n" }
                machine.ok("--no-sync", "import", machine.directory.write("batch\(round).csv", batch))
            case 8:
                // Two machines edit one reading, neither having seen the other's change.
                let id = shared[random.int(10)]
                for other in [machine, machines[(index + 1) % 3]] where try other.readings().contains(where: { $0.id == id }) {
                    other.ok("--no-sync", "edit", id, "--note", "round \(round), both machines")
                }
                engine.remember((index + 1) % 3)
            case 9:
                machine.ok("--no-sync", "-p", "dad", "event", "add", "change \(round)", "--at", "2026-11-2\(index) 08:00")
            default:
                machine.ok("--no-sync", "profile", "edit", "dad", "--target", "\(130 + round % 5)/80")
            }
            engine.remember(index)
            for _ in 0..<2 {
                let source = random.int(3)
                let target = (source + 1 + random.int(2)) % 3
                try engine.deliver(from: source, to: target, random: &random)
                if random.int(2) == 0 { machines[target].ok("--no-sync", "sync") }
            }
        }
        for _ in 0..<2 {
            for source in 0..<3 {
                for target in 0..<3 where target != source { try engine.deliver(from: source, to: target, random: &random, faithfully: true) }
            }
            for machine in machines { machine.ok("--no-sync", "sync") }
        }
        let dumps = try machines.map { try logDump($0.databasePath) }
        #expect(dumps[1] == dumps[0])
        #expect(dumps[2] == dumps[0])
        // The rule itself, applied to every line every machine wrote.
        var lines: [SyncOperation] = []
        var changes: [String: LogChange] = [:]
        for index in 0..<3 {
            for (_, data) in engine.ownFiles(index) {
                for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
                    guard case .operation(let decoded) = try JournalLine.decode(String(line)) else { continue }
                    lines.append(decoded.operation)
                    changes[decoded.operation.id] = decoded.change
                }
            }
        }
        #expect(lines.count > 2_500, "several thousand operations")
        var winners: [String: SyncOperation] = [:]
        for operation in lines where operation.kind == .reading {
            if let current = winners[operation.entityID], !operation.wins(over: current) { continue }
            winners[operation.entityID] = operation
        }
        let expected = winners.values.filter { !$0.deleted }.compactMap { operation -> String? in
            guard case .readingPut(let reading)? = changes[operation.id] else { return nil }
            return "\(reading.id) \(reading.note) \(reading.bloodPressure.map { "\($0)" } ?? "-")"
        }.sorted()
        let actual = try first.readings().map { "\($0.id) \($0.note) \($0.bloodPressure.map { "\($0)" } ?? "-")" }.sorted()
        #expect(actual == expected)
        // Negative control: "the last to arrive wins" on the same deliveries leaves the machines apart,
        // so this schedule would catch an order-dependent merge.
        let arrival = try machines.map { try lastArrivedWinners($0.databasePath) }
        #expect(arrival[0] != arrival[1] || arrival[1] != arrival[2])
    }
}

private func deviceID(_ harness: CLIHarness) throws -> String {
    try #require(try syncDeviceID(harness.databasePath))
}

/// The winner of each record under a wrong rule, the operation that arrived last, from the
/// order the log stored them in.
private func lastArrivedWinners(_ path: String) throws -> [String: String] {
    let result = try runShell("sqlite3 \"$0\" \"SELECT entity || ' ' || entity_id, id FROM sync_operations ORDER BY rowid\"", [path], environment: ["PATH": "/usr/bin:/bin"])
    var winners: [String: String] = [:]
    for line in result.stdout.split(separator: "\n") {
        let parts = line.split(separator: "|")
        if parts.count == 2 { winners[String(parts[0])] = String(parts[1]) }
    }
    return winners
}
