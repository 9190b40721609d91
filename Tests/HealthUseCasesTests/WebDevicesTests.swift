import Foundation
import HealthCore
import HealthRecords
import HealthUseCases
import Testing

/// Pairing the family's page: one-time codes that run out, tokens kept only as hashes, revoking,
/// and what a restore and family sync do (and do not do) to the devices.
@Suite struct WebDevicesTests {
    let folder = TemporaryDirectory()

    /// A session on the log whose clock reads `now`.
    func log(_ now: String = "2026-11-30T08:00:00+08:00") -> HealthLog { makeLog(in: folder, now: now) }

    init() throws {
        try log().addProfile(Profile(id: "dad", name: "爸爸"))
        try log().addProfile(Profile(id: "mom", name: "妈妈"))
    }

    @Test func aCodeWorksOnceForTenMinutes() throws {
        let invitation = try log().invitePairing(name: "Dad's phone", grants: ["dad": .add])
        #expect(invitation.code.count == 10 && PairingCode.normalized(invitation.code) == invitation.code)
        #expect(try log("2026-11-30T08:09:59+08:00").pendingPairing(code: invitation.code)?.name == "Dad's phone")
        #expect(try log("2026-11-30T08:10:00+08:00").completePairing(code: invitation.code) == nil, "run out at 10 minutes")

        let second = try log().invitePairing(name: "Mom's phone", grants: ["mom": .view])
        let paired = try #require(try log("2026-11-30T08:05:00+08:00").completePairing(code: second.code))
        #expect(paired.device.name == "Mom's phone" && paired.device.grants == ["mom": .view] && paired.device.isPaired)
        #expect(try log("2026-11-30T08:06:00+08:00").completePairing(code: second.code) == nil, "used once")
        #expect(try log().pairedDevice(token: paired.token)?.name == "Mom's phone")
    }

    @Test func aTypedCodeIsReadAsTheCodeMadeIt() throws {
        let code = try log().invitePairing(name: nil, grants: ["dad": .add]).code
        let typed = PairingCode.grouped(code).lowercased()
        #expect(typed.count == 12 && typed.contains("-"))
        #expect(try log().pendingPairing(code: " " + typed + " ") != nil)
        #expect(PairingCode.normalized("OIL0000000") == "0110000000")
        #expect(PairingCode.normalized("UUUU000000") == nil, "U is not in the alphabet")
        #expect(PairingCode.normalized("12345") == nil)
    }

    @Test func theLogKeepsOnlyHashes() throws {
        let invitation = try log().invitePairing(name: "Dad's phone", grants: ["dad": .add])
        let paired = try #require(try log().completePairing(code: invitation.code))
        let dump = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder.path + "/log.sqlite")), as: UTF8.self)
            + (String(data: (try? Data(contentsOf: URL(fileURLWithPath: folder.path + "/log.sqlite-wal"))) ?? Data(), encoding: .isoLatin1) ?? "")
        #expect(!dump.contains(paired.token) && !dump.contains(invitation.code))
        #expect(dump.contains(SHA256.hex(Array(paired.token.utf8))))
        #expect(try log().pairedDevice(token: String(paired.token.dropLast()) + "0") == nil || paired.token.hasSuffix("0"))
        #expect(try log().pairedDevice(token: "not hex") == nil)
    }

    @Test func aDefaultNameIsFreeAndNamesAreUnique() throws {
        #expect(try log().invitePairing(name: nil, grants: ["dad": .add]).device.name == "dad-phone")
        #expect(try log().invitePairing(name: nil, grants: ["dad": .add]).device.name == "dad-phone-2")
        #expect(throws: HealthLogError.self) { try log().invitePairing(name: "dad-phone", grants: ["mom": .view]) }
        #expect(throws: HealthLogError.self) { try log().invitePairing(name: "x", grants: ["ghost": .view]) }
        #expect(throws: HealthLogError.self) { try log().invitePairing(name: "bell\u{7}", grants: ["dad": .view]) }
        #expect(throws: HealthLogError.self) { try log().invitePairing(name: "nobody", grants: [:]) }
    }

    @Test func revokingEndsTheDeviceAtOnce() throws {
        let paired = try #require(try log().completePairing(code: try log().invitePairing(name: "spare", grants: ["dad": .manage]).code))
        let running = log()
        #expect(try running.pairedDevice(token: paired.token) != nil)
        try log().revokeDevice(named: "spare")
        #expect(try running.pairedDevice(token: paired.token) == nil, "a session opened before the revoke sees it")
        #expect(throws: HealthLogError.self) { try log().revokeDevice(named: "spare") }
        #expect(try log().pairedDevices().isEmpty)
    }

    @Test func lastSeenIsKeptToTheMinute() throws {
        let paired = try #require(try log().completePairing(code: try log().invitePairing(name: "p", grants: ["dad": .view]).code))
        let seen = { (now: String) throws -> Int64? in try self.log(now).pairedDevice(token: paired.token)?.lastSeenAt }
        let first = try seen("2026-11-30T08:00:30+08:00")
        #expect(try seen("2026-11-30T08:00:50+08:00") == first, "not written again within the minute")
        #expect(try seen("2026-11-30T08:02:00+08:00") == at("2026-11-30T08:02:00+08:00").utcSeconds * 1000)
    }

    @Test func aRestoreNeverBringsARevokedDeviceBackNorLocksAPairedOneOut() throws {
        let revoked = try #require(try log().completePairing(code: try log().invitePairing(name: "old", grants: ["dad": .add]).code))
        let backup = folder.path + "/backup.sqlite"
        try log().backup(to: backup)
        try log().revokeDevice(named: "old")
        let paired = try #require(try log().completePairing(code: try log().invitePairing(name: "new", grants: ["dad": .add]).code))
        _ = try log().restore(from: backup)
        #expect(try log().pairedDevice(token: revoked.token) == nil)
        #expect(try log().pairedDevice(token: paired.token)?.name == "new")
    }

    @Test func aRemovedProfileGrantsNothing() throws {
        let paired = try #require(try log().completePairing(code: try log().invitePairing(name: "both", grants: ["dad": .add, "mom": .view]).code))
        _ = try log().removeProfile("mom")
        #expect(try log().pairedDevice(token: paired.token)?.grants == ["dad": .add])
    }

    @Test func pairingIsNeverJournaledForTheOtherMachines() throws {
        let shared = folder.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        _ = try log().syncInit(folder: shared + "/healthlog")
        let journal = { () throws -> String in
            // Every file the machines share, as it reads.
            let files = (FileManager.default.enumerator(atPath: shared)?.compactMap { $0 as? String } ?? []).sorted()
            return files.compactMap { try? String(contentsOfFile: shared + "/" + $0, encoding: .utf8) }.joined()
        }
        let before = try journal()
        #expect(before.contains("\"profile\""), "the journal holds the profiles")
        let paired = try #require(try log().completePairing(code: try log().invitePairing(name: "Dad's phone", grants: ["dad": .add]).code))
        _ = try log().pairedDevice(token: paired.token)
        try log().revokeDevice(named: "Dad's phone")
        #expect(try journal() == before, "no device, code or token in the shared journal")
        _ = try makeLog(in: folder, profile: .named("dad"), namedProfile: "dad").add(ReadingEntry(bloodPressure: bp(130, 80)))
        #expect(try journal().count > before.count, "a reading is journaled, the journal is being written")
    }
}
