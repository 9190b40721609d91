import Foundation
import HealthCore
import HealthInterchange
import HealthRecords
import Testing

/// Export from one real store, import into a fresh one through the library call `import` makes,
/// and compare field by field.
@Suite struct RoundTripTests {
    private func sampleStore(_ directory: TemporaryDirectory, name: String = "a.sqlite") throws -> RecordStore {
        let store = try RecordStore.open(path: directory.file(name), clock: { fixedNow })
        try store.addProfile(Profile(id: "dad", name: "爸爸", birthYear: 1954, sex: .male, target: BloodPressure(systolic: 130, diastolic: 80)))
        try store.addProfile(Profile(id: "mom", name: "妈妈"))
        try store.addTag(StatusTag(id: "salt", label: "salty meal", labelZh: "咸食", color: "#E67E22", symbol: "salt"))
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

    private static func export(_ format: InterchangeFormat, _ store: RecordStore) throws -> [UInt8] {
        switch format {
        case .json:
            JSONBackup.encode(
                profiles: try store.profiles(), tags: try store.tags(), events: try store.events(), readings: try store.readings(),
                exportedAt: fixedNow)
        case .fhir:
            FHIRExport.encode(
                profiles: try store.profiles(), events: try store.events(), readings: try store.readings(),
                exportedAt: ZonedInstant(iso8601: "2026-11-30T08:00:00+08:00")!)
        default: Array(ReadingCSVCodec.encode(try store.readings()).utf8)
        }
    }

    @Test(arguments: [InterchangeFormat.json, .fhir, .csv])
    func everyFormatRoundTripsEveryReading(format: InterchangeFormat) throws {
        let directory = TemporaryDirectory()
        let source = try sampleStore(directory)
        let file = directory.write("export", try RoundTripTests.export(format, source))
        let target = directory.file("b.sqlite")
        let report = try importFile(file, into: target, now: fixedNow + 5_000)
        #expect(report.format == format && report.outcome.problems.isEmpty)
        #expect(report.summary.added == 30)
        let before = try source.readings()
        let after = try RecordStore.open(path: target).readings()
        #expect(after.count == before.count)
        for (a, b) in zip(before, after) {
            #expect(a.id == b.id)
            #expect(a.hasSameValues(as: b), "\(a) != \(b)")
            if format == .json { #expect(a.updatedAt == b.updatedAt && a.createdAt == b.createdAt) }
        }
        if format != .csv {
            let profiles = try RecordStore.open(path: target).profiles()
            #expect(profiles.map(\.name) == ["爸爸", "妈妈"])
            #expect(profiles.first?.target == BloodPressure(systolic: 130, diastolic: 80))
            #expect(profiles.first?.birthYear == 1954)
        }
        // Importing the same file again changes nothing.
        let again = try importFile(file, into: target, now: fixedNow + 9_000).summary
        #expect(again.added == 0 && again.updated == 0 && again.duplicates == 30 && again.conflicts.isEmpty)
    }

    @Test func tagDefinitionsTravelInTheBackup() throws {
        let directory = TemporaryDirectory()
        let source = try sampleStore(directory)
        let file = directory.write("b.json", JSONBackup.encode(profiles: try source.profiles(), tags: try source.tags(), readings: [], exportedAt: fixedNow))
        #expect(try read(file, profile: nil).tags.first { $0.id == "salt" } == StatusTag(id: "salt", label: "salty meal", labelZh: "咸食", color: "#E67E22", symbol: "salt"))
    }

    /// Two real readings with the same minute and values (people measure twice) both survive a
    /// backup: records with HealthLog's ids are matched by id, never by their values.
    @Test(arguments: [InterchangeFormat.json, .fhir, .csv])
    func twoIdenticalReadingsBothComeBack(format: InterchangeFormat) throws {
        let directory = TemporaryDirectory()
        let source = try RecordStore.open(path: directory.file("a.sqlite"), clock: { fixedNow })
        try source.addProfile(Profile(id: "me"))
        let when = ZonedInstant(iso8601: "2026-11-29T08:00:00+08:00")!
        try source.add(Reading(profileID: "me", takenAt: when, bloodPressure: bp(120, 80)))
        try source.add(Reading(profileID: "me", takenAt: when, bloodPressure: bp(120, 80)))
        let file = directory.write("export", try RoundTripTests.export(format, source))
        let report = try importFile(file, into: directory.file("b.sqlite"))
        #expect(report.summary.added == 2 && report.summary.duplicates == 0)
        #expect(Set(try RecordStore.open(path: directory.file("b.sqlite")).readings().map(\.id)) == Set(try source.readings().map(\.id)))
    }

    /// The property: for generated logs of every shape, an export in each format imported into
    /// an empty log gives back every reading with its id and every field, and importing the
    /// same file again adds nothing.
    @Test(arguments: [InterchangeFormat.csv, .json, .fhir])
    func generatedLogsSurviveEveryFormat(format: InterchangeFormat) throws {
        let logs = ProcessInfo.processInfo.environment["HEALTHLOG_SOAK"] == "1" ? 2_000 : 100
        for seed in 0..<logs {
            let directory = TemporaryDirectory()
            var generator = SplitMixGenerator(seed: UInt64(seed) &* 7919 &+ 17)
            let source = try GeneratedLog.make(in: directory.file("a.sqlite"), using: &generator)
            let file = directory.write("export", try RoundTripTests.export(format, source))
            let target = directory.file("b.sqlite")
            let first = try importFile(file, into: target, now: fixedNow + 60_000)
            let before = try source.readings()
            let after = try RecordStore.open(path: target).readings()
            #expect(first.outcome.problems.isEmpty, "seed \(seed): \(first.outcome.problems)")
            #expect(first.summary.added == before.count, "seed \(seed) \(format)")
            let byID = Dictionary(uniqueKeysWithValues: after.map { ($0.id, $0) })
            for reading in before {
                let back = byID[reading.id]
                #expect(back.map { reading.hasSameValues(as: $0) } == true, "seed \(seed) \(format): \(reading) came back as \(String(describing: back))")
            }
            if format != .csv {
                // Events travel in the backup and in FHIR, with every field.
                let events = try source.events()
                #expect(first.summary.eventsAdded == events.count, "seed \(seed) \(format)")
                #expect(try RecordStore.open(path: target).events().map(\.sameContent) == events.map(\.sameContent), "seed \(seed) \(format)")
            }
            let again = try importFile(file, into: target, now: fixedNow + 90_000).summary
            #expect(again.added == 0 && again.updated == 0 && again.conflicts.isEmpty, "seed \(seed) \(format): \(again)")
            #expect(again.eventsAdded == 0 && again.eventsUpdated == 0, "seed \(seed) \(format): \(again)")
            #expect(try RecordStore.open(path: target).readings().count == before.count)
        }
    }

    @Test func mergingTwoDivergedLogs() throws {
        let directory = TemporaryDirectory()
        // Machine A, then machine B starting from A's backup.
        _ = try sampleStore(directory, name: "a.sqlite")
        let backup = try exportBackup(directory, "a.sqlite", to: "a0.json")
        let machineB = try RecordStore.open(path: directory.file("b.sqlite"), clock: { fixedNow + 1_000 })
        _ = try importBackup(backup, into: directory.file("b.sqlite"), at: fixedNow + 1_000)
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
        let intoB = try importBackup(try exportBackup(directory, "a.sqlite", to: "a1.json"), into: directory.file("b.sqlite"), at: fixedNow + 30_000)
        #expect(intoB.added == 1)
        #expect(intoB.updated == 0)
        #expect(Set(intoB.conflicts) == [
            "reading \(shared[0].id.prefix(8)): the stored version is newer and was kept",
            "reading \(shared[1].id.prefix(8)): the stored version is newer and was kept",
        ])
        // B's backup into A: A gains B's two readings and takes B's newer edits.
        let intoA = try importBackup(try exportBackup(directory, "b.sqlite", to: "b1.json"), into: directory.file("a.sqlite"), at: fixedNow + 30_000)
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
        let again = try importBackup(directory.file("b1.json"), into: directory.file("a.sqlite"), at: fixedNow + 40_000)
        #expect(again.added == 0 && again.updated == 0 && again.conflicts.isEmpty)
    }

