import Foundation
import HealthCore
@testable import HealthSync
import HealthLogTestSupport
import Testing

/// Issue 34, §16 and the hostile-folder probe: what devices say of one another in their device
/// files is weighed, never simply trusted, and every machine is told what concerns it.
@Suite struct SyncDeviceFileTests {
    /// §16: a machine that leaves and joins again is shown once, "formerly" its old id, and
    /// nobody waits for the old id; a machine another retired is told so in its own status.
    @Test func aRejoinedMachineIsShownOnceAndARetiredOneIsTold() throws {
        let family = Family()
        family.joined()
        family.settle()
        let old = try #require(try syncDeviceID(family.daughter.databasePath))
        family.daughter.ok("sync", "leave")
        family.daughter.ok("sync", "init", family.folder)
        let new = try #require(try syncDeviceID(family.daughter.databasePath))
        #expect(new != old)
        family.settle()
        let status = family.dad.ok("sync", "status")
        #expect(status.components(separatedBy: "(\(new.prefix(8)))").count == 2, "\(status)")
        #expect(status.contains("formerly \(old.prefix(8))"), "\(status)")
        #expect(!status.contains("(\(old.prefix(8)))"), "the old id is shown as a device of its own: \(status)")
        #expect(status.contains("In step"), "\(status)")

        family.dad.ok("sync", "forget", String(new.prefix(10)))
        family.daughter.ok("sync")
        let told = family.daughter.ok("sync", "status")
        #expect(told.contains("RETIRED by"), "\(told)")
        let json = try JSONReader(bytes: Array(family.daughter.ok("sync", "status", "--format", "json").utf8)).readValue()
        let retiredBy = try #require(json["retiredBy"]?.array)
        #expect(retiredBy.compactMap(\.string) == [try #require(try syncDeviceID(family.dad.databasePath))])
        // Forgetting it again says it is retired already, in one line, exit 65.
        let again = family.dad.run("sync", "forget", String(new.prefix(10)))
        #expect(again.status == 65 && again.stderr.contains("retired already"), "\(again.stderr)")
    }

