import Foundation
import Glibc
import HealthCore
@testable import HealthSync
import Testing

/// Two lines of two devices claiming one operation id (issue 34, finding 4): every machine
/// keeps both, each as its own device's change, whatever order they come in, and names the
/// repeat; no device takes away another's change by its id.
@Suite struct SyncDuplicateOperationTests {
    /// Both lines stamped days ahead, so each machine holds them until their time: the rule
    /// that decides between a stored line and a newcomer decides between a held one and a
    /// newcomer too. (Before, a held line refused every later one: the father kept the line he
    /// saw first, the daughter the other, and once their time came the logs differed for good.)
    @Test func heldLinesSharingAnIDAreDecidedAlikeInEitherOrder() throws {
        let family = Family()
        family.joined()
        let (dad, daughter) = (family.dad, family.daughter)
        var reading = try #require(try dad.readings().first { $0.systolic == 150 })
        let id = UUID().uuidString.lowercased()
        let ahead = HybridClock.stamp(milliseconds: fixedNow + 3 * 86_400_000)
        reading.note = "stamped first"
        let first = try forgedTransaction(.readingPut(reading), device: "aaaaaaaaaaaaaaaa", clock: ahead, id: id)
        reading.note = "stamped after it, under the same operation id"
        let second = try forgedTransaction(.readingPut(reading), device: "bbbbbbbbbbbbbbbb", clock: ahead + 1, id: id)
        let place = { (device: String, lines: [String]?) in placeJournal(lines, of: device, in: family.folder) }
        // The father sees the first-stamped line first; the daughter sees the other first.
        #expect(place("aaaaaaaaaaaaaaaa", first))
        dad.ok("sync")
        #expect(place("aaaaaaaaaaaaaaaa", nil))
        #expect(place("bbbbbbbbbbbbbbbb", second))
        daughter.ok("sync")
        dad.ok("sync")
        #expect(place("aaaaaaaaaaaaaaaa", first))
        daughter.ok("sync")
        dad.ok("sync")
        // Their time comes: both apply both, and the later stamp decides the reading.
        for machine in [dad, daughter] { machine.now += 4 * 86_400_000 }
        family.settle()
        for machine in [dad, daughter] {
            let status = machine.ok("sync", "status")
            #expect(status.contains("operation \(id) repeats the id of an operation of device"), "\(status)")
        }
        #expect(try logDump(dad.databasePath) == logDump(daughter.databasePath))
        #expect(try dad.readings().first { $0.systolic == 150 }?.note == "stamped after it, under the same operation id")
    }

