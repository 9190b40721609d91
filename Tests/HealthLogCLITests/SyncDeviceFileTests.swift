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
        let json = try #require(try JSONReader(bytes: Array(family.daughter.ok("sync", "status", "--format", "json").utf8)).readValue())
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