    /// A device file whose fields are not what HealthLog writes is named and not trusted: it
    /// neither counts as a device nor stops leaving. A claim of this machine's id as another's
    /// former one is refused and named; a folder with no device file and nothing merged is not
    /// a device anyone waits for.
    @Test func aForgedDeviceFileIsNamedNotTrusted() throws {
        let family = Family()
        family.joined()
        family.settle()
        let dad = try #require(try syncDeviceID(family.dad.databasePath))
        try plantDevice("00000000000000aa", in: family.folder, deviceFile: #"{"device": 5, "name": ["x"], "merged": "all", "updated": -1}"#)
        try plantDevice("00000000000000bb", in: family.folder, deviceFile: #"{"device": "00000000000000bb", "name": "thief", "updated": 99999999999999, "former": ["\#(dad)"], "merged": {}}"#)
        try plantDevice("00000000000000cc", in: family.folder, deviceFile: nil)
        family.dad.ok("sync")
        let status = family.dad.ok("sync", "status")
        #expect(status.contains("journal/00000000000000aa/device.json: not a device file HealthLog writes"), "\(status)")
        #expect(status.contains("claims this machine's id as a former one of its own: not honoured"), "\(status)")
        #expect(status.contains("journal/00000000000000cc: no device file and no change that could be read"), "\(status)")
        // Only the claimant, whose file is otherwise sound, is listed beside the two real machines.
        let listed = status.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(" changes") }
        #expect(listed.count == 3, "\(status)")
        #expect(status.components(separatedBy: "journal/00000000000000aa").count == 2, "named twice: \(status)")
        // dad is still shown as himself, with his own changes.
        #expect(status.contains("(\(dad.prefix(8))), this device"), "\(status)")
        // The junk folders are not waited for by leaving: only the claimant, a device file of
        // its own that has merged nothing, is.
        let left = family.dad.run("sync", "leave")
        #expect(left.status == 65 && left.stderr.contains("thief (00000000) has not merged") && !left.stderr.contains("other machines"), "\(left.stderr)")
    }

    /// Probe B6: a device file that claims to have merged a change of this machine later than
    /// any it made is not believed on what it merged: status does not say it has every change,
    /// names the claim, and leaving still waits for it.
    @Test func aClaimToHaveMergedWhatWasNeverMadeIsNotBelieved() throws {
        let family = Family()
        family.joined()
        family.settle()
        let dad = try #require(try syncDeviceID(family.dad.databasePath))
        try plantDevice(
            "00000000000000dd", in: family.folder,
            deviceFile: #"{"device": "00000000000000dd", "name": "liar", "updated": \#(fixedNow), "merged": {"\#(dad)": 9000000000000000000}}"#)
        family.dad.ok("-p", "dad", "add", "126/80")
        family.dad.ok("sync")
        let status = family.dad.ok("sync", "status")
        let liar = try #require(status.split(separator: "\n").first { $0.contains("liar") }, "\(status)")
        #expect(!liar.contains("has every change"), "\(status)")
        #expect(status.contains("journal/00000000000000dd/device.json: claims to have merged changes this machine never made: not believed"), "\(status)")
        let left = family.dad.run("sync", "leave")
        #expect(left.status == 65 && left.stderr.contains("liar (00000000) and one other machine have not merged"), "\(left.stderr)")
    }

    /// Probe B5: a retirement holds only while the retired device writes nothing after the
    /// change it names. A device forgotten here that writes again is waited for again (and may
    /// be forgotten again); a device file that retires a machine still writing is not honoured,
    /// however fresh the file; a machine that writes after another retired it is not told it is
    /// retired.
    @Test func aRetiredDeviceThatWritesAgainIsWaitedForAgain() throws {
        let family = Family()
        family.joined()
        family.settle()
        let daughter = try #require(try syncDeviceID(family.daughter.databasePath))
        family.dad.ok("sync", "forget", String(daughter.prefix(10)))
        family.daughter.ok("sync")
        #expect(family.dad.ok("sync", "status").contains("Retired, not waited for: \(daughter.prefix(8))"))
        #expect(family.daughter.ok("sync", "status").contains("RETIRED by"))

        // A refreshed file retiring the daughter as of a change she has since passed.
        let retiredAt = HybridClock.stamp(milliseconds: fixedNow + 30_000)
        try plantDevice(
            "00000000000000ab", in: family.folder,
            deviceFile: #"{"device": "00000000000000ab", "name": "refresher", "updated": \#(fixedNow + 120_000), "retired": ["\#(daughter)"], "retiredAfter": {"\#(daughter)": \#(retiredAt)}, "merged": {}}"#)
        for harness in [family.dad, family.daughter] { harness.now = fixedNow + 60_000 }
        family.daughter.ok("-p", "dad", "add", "128/81")
        family.settle()
        let status = family.dad.ok("sync", "status")
        #expect(status.contains("journal/00000000000000ab/device.json: retires \(daughter.prefix(8)), but \(daughter.prefix(8)) wrote after that: not honoured"), "\(status)")
        #expect(!status.contains("Retired, not waited for"), "\(status)")
        #expect(status.contains("(\(daughter.prefix(8)))"), "the daughter's machine is not shown: \(status)")
        let told = family.daughter.ok("sync", "status")
        #expect(!told.contains("RETIRED by"), "\(told)")
        // dad's own device file no longer retires her: nobody is told of a retirement that lapsed.
        let dadFile = try JSONReader(bytes: Array(String(
            contentsOfFile: "\(family.folder)/journal/\(try #require(try syncDeviceID(family.dad.databasePath)))/device.json", encoding: .utf8).utf8)).readValue()
        #expect(dadFile["retired"]?.array?.isEmpty == true, "\(dadFile)")

        // Forgotten again, as of her new change: retired again.
        family.dad.ok("sync", "forget", String(daughter.prefix(10)))
        let again = family.dad.ok("sync", "status")
        #expect(again.contains("Retired, not waited for: \(daughter.prefix(8))"), "\(again)")
    }

    /// `sync forget` merges first: a device is retired as of its last change in the folder, not
    /// the last one this machine had merged, so its changes still unmerged here do not make it
    /// a device waited for again the moment they are merged; and those changes are kept.
    @Test func aDeviceIsRetiredAsOfItsLastChangeInTheFolder() throws {
        let family = Family()
        family.joined()
        family.settle()
        let daughter = try #require(try syncDeviceID(family.daughter.databasePath))
        for harness in [family.dad, family.daughter] { harness.now = fixedNow + 60_000 }
        family.daughter.ok("-p", "dad", "add", "131/82", "--note", "written before she was retired")
        family.dad.ok("sync", "forget", String(daughter.prefix(10)))
        family.dad.ok("sync")
        let status = family.dad.ok("sync", "status")
        #expect(status.contains("Retired, not waited for: \(daughter.prefix(8))"), "\(status)")
        #expect(family.dad.ok("-p", "dad", "list").contains("131/82"))
    }

    /// A retirement dated ahead of this machine's clock is not honoured: its date would make
    /// every later change of the retired device look older than it; nor is one that names no
    /// change at all.
    @Test func aRetirementDatedAheadIsNotHonoured() throws {
        let family = Family()
        family.joined()
        family.settle()
        let daughter = try #require(try syncDeviceID(family.daughter.databasePath))
        let ahead = HybridClock.stamp(milliseconds: fixedNow + 30 * 86_400_000)
        try plantDevice(
            "00000000000000ac", in: family.folder,
            deviceFile: #"{"device": "00000000000000ac", "name": "ahead", "updated": \#(fixedNow), "retired": ["\#(daughter)"], "retiredAfter": {"\#(daughter)": \#(ahead)}, "merged": {}}"#)
        try plantDevice(
            "00000000000000ad", in: family.folder,
            deviceFile: #"{"device": "00000000000000ad", "name": "noclock", "updated": \#(fixedNow), "retired": ["\#(daughter)"], "merged": {}}"#)
        family.dad.ok("sync")
        let status = family.dad.ok("sync", "status")
        #expect(status.contains("journal/00000000000000ac/device.json: retires \(daughter.prefix(8)) as of a change dated ahead of this machine's clock: not honoured"), "\(status)")
        #expect(status.contains("journal/00000000000000ad/device.json: retires \(daughter.prefix(8)) without saying as of which change of it: not honoured"), "\(status)")
        #expect(!status.contains("Retired, not waited for"), "\(status)")
    }

    /// Probe B6, its second half: a device file that says it holds more of this machine's
    /// changes than it ever made, or stamped further ahead than any clock it ever had, or that
    /// comes from a device with no change of its own here, is not believed (nor shown as a clock
    /// to set right); a plausible one is.
    @Test func anAbsurdHoldIsNotBelieved() throws {
        let family = Family()
        family.joined()
        family.settle()
        let dad = try #require(try syncDeviceID(family.dad.databasePath))
        // Each claimant but the last has a change of its own in the folder.
        let change = { (device: String) throws -> [String] in
            try forgedTransaction(.eventDeleted(id: UUID().uuidString.lowercased(), profileID: "dad"), device: device, clock: HybridClock.stamp(milliseconds: fixedNow - 60_000))
        }
        try plantDevice(
            "00000000000000a1", in: family.folder, lines: try change("00000000000000a1"),
            deviceFile: #"{"device": "00000000000000a1", "name": "farahead", "updated": \#(fixedNow), "merged": {}, "held": {"\#(dad)": {"operations": 1, "aheadMs": 900000000000000}}}"#)
        try plantDevice(
            "00000000000000a2", in: family.folder, lines: try change("00000000000000a2"),
            deviceFile: #"{"device": "00000000000000a2", "name": "many", "updated": \#(fixedNow), "merged": {}, "held": {"\#(dad)": {"operations": 99999, "aheadMs": 259200000}}}"#)
        try plantDevice(
            "00000000000000a3", in: family.folder, lines: try change("00000000000000a3"),
            deviceFile: #"{"device": "00000000000000a3", "name": "plausible", "updated": \#(fixedNow), "merged": {}, "held": {"\#(dad)": {"operations": 1, "aheadMs": 259200000}}}"#)
        try plantDevice(
            "00000000000000a4", in: family.folder,
            deviceFile: #"{"device": "00000000000000a4", "name": "nojournal", "updated": \#(fixedNow), "merged": {}, "held": {"\#(dad)": {"operations": 1, "aheadMs": 259200000}}}"#)
        family.dad.ok("sync")
        let status = family.dad.ok("sync", "status")
        #expect(status.contains("journal/00000000000000a1/device.json: claims this machine's changes came further ahead of its clock than any was stamped: not believed"), "\(status)")
        #expect(status.contains("journal/00000000000000a2/device.json: claims to hold more of this machine's changes than it made: not believed"), "\(status)")
        #expect(status.contains("journal/00000000000000a4/device.json: claims to hold this machine's changes, but has made no change of its own that this log holds: not believed"), "\(status)")
        let json = try JSONReader(bytes: Array(family.dad.ok("sync", "status", "--format", "json").utf8)).readValue()
        let held = try #require(json["heldElsewhere"]?.array)
        #expect(held.compactMap { $0["device"]?.string } == ["00000000000000a3"], "\(held)")
        #expect(held.first?["aheadSeconds"] == .int(259_200), "\(held)")
    }

    /// A claim is weighed at the time it was made: a device that claims another as its former
    /// id, but wrote changes of its own before that one last wrote, is not honoured; nor is a
    /// device file dated ahead of this machine's clock. The claimed machine stays shown as itself.
    @Test func aClaimIsWeighedWhenItWasMade() throws {
        let family = Family()
        family.joined()
        let daughter = try #require(try syncDeviceID(family.daughter.databasePath))
        let segment = try #require(try ownSegment(family.dad, folder: family.folder))
        let first = try #require(
            try String(contentsOfFile: segment, encoding: .utf8).split(separator: "\n").compactMap { try? JournalLine.operation(String($0)) }.first)
        // The daughter writes a minute after dad's first change, so after the claimant's.
        for harness in [family.dad, family.daughter] { harness.now = fixedNow + 60_000 }
        family.daughter.ok("-p", "dad", "add", "121/79")
        family.settle()
        let now = fixedNow + 60_000
        let early = try forgedTransaction(.eventDeleted(id: UUID().uuidString.lowercased(), profileID: "dad"), device: "00000000000000ee", clock: first.operation.clock + 1)
        try plantDevice(
            "00000000000000ee", in: family.folder, lines: early,
            deviceFile: #"{"device": "00000000000000ee", "name": "early", "updated": \#(now), "former": ["\#(daughter)"], "merged": {}}"#)
        try plantDevice(
            "00000000000000ff", in: family.folder,
            deviceFile: #"{"device": "00000000000000ff", "name": "ahead", "updated": \#(now + 86_400_000), "former": ["\#(daughter)"], "merged": {}}"#)
        family.dad.ok("sync")
        let status = family.dad.ok("sync", "status")
        #expect(status.contains("journal/00000000000000ee/device.json: claims \(daughter.prefix(8)) as a former id of its own, but \(daughter.prefix(8)) wrote after it: not honoured"), "\(status)")
        #expect(status.contains("journal/00000000000000ff/device.json: dated ahead of this machine's clock"), "\(status)")
        #expect(!status.contains("formerly \(daughter.prefix(8))"), "\(status)")
        #expect(status.contains("(\(daughter.prefix(8)))"), "the daughter's machine is no longer shown as itself: \(status)")
    }

    /// A planted device with the same first 8 digits and the same name as a real one is told
    /// apart by longer ids, in status and in `sync forget`'s refusal.
    @Test func devicesSharingTheirFirstDigitsAreToldApart() throws {
        let family = Family()
        family.joined()
        family.settle()
        let daughter = try #require(try syncDeviceID(family.daughter.databasePath))
        let twin = String(daughter.prefix(8)) + (daughter.hasSuffix("00000000") ? "11111111" : "00000000")
        let name = try #require(JSONReader(bytes: Array(family.dad.ok("sync", "status", "--format", "json").utf8)).readValue()["devices"]?.array?
            .first { $0["id"]?.string == daughter }?["name"]?.string)
        try plantDevice(twin, in: family.folder, deviceFile: #"{"device": "\#(twin)", "name": "\#(name)", "updated": 1, "merged": {}}"#)
        let status = family.dad.ok("sync", "status")
        let common = zip(daughter, twin).prefix { $0 == $1 }.count
        #expect(status.contains("(\(daughter.prefix(common + 1)))") && status.contains("(\(twin.prefix(common + 1)))"), "\(status)")
        let ambiguous = family.dad.run("sync", "forget", String(daughter.prefix(8)))
        #expect(ambiguous.status == 65, "\(ambiguous.stderr)")
        #expect(ambiguous.stderr.contains(String(daughter.prefix(common + 1))) && ambiguous.stderr.contains(String(twin.prefix(common + 1))), "\(ambiguous.stderr)")
    }

    /// A shared folder, or this device's journal folder, that others may write is named in
    /// status (never "In step"), warned about by every command, and its journal is not written
    /// again once it is set right.
    @Test func aLooseFolderIsNamedEverywhereAndNothingIsWrittenTwice() throws {
        let family = Family()
        family.joined()
        family.settle()
        let segment = try #require(try ownSegment(family.dad, folder: family.folder))
        let lines = { (try? String(contentsOfFile: segment, encoding: .utf8))?.split(separator: "\n").count ?? 0 }
        let before = lines()
        for loose in [family.folder, family.folder + "/journal"] {
            chmod(loose, 0o777)
            let status = family.dad.ok("sync", "status")
            #expect(status.contains("NOT USED") && status.contains("mode 0777") && !status.contains("In step"), "\(loose): \(status)")
            #expect(!status.contains("Waiting: some of this device's changes"), "\(loose): \(status)")
            let listed = family.dad.run("-p", "dad", "list")
            #expect(listed.status == 0 && listed.stderr.contains("the shared folder was not merged"), "\(loose): \(listed.stderr)")
            chmod(loose, 0o700)
            family.dad.ok("sync")
            #expect(lines() == before, "\(loose): the journal grew from \(before) to \(lines()) lines")
            #expect(family.dad.ok("sync", "status").contains("In step"))
        }
    }
}
