import Foundation
import HealthCore
import HealthRecords
import Testing

@Suite struct RecordStoreTests {
    @Test func readingsRoundTripAcrossReopening() throws {
        let directory = TemporaryDirectory()
        let reading = Reading(
            profileID: "dad", takenAt: shanghai("2026-11-30", 7, 45), bloodPressure: bp(138, 86), pulse: 72,
            weightGrams: 72_500, tagIDs: ["bp-med", "exercise"], note: "头有点晕, \"quoted\"\nsecond line")
        do {
            let store = try openStore(directory)
            try store.addProfile(Profile(id: "dad", name: "爸爸", birthYear: 1954, sex: .male))
            try store.add(reading)
        }
        let reopened = try openStore(directory)
        let stored = try reopened.readings()
        #expect(stored.count == 1)
        var expected = reading
        expected.createdAt = fixedNow
        expected.updatedAt = fixedNow
        #expect(stored.first == expected)
        #expect(try reopened.profile(id: "dad")?.name == "爸爸")
        #expect(try reopened.profile(id: "dad")?.target == nil)
    }

    @Test func newDatabaseHasBuiltInTagsAndPrivatePermissions() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("nested/deeper/log.sqlite")
        let store = try RecordStore.open(path: path)
        try store.addProfile(Profile(id: "me"))
        try store.add(Reading(profileID: "me", takenAt: shanghai("2026-11-30", 7, 0), pulse: 60))
        #expect(try store.tags().map(\.id) == [
            "black-coffee", "body-movement", "bp-med", "diet", "exercise", "good-sleep", "irregular-heartbeat", "possible-afib",
        ])
        #expect(try store.tag(id: "bp-med")?.labelZh == "降压药")
        let attributes = { (path: String) in
            (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(try attributes(directory.file("nested/deeper")) == 0o700)
        #expect(try attributes(directory.file("nested")) == 0o700)
        #expect(try attributes(path) == 0o600)
        #expect(try attributes(path + "-wal") == 0o600)
    }

    @Test func reopeningAppliesNoMigrationTwice() throws {
        let directory = TemporaryDirectory()
        _ = try openStore(directory)
        _ = try openStore(directory)
        let store = try openStore(directory)
        // Seeding runs with the first migration only: the built-ins are there once.
        #expect(try store.tags().count == StatusTag.builtIns.count)
    }

    @Test func removingATagDefinitionKeepsReadingsTagIDs() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        try store.addProfile(Profile(id: "dad"))
        try store.addTag(StatusTag(id: "salt", label: "salty meal", color: "#E67E22"))
        try store.add(Reading(profileID: "dad", takenAt: shanghai("2026-11-30", 7, 0), bloodPressure: bp(150, 95), tagIDs: ["salt", "bp-med"]))
        try store.removeTag(id: "salt")
        try store.updateTag(StatusTag(id: "bp-med", label: "pill", labelZh: "药", color: "#000000"))
        let reading = try #require(try store.readings().first)
        #expect(reading.tagIDs == ["salt", "bp-med"])
        #expect(try store.readings(matching: ReadingQuery(tagIDs: ["salt"])).count == 1)
        #expect(try store.undefinedTagUsage() == [UndefinedTagUsage(id: "salt", count: 1)])
        #expect(try store.tag(id: "salt") == nil)
    }

    @Test func addRefusesUndefinedTagsAndWritesNothing() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        try store.addProfile(Profile(id: "dad"))
        let reading = Reading(profileID: "dad", takenAt: shanghai("2026-11-30", 7, 0), bloodPressure: bp(150, 95), tagIDs: ["bp-mde"])
        #expect(throws: RecordsError.unknownTags(["bp-mde"], known: ["black-coffee", "body-movement", "bp-med", "diet", "exercise", "good-sleep", "irregular-heartbeat", "possible-afib"])) {
            try store.add(reading)
        }
        #expect(try store.readings().isEmpty)
    }

    @Test func profilesAreIsolated() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        try store.addProfile(Profile(id: "dad"))
        try store.addProfile(Profile(id: "mom"))
        for minute in 0..<3 {
            try store.add(Reading(profileID: "dad", takenAt: shanghai("2026-11-30", 7, minute), bloodPressure: bp(150, 95)))
        }
        try store.add(Reading(profileID: "mom", takenAt: shanghai("2026-11-30", 7, 0), bloodPressure: bp(120, 75)))
        #expect(try store.readings(matching: ReadingQuery(profileID: "dad")).map(\.systolic) == [150, 150, 150])
        #expect(try store.readings(matching: ReadingQuery(profileID: "mom")).map(\.systolic) == [120])
        #expect(try store.removeProfile(id: "dad") == 3)
        #expect(try store.readings().map(\.profileID) == ["mom"])
    }

    @Test func queriesFilterByLocalDayPeriodAndLimit() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        try store.addProfile(Profile(id: "dad"))
        let times: [(String, Int, Int)] = [
            ("2026-11-28", 21, 0), ("2026-11-29", 1, 30), ("2026-11-29", 7, 0), ("2026-11-29", 13, 0), ("2026-11-30", 7, 0),
        ]
        for (day, hour, minute) in times {
            try store.add(Reading(profileID: "dad", takenAt: shanghai(day, hour, minute), pulse: 60 + hour))
        }
        // Days are measurement days: 01:30 on the 29th is the 28th's evening reading.
        let day29 = ReadingQuery(from: CivilDate(iso: "2026-11-29"), to: CivilDate(iso: "2026-11-29"))
        #expect(try store.readings(matching: day29).map(\.pulse) == [67, 73])
        let day28 = ReadingQuery(from: CivilDate(iso: "2026-11-28"), to: CivilDate(iso: "2026-11-28"))
        #expect(try store.readings(matching: day28).map(\.pulse) == [81, 61])
        #expect(try store.readings(matching: ReadingQuery(periods: [.evening])).map(\.pulse) == [81, 61])
        #expect(try store.readings(matching: ReadingQuery(periods: [.noon])).map(\.pulse) == [73])
        #expect(try store.readings(matching: ReadingQuery(limit: 2)).map(\.pulse) == [73, 67])
    }

    @Test func findsReadingsByUniquePrefix() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        try store.addProfile(Profile(id: "dad"))
        let a = Reading(id: "abcdef00-0000-4000-8000-000000000001", profileID: "dad", takenAt: shanghai("2026-11-30", 7, 0), pulse: 60)
        let b = Reading(id: "abcdef00-0000-4000-8000-000000000002", profileID: "dad", takenAt: shanghai("2026-11-30", 8, 0), pulse: 61)
        try store.add(a)
        try store.add(b)
        #expect(try store.reading(idPrefix: "ABCDEF00-0000-4000-8000-000000000002").pulse == 61)
        let error126 = #expect(throws: RecordsError.self) {
            try store.reading(idPrefix: "abcdef")
        }
        #expect(error126?.description == "id 'abcdef' matches more than one reading; give more characters")
        #expect(throws: RecordsError.unknownReading("123456")) { try store.reading(idPrefix: "123456") }
        #expect(throws: RecordsError.self) { try store.reading(idPrefix: "abc") }
    }

    @Test func updateKeepsUndefinedTagsItAlreadyHad() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        try store.addProfile(Profile(id: "dad"))
        try store.addTag(StatusTag(id: "salt", label: "salty"))
        var reading = Reading(profileID: "dad", takenAt: shanghai("2026-11-30", 7, 0), bloodPressure: bp(150, 95), tagIDs: ["salt"])
        try store.add(reading)
        try store.removeTag(id: "salt")
        reading.bloodPressure = bp(148, 92)
        reading.tagIDs = ["salt", "exercise"]
        try store.update(reading)
        #expect(try store.readings().first?.tagIDs == ["salt", "exercise"])
        reading.tagIDs = ["salt", "nonsense"]
        #expect(throws: RecordsError.self) { try store.update(reading) }
        #expect(try store.readings().first?.tagIDs == ["salt", "exercise"])
    }
}