    private func exportBackup(_ directory: TemporaryDirectory, _ database: String, to name: String) throws -> String {
        let store = try RecordStore.open(path: directory.file(database))
        return directory.write(name, JSONBackup.encode(profiles: try store.profiles(), tags: try store.tags(), readings: try store.readings(), exportedAt: fixedNow))
    }

    private func importBackup(_ path: String, into database: String, at now: Int64) throws -> ImportSummary {
        let report = try importFile(path, into: database, now: now)
        #expect(report.outcome.problems.isEmpty)
        return report.summary
    }
}

/// Logs of every shape for the round-trip property: several profiles, same-minute repeats,
/// readings with any mix of values, tags including undefined ones, notes with line breaks,
/// quotes and commas, and several UTC offsets.
enum GeneratedLog {
    static let offsets = [480, -300, 0, 330, -600, 60, 840, -720]
    static let notes = [
        "", "头晕", "line one\nline two", "say \"hi\", then sit", "crlf\r\nend", "  spaced  ", "🩺💊", "a,b,c", "\"\"",
        "tab\there", "'); DROP TABLE readings;--",
    ]

    static func make(in path: String, using generator: inout SplitMixGenerator) throws -> RecordStore {
        let store = try RecordStore.open(path: path, clock: { fixedNow })
        let profileCount = Int(generator.next() % 3) + 1
        let names = ["爸爸", "Mom \"Mary\"", "kid, the younger", "李 伟"]
        for index in 0..<profileCount {
            try store.addProfile(Profile(id: "p\(index)", name: names[index], birthYear: index == 0 ? 1950 : nil))
        }
        try store.addTag(StatusTag(id: "ghost", label: "to be removed"))
        let tagPool = ["bp-med", "exercise", "ghost", "diet"]
        let count = Int(generator.next() % 30) + 1
        var previous: Reading?
        for _ in 0..<count {
            let offset = offsets[Int(generator.next() % UInt64(offsets.count))]
            var reading: Reading
            if let earlier = previous, generator.next() % 5 == 0 {
                // Measured twice: the same profile, minute and values, another reading.
                reading = earlier
                reading.id = Reading.newID()
            } else {
                let minutes = Int64(generator.next() % (400 * 1440))
                let takenAt = ZonedInstant(utcSeconds: 1_760_000_000 + minutes * 60 + Int64(generator.next() % 60), offsetMinutes: offset)
                let shape = generator.next() % 5
                let systolic = 95 + Int(generator.next() % 90)
                reading = Reading(
                    profileID: "p\(generator.next() % UInt64(profileCount))", takenAt: takenAt,
                    bloodPressure: shape == 2 || shape == 3 ? nil : BloodPressure(systolic: systolic, diastolic: systolic - 30 - Int(generator.next() % 20)),
                    pulse: shape == 0 || shape == 2 || shape == 4 ? 45 + Int(generator.next() % 80) : nil,
                    weightGrams: shape == 3 || shape == 4 ? 40_000 + Int(generator.next() % 80_000) : nil,
                    tagIDs: tagPool.filter { _ in generator.next() % 4 == 0 },
                    note: notes[Int(generator.next() % UInt64(notes.count))],
                    site: generator.next() % 4 == 0 ? .office : .home)
            }
            try store.add(reading)
            previous = reading
        }
        for _ in 0..<Int(generator.next() % 4) {
            let minutes = Int64(generator.next() % (400 * 1440))
            try store.addEvent(Event(
                profileID: "p\(generator.next() % UInt64(profileCount))",
                at: ZonedInstant(utcSeconds: 1_760_000_000 + minutes * 60, offsetMinutes: offsets[Int(generator.next() % UInt64(offsets.count))]),
                kind: EventKind.allCases[Int(generator.next() % 3)],
                text: ["amlodipine 5 mg started", "停用氢氯噻嗪", "less salt, \"really\"\nline 2"][Int(generator.next() % 3)]))
        }
        // History keeps a tag whose definition is gone.
        try store.removeTag(id: "ghost")
        return store
    }
}

extension Reading {
    func hasSameValues(as other: Reading) -> Bool {
        profileID == other.profileID && takenAt == other.takenAt && takenAt.offsetMinutes == other.takenAt.offsetMinutes
            && bloodPressure == other.bloodPressure && pulse == other.pulse && weightGrams == other.weightGrams
            && tagIDs == other.tagIDs && note == other.note && site == other.site
    }
}

extension Event {
    /// Everything but the timestamps, with the offset, for comparing a round trip.
    var sameContent: String { "\(id) \(profileID) \(at.iso8601) \(kind.rawValue) \(text)" }
}
