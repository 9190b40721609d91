import Foundation
import HealthInterchange
import HealthCore
import HealthRecords
import Testing

/// Export from one real store, import into a fresh one, and compare field by field.
@Suite struct RoundTripTests {
    private func sampleStore(_ directory: TemporaryDirectory, name: String = "a.sqlite") throws -> RecordStore {
        let store = try RecordStore.open(path: directory.file(name), clock: { fixedNow })
        try store.addProfile(Profile(id: "dad", name: "爸爸", birthYear: 1954, sex: .male, target: BloodPressure(systolic: 130, diastolic: 80)))
        try store.addProfile(Profile(id: "mom", name: "妈妈"))
        try store.addTag(StatusTag(id: "salt", label: "salty meal", labelChinese: "咸食", color: "#E67E22", symbol: "salt"))
        let base = ZonedInstant(iso8601: "2026-11-01T07:00:00+08:00")!
        for index in 0..<30 {
            try store.add(Reading(
                profileID: index % 3 == 0 ? "mom" : "dad",
                takenAt: ZonedInstant(utcSeconds: base.utcSeconds + Int64(index) * 43_200, offsetMinutes: index % 5 == 0 ? -300 : 480),
                bloodPressure: index % 4 == 3 ? nil : BloodPressure(systolic: 120 + index, diastolic: 75 + index % 10),
                pulse: index % 2 == 0 ? 60 + index : nil, weightGrams: index % 4 == 3 ? 78_125 : nil,
                tagIDs: index % 3 == 1 ? ["bp-med", "salt"] : [], note: index % 7 == 0 ? "头晕, \"note\"\nline 2" : ""))
        }
        return store
    }

