import Foundation
import HealthCore
import HealthRecords
import HealthUseCases
import Testing

/// Name-based ids became real UUID version 5 (they were a 64-bit FNV hash labelled version 5).
/// Files exported before, and logs that stored the old ids, must still match: re-importing
/// adds nothing, and no stored id ever changes.
@Suite struct IdentityCompatibilityTests {
    /// The ids HealthLog 0.1.0 made from names, byte for byte: two FNV-1a hashes and a mixer.
    static func legacyID(_ name: String) -> String {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x8422_2325_CBF2_9CE4
        for byte in name.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = second &+ first >> 7
        }
        func mix(_ value: UInt64) -> UInt64 {
            var z = value &+ 0x9E37_79B9_7F4A_7C15
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        first = mix(first)
        second = mix(second ^ first)
        var bytes = withUnsafeBytes(of: first.bigEndian) { Array($0) } + withUnsafeBytes(of: second.bigEndian) { Array($0) }
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = Array(bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined())
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }.joined(separator: "-")
    }

    private func export(_ log: HealthLog, _ format: ExportFormat, to path: String) throws {
        let file = try OutputFile(path)
        _ = try log.export(format, into: file)
        try file.commit()
    }

    @Test func aFHIRFileExportedBeforeTheChangeMatchesOnReimport() throws {
        let directory = TemporaryDirectory()
        let log = makeLog(in: directory)
        _ = try log.importFile(ImportRequest(path: repositoryPath + "/Samples/family.csv"))
        let new = directory.file("new.json")
        try export(log, .fhir, to: new)
        // The same export as 0.1.0 wrote it: Patients and the extra Observations (pulse, weight)
        // under the old ids.
        let text = try String(contentsOfFile: new, encoding: .utf8)
        let profiles = try log.profiles().map(\.profile.id)
        var legacy: [String: String] = [:]
        for id in profiles { legacy[NameBasedUUID.make("patient/\(id)")] = Self.legacyID("patient/\(id)") }
        for reading in try RecordStore.open(path: directory.file("log.sqlite"), access: .readOnly).readings() {
            for kind in ["pulse", "weight"] { legacy[NameBasedUUID.make("\(reading.id)/\(kind)")] = Self.legacyID("\(reading.id)/\(kind)") }
        }
        // Every JSON string that is one of those ids, bare or as a urn:uuid:, takes the old one.
        var renamed = Set<String>()
        let parts = text.split(separator: "\"", omittingEmptySubsequences: false).map { part -> String in
            let bare = part.hasPrefix("urn:uuid:") ? String(part.dropFirst(9)) : String(part)
            guard let old = legacy[bare] else { return String(part) }
            renamed.insert(bare)
            return part.hasPrefix("urn:uuid:") ? "urn:uuid:" + old : old
        }
        #expect(profiles.allSatisfy { renamed.contains(NameBasedUUID.make("patient/\($0)")) })
        #expect(renamed.count > profiles.count, "extra Observations were renamed too")
        let old = directory.file("old.json")
        try parts.joined(separator: "\"").write(toFile: old, atomically: false, encoding: .utf8)

        // Into the log it came from: nothing new.
        let again = try log.importFile(ImportRequest(path: old))
        #expect(again.summary.added == 0)
        #expect(again.summary.createdProfiles.isEmpty)
        // Into a new log, then the new export on top: every reading once, with its own id.
        let other = HealthLog(HealthLog.Settings(databasePath: directory.file("other.sqlite"), clock: log.settings.clock, zone: log.settings.zone))
        let first = try other.importFile(ImportRequest(path: old))
        let second = try other.importFile(ImportRequest(path: new))
        #expect(first.summary.added == 424)
        #expect(second.summary.added == 0)
        let ids = Set(try RecordStore.open(path: directory.file("other.sqlite"), access: .readOnly).readings().map(\.id))
        let originals = Set(try RecordStore.open(path: directory.file("log.sqlite"), access: .readOnly).readings().map(\.id))
        #expect(ids == originals)
    }

    @Test func readingsStoredWithOldDeviceIdsKeepThemAndAreNotImportedTwice() throws {
        let directory = TemporaryDirectory()
        let omron = repositoryPath + "/Tests/HealthInterchangeTests/Fixtures/omron.csv"
        let log = makeLog(in: directory, profile: .named("dad"))
        _ = try log.importFile(ImportRequest(path: omron, zone: FixedOffsetZone(minutes: 480)))
        // The log as 0.1.0 left it: the same readings under the ids its hash made.
        let path = directory.file("log.sqlite")
        let stored = try RecordStore.open(path: path).readings()
        #expect(!stored.isEmpty)
        let oldLog = directory.file("old.sqlite")
        let store = try RecordStore.open(path: oldLog, clock: log.settings.clock)
        try store.addProfile(Profile(id: "dad"))
        let legacy = stored.map { reading -> Reading in
            var old = reading
            old.id = Self.legacyID("omron/\(reading.id)")
            return old
        }
        _ = try store.importReadings(legacy, matching: .sameID)
        let before = try store.readings().map(\.id)
        let session = HealthLog(
            HealthLog.Settings(databasePath: oldLog, profile: .named("dad"), clock: log.settings.clock, zone: log.settings.zone))
        let report = try session.importFile(ImportRequest(path: omron, zone: FixedOffsetZone(minutes: 480)))
        #expect(report.summary.added == 0)
        #expect(report.summary.duplicates == stored.count)
        #expect(try RecordStore.open(path: oldLog, access: .readOnly).readings().map(\.id) == before)
    }
}