    /// A device withdraws an operation it stamped while its clock ran ahead (stamping it again,
    /// see ``ClockRepair``), and another device's line reuses that operation's id, stamped just
    /// after it. A machine that saw the withdrawal first, and one that saw the other line first,
    /// end alike: the withdrawal takes away only its own device's line, and the other device's
    /// line stands as that device's change.
    @Test func aWithdrawalTakesAwayOnlyItsOwnDevicesLine() throws {
        let family = Family()
        family.joined()
        let (dad, daughter) = (family.dad, family.daughter)
        var reading = try #require(try dad.readings().first { $0.systolic == 150 })
        let (device, forger) = ("aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb")
        let ahead = HybridClock.stamp(milliseconds: fixedNow + 3 * 86_400_000)
        reading.note = "stamped while the clock ran ahead"
        let id = UUID().uuidString.lowercased()
        let stamped = try forgedTransaction(.readingPut(reading), device: device, clock: ahead, id: id)
        reading.note = "stamped again, the clock set right"
        let transaction = JournalLine.newTransactionID()
        let again = try #require(JournalLine.operation(
            for: .readingPut(reading), id: UUID().uuidString.lowercased(), transaction: transaction, clock: HybridClock.stamp(milliseconds: fixedNow + 60_000),
            device: device, withdrawing: [id]))
        let repaired = stamped + [again.line, JournalLine.commitLine(transaction: transaction, device: device, operations: 1, clock: again.clock)]
        reading.note = "another device's line under the withdrawn id"
        let duplicate = try forgedTransaction(.readingPut(reading), device: forger, clock: ahead + 1, id: id)
        // The father: the line, its withdrawal, then the duplicate.
        #expect(placeJournal(stamped, of: device, in: family.folder))
        dad.ok("sync")
        #expect(placeJournal(repaired, of: device, in: family.folder))
        dad.ok("sync")
        #expect(placeJournal(nil, of: device, in: family.folder))
        #expect(placeJournal(duplicate, of: forger, in: family.folder))
        dad.ok("sync")
        // The daughter: the duplicate first, then the line and its withdrawal.
        daughter.ok("sync")
        #expect(placeJournal(repaired, of: device, in: family.folder))
        daughter.ok("sync")
        for machine in [dad, daughter] { machine.now += 4 * 86_400_000 }
        family.settle()
        #expect(try logDump(dad.databasePath) == logDump(daughter.databasePath))
        #expect(try dad.readings().first { $0.systolic == 150 }?.note == "another device's line under the withdrawn id")
    }

    /// The hostile-folder probe (B1, B2): a rogue device's withdrawal of another device's
    /// change, of its own change of another record, or its line reusing an id stamped earlier,
    /// takes nothing away: a machine that had merged the change and one that had not end with
    /// the same log, the change in it, and status names what was ignored.
    @Test func aRogueDeviceTakesAwayNoChangeByItsID() throws {
        let family = Family()
        family.joined()
        family.settle()
        let (dad, daughter) = (family.dad, family.daughter)
        let rogue = "5555555555555555"
        // Dad adds a reading the daughter has not merged yet.
        dad.ok("-p", "dad", "add", "150/95", "--note", "dad's own")
        let segment = try #require(try ownSegment(dad, folder: family.folder))
        let added = try #require(
            try String(contentsOfFile: segment, encoding: .utf8).split(separator: "\n").compactMap { try? JournalLine.operation(String($0)) }
                .last { if case .readingPut(let reading) = $0.change { reading.note == "dad's own" } else { false } })
        // The rogue's own reading, merged by dad alone.
        let ownReading = try #require(try dad.readings().first { $0.systolic == 150 })
        var planted = ownReading
        planted.id = UUID().uuidString.lowercased()
        planted.note = "the rogue's"
        let rogueOperation = UUID().uuidString.lowercased()
        let clock = added.operation.clock
        var lines = try forgedTransaction(.readingPut(planted), device: rogue, clock: clock + 1, id: rogueOperation)
        try plantDevice(rogue, in: family.folder, lines: lines)
        dad.ok("sync")
        #expect(try dad.readings().contains { $0.id == planted.id })
        // Then: a change of another record withdrawing its own reading, one withdrawing dad's
        // change, and one reusing dad's operation id, stamped an hour before it.
        let ghost = Profile(id: "ghost", name: "ghost")
        lines += try forgedTransaction(.profilePut(ghost), device: rogue, clock: clock + 2, withdrawing: [rogueOperation])
        lines += try forgedTransaction(.profilePut(ghost), device: rogue, clock: clock - (3_600_000 << 16), id: added.operation.id)
        lines += try forgedTransaction(.eventDeleted(id: UUID().uuidString.lowercased(), profileID: "dad"), device: rogue, clock: clock + 3, withdrawing: [added.operation.id])
        try (lines.joined(separator: "\n") + "\n").write(toFile: family.folder + "/journal/\(rogue)/000001.ndjson", atomically: false, encoding: .utf8)
        family.settle()
        #expect(try logDump(dad.databasePath) == logDump(daughter.databasePath))
        for machine in [dad, daughter] {
            let readings = try machine.readings()
            #expect(readings.contains { $0.note == "dad's own" }, "dad's reading is missing")
            #expect(readings.contains { $0.id == planted.id }, "the rogue's own reading is missing")
            let status = machine.ok("sync", "status")
            #expect(status.contains("withdraws its operation \(rogueOperation), which changed another record: ignored"), "\(status)")
            #expect(status.contains("repeats the id of an operation of device"), "\(status)")
        }
    }

    /// One device's two lines under one operation id, for two new readings, the one stamped
    /// first arriving last (probe of issue 34, finding 4 within one device). A machine that had
    /// shown the later-stamped reading before the other arrived, one that read both at once and
    /// one that joins afterwards end with the same log: the reading whose line lost the id is
    /// shown nowhere. (Before, the first machine kept both readings for good.)
    @Test func oneDevicesTwoLinesUnderOneIDAreDecidedAlikeWhicheverCameFirst() throws {
        let family = Family()
        family.joined()
        family.settle()
        let (dad, daughter) = (family.dad, family.daughter)
        let rogue = "6666666666666666"
        let template = try #require(try dad.readings().first { $0.systolic == 150 })
        var stampedLater = template
        stampedLater.id = UUID().uuidString.lowercased()
        stampedLater.note = "stamped later, read first"
        var stampedFirst = template
        stampedFirst.id = UUID().uuidString.lowercased()
        stampedFirst.note = "stamped first, read last"
        let operation = UUID().uuidString.lowercased()
        let clock = HybridClock.stamp(milliseconds: fixedNow - 60_000)
        var lines = try forgedTransaction(.readingPut(stampedLater), device: rogue, clock: clock, id: operation)
        try plantDevice(rogue, in: family.folder, lines: lines)
        dad.ok("sync")
        #expect(try dad.readings().contains { $0.id == stampedLater.id })
        lines += try forgedTransaction(.readingPut(stampedFirst), device: rogue, clock: clock - (5_000 << 16), id: operation)
        try (lines.joined(separator: "\n") + "\n").write(toFile: family.folder + "/journal/\(rogue)/000001.ndjson", atomically: false, encoding: .utf8)
        family.settle()
        let third = CLIHarness()
        third.ok("sync", "init", family.folder)
        for machine in [dad, daughter, third] {
            let readings = try machine.readings()
            #expect(readings.contains { $0.id == stampedFirst.id }, "the line stamped first keeps the id")
            #expect(!readings.contains { $0.id == stampedLater.id }, "the line that lost the id is shown nowhere")
            let status = machine.ok("sync", "status")
            #expect(status.contains("operation \(operation) repeats the id of an operation of device"), "\(status)")
        }
        #expect(try logDump(dad.databasePath) == logDump(daughter.databasePath))
        #expect(try logDump(third.databasePath) == logDump(dad.databasePath))
    }

    /// A device's committed line rewritten in place by someone who can write the folder, with a
    /// checksum made anew so it reads as whole (probe of issue 34). The machines that merged the
    /// line first, and one that joins after, would each keep the version they saw; the owner
    /// writes its own line again, so every machine reads both and decides alike.
    @Test func aLineRewrittenWithAValidChecksumEndsTheSameEverywhere() throws {
        let family = Family()
        family.joined()
        family.daughter.ok("-p", "dad", "add", "131/83", "--at", "2026-11-29 07:20", "--note", "as measured")
        family.dad.ok("sync")
        #expect(try family.dad.readings().contains { $0.systolic == 131 })
        let journal = try #require(try ownSegment(family.daughter, folder: family.folder))
        var lines = try String(contentsOfFile: journal, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.contains("\"systolic\":131") })
        let read = try #require(try JournalLine.operation(lines[index]))
        guard case .readingPut(var reading) = read.change else { Issue.record("not a reading's line"); return }
        reading.bloodPressure = BloodPressure(systolic: 191, diastolic: 83)
        reading.note = "rewritten"
        let transaction = try #require(read.transaction)
        let rewritten = try #require(JournalLine.operation(
            for: .readingPut(reading), id: read.operation.id, transaction: transaction, clock: read.operation.clock, device: read.operation.device))
        lines[index] = rewritten.line
        try lines.joined(separator: "\n").write(toFile: journal, atomically: false, encoding: .utf8)
        let third = CLIHarness()
        third.ok("sync", "init", family.folder)
        family.settle()
        third.ok("sync")
        let dump = try logDump(family.dad.databasePath)
        #expect(try logDump(family.daughter.databasePath) == dump)
        #expect(try logDump(third.databasePath) == dump, "the machine that joined after the rewrite decides as the others")
        #expect(try family.dad.readings().filter { [131, 191].contains($0.systolic) }.count == 1)
        #expect(family.daughter.ok("sync", "status").contains("repeats the id of an operation of device"))
    }
}

/// Writes `lines` as `device`'s whole journal in the shared `folder` (nil: removes it, as an
/// engine replacing a file does for a moment); true when it did.
private func placeJournal(_ lines: [String]?, of device: String, in folder: String) -> Bool {
    let directory = folder + "/journal/" + device
    mkdir(directory, 0o700)
    guard let lines else { return unlink(directory + "/000001.ndjson") == 0 }
    let descriptor = open(directory + "/000001.ndjson", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let text = lines.joined(separator: "\n") + "\n"
    return text.withCString { write(descriptor, $0, strlen($0)) } == text.utf8.count
}
