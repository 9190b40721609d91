import HealthCore
@testable import HealthRecords
import Testing

/// The in-memory keys an import finds duplicates by: values and UTC minute, and for files
/// without offsets also values and wall-clock minute; stored readings are loaded as batches
/// widen the span.
@Suite struct DuplicateIndexTests {
    private func index(_ store: RecordStore) throws -> DuplicateIndex { try DuplicateIndex(database: store.database) }

    @Test func findsStoredReadingsByValuesAndMinute() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        try store.addProfile(Profile(id: "dad"))
        let stored = Reading(profileID: "dad", takenAt: shanghai("2026-11-29", 8, 0), bloodPressure: bp(130, 80), pulse: 70)
        try store.add(stored)
        var index = try index(store)
        var sameMinute = stored
        sameMinute.id = Reading.newID()
        sameMinute.takenAt = ZonedInstant(utcSeconds: stored.takenAt.utcSeconds + 42, offsetMinutes: 480)
        try index.cover([IncomingReading(sameMinute, rule: .sameValues)])
        #expect(index.contains(sameMinute, localTime: false))
        var otherPulse = sameMinute
        otherPulse.pulse = 71
        #expect(!index.contains(otherPulse, localTime: false))
        var nextMinute = sameMinute
        nextMinute.takenAt = ZonedInstant(utcSeconds: stored.takenAt.utcSeconds + 60, offsetMinutes: 480)
        #expect(!index.contains(nextMinute, localTime: false))
    }

    @Test func theWallClockKeyFindsTheSameFileReadInAnotherZone() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        try store.addProfile(Profile(id: "dad"))
        let stored = Reading(profileID: "dad", takenAt: shanghai("2026-11-20", 8, 0), bloodPressure: bp(130, 80))
        try store.add(stored)
        var elsewhere = stored
        elsewhere.id = Reading.newID()
        elsewhere.takenAt = ZonedInstant(date: CivilDate(iso: "2026-11-20")!, hour: 8, minute: 0, offsetMinutes: -300)
        var index = try index(store)
        try index.cover([IncomingReading(elsewhere, rule: .sameValuesOrLocalTime)])
        #expect(index.contains(elsewhere, localTime: true))
        #expect(!index.contains(elsewhere, localTime: false))
    }

    @Test func readingsTheImportAddsAreKnownAndAReplacedOneIsForgotten() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        var index = try index(store)
        let first = Reading(profileID: "mom", takenAt: shanghai("2026-11-29", 7, 0), pulse: 60)
        try index.cover([IncomingReading(first, rule: .sameValues)])
        #expect(!index.contains(first, localTime: false))
        index.add(first)
        #expect(index.contains(first, localTime: false))
        var edited = first
        edited.pulse = 61
        index.replace(first, with: edited)
        #expect(index.contains(edited, localTime: false))
        #expect(!index.contains(first, localTime: false))
    }
}