    private func roundTrip(
        _ export: (RecordStore) throws -> [UInt8], format: InterchangeFormat, keepsTimestamps: Bool, carriesProfiles: Bool = true
    ) throws {
        let directory = TemporaryDirectory()
        let source = try sampleStore(directory)
        let file = directory.write("export", try export(source))
        let target = try RecordStore.open(path: directory.file("b.sqlite"), clock: { fixedNow + 5_000 })
        let decoded = try InterchangeImporter.decode(format, settings(file, profile: nil))
        #expect(decoded.problems.isEmpty)
        let summary = try target.importReadings(decoded.readings, profiles: decoded.profiles, tags: decoded.tags, mergeNewer: decoded.mergesByID)
        #expect(summary.added == 30)
        let before = try source.readings()
        let after = try target.readings()
        #expect(after.count == before.count)
        for (a, b) in zip(before, after) {
            #expect(a.id == b.id)
            #expect(a.hasSameValues(as: b), "\(a) != \(b)")
            if keepsTimestamps { #expect(a.updatedAt == b.updatedAt) }
        }
        if carriesProfiles {
            #expect(try target.profiles().map(\.name) == ["爸爸", "妈妈"])
            #expect(try target.profile(id: "dad")?.target == BloodPressure(systolic: 130, diastolic: 80))
            #expect(try target.profile(id: "dad")?.birthYear == 1954)
        }
        // Importing the same file again changes nothing.
        let again = try target.importReadings(decoded.readings, profiles: decoded.profiles, tags: decoded.tags, mergeNewer: decoded.mergesByID)
        #expect(again.added == 0 && again.updated == 0 && again.duplicates == 30 && again.conflicts.isEmpty)
    }

    @Test func jsonRoundTripsEverything() throws {
        try roundTrip({ store in
            JSONBackup.encode(profiles: try store.profiles(), tags: try store.tags(), readings: try store.readings(), exportedAt: fixedNow)
        }, format: .json, keepsTimestamps: true)
        // Tag definitions travel too.
        let directory = TemporaryDirectory()
        let source = try sampleStore(directory)
        let file = directory.write("b.json", JSONBackup.encode(profiles: try source.profiles(), tags: try source.tags(), readings: [], exportedAt: fixedNow))
        let decoded = try InterchangeImporter.decode(.json, settings(file, profile: nil))
        #expect(decoded.tags.first { $0.id == "salt" } == StatusTag(id: "salt", label: "salty meal", labelChinese: "咸食", color: "#E67E22", symbol: "salt"))
    }

    @Test func fhirRoundTripsEverything() throws {
        try roundTrip({ store in
            FHIRExport.encode(profiles: try store.profiles(), readings: try store.readings(), exportedAt: ZonedInstant(iso8601: "2026-11-30T08:00:00+08:00")!)
        }, format: .fhir, keepsTimestamps: false)
    }

    @Test func csvRoundTripsEveryReadingField() throws {
        try roundTrip({ store in Array(ReadingCSVCodec.encode(try store.readings()).utf8) }, format: .csv, keepsTimestamps: false, carriesProfiles: false)
    }

    @Test func mergingTwoDivergedLogs() throws {
        let directory = TemporaryDirectory()
        // Machine A, then machine B starting from A's backup.
        _ = try sampleStore(directory, name: "a.sqlite")
        let backup = try exportBackup(directory, "a.sqlite", to: "a0.json")
        let machineB = try RecordStore.open(path: directory.file("b.sqlite"), clock: { fixedNow + 1_000 })
        _ = try importBackup(backup, into: machineB)
        let shared = try machineB.readings()

        // Both diverge. A: a new reading, and an edit of shared[0] at +10 s.
        let machineA = try RecordStore.open(path: directory.file("a.sqlite"), clock: { fixedNow + 10_000 })
        try machineA.add(Reading(profileID: "dad", takenAt: ZonedInstant(iso8601: "2026-11-29T07:00:00+08:00")!, bloodPressure: BloodPressure(systolic: 150, diastolic: 95)))
        var editA = shared[0]
        editA.note = "edited on A"
        try machineA.update(editA)
        // B, later (+20 s): its own edit of shared[0], an edit of shared[1], and two new readings.
        let laterB = try RecordStore.open(path: directory.file("b.sqlite"), clock: { fixedNow + 20_000 })
        var editB0 = shared[0]
        editB0.note = "edited on B, later"
        try laterB.update(editB0)
        var editB1 = shared[1]
        editB1.pulse = 99
        try laterB.update(editB1)
        try laterB.add(Reading(profileID: "mom", takenAt: ZonedInstant(iso8601: "2026-11-29T08:00:00+08:00")!, pulse: 70))
        try laterB.add(Reading(profileID: "mom", takenAt: ZonedInstant(iso8601: "2026-11-29T20:00:00+08:00")!, pulse: 71))

        // A's backup into B: B gains A's new reading; B's newer edits stand, each conflict reported.
        let intoB = try importBackup(try exportBackup(directory, "a.sqlite", to: "a1.json"), into: laterB)
        #expect(intoB.added == 1)
        #expect(intoB.updated == 0)
        #expect(Set(intoB.conflicts) == [
            "reading \(shared[0].id.prefix(8)): the stored version is newer and was kept",
            "reading \(shared[1].id.prefix(8)): the stored version is newer and was kept",
        ])
        // B's backup into A: A gains B's two readings and takes B's newer edits.
        let intoA = try importBackup(try exportBackup(directory, "b.sqlite", to: "b1.json"), into: machineA)
        #expect(intoA.added == 2)
        #expect(intoA.updated == 2)
        // Both machines now hold the same union, 33 readings, with B's edits.
        let unionA = try machineA.readings()
        let unionB = try laterB.readings()
        #expect(unionA.count == 33)
        #expect(unionA.map(\.id) == unionB.map(\.id))
        #expect(zip(unionA, unionB).allSatisfy { $0.hasSameValues(as: $1) })
        #expect(unionA.first { $0.id == shared[0].id }?.note == "edited on B, later")
        #expect(unionA.first { $0.id == shared[1].id }?.pulse == 99)
        // Importing the same backup again changes nothing.
        let again = try importBackup(directory.file("b1.json"), into: machineA)
        #expect(again.added == 0 && again.updated == 0 && again.conflicts.isEmpty)
    }

    private func exportBackup(_ directory: TemporaryDirectory, _ database: String, to name: String) throws -> String {
        let store = try RecordStore.open(path: directory.file(database))
        return directory.write(name, JSONBackup.encode(profiles: try store.profiles(), tags: try store.tags(), readings: try store.readings(), exportedAt: fixedNow))
    }

    private func importBackup(_ path: String, into store: RecordStore) throws -> ImportSummary {
        let decoded = try InterchangeImporter.decode(.json, settings(path, profile: nil))
        #expect(decoded.problems.isEmpty)
        return try store.importReadings(decoded.readings, profiles: decoded.profiles, tags: decoded.tags, mergeNewer: decoded.mergesByID)
    }
}

extension Reading {
    func hasSameValues(as other: Reading) -> Bool {
        profileID == other.profileID && takenAt == other.takenAt && takenAt.offsetMinutes == other.takenAt.offsetMinutes
            && bloodPressure == other.bloodPressure && pulse == other.pulse && weightGrams == other.weightGrams
            && tagIDs == other.tagIDs && note == other.note
    }
}
