import HealthCore
import HealthRecords
import Testing

@Suite struct ImportTests {
    private func sample(_ count: Int, profile: String = "dad") -> [Reading] {
        (0..<count).map { index in
            Reading(profileID: profile, takenAt: shanghai("2026-11-30", 0, 0).adding(minutes: index * 7), bloodPressure: bp(130 + index % 20, 80), tagIDs: index % 2 == 0 ? ["bp-med"] : ["old-tag"])
        }
    }

    @Test func importIsIdempotent() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        let readings = sample(50)
        let first = try store.importReadings(readings, matching: .sameValues)
        #expect(first.added == 50)
        #expect(first.createdProfiles == ["dad"])
        #expect(first.undefinedTags == ["old-tag"])
        let again = try store.importReadings(readings, matching: .sameValues)
        #expect(again.added == 0)
        #expect(again.duplicates == 50)
        // Same profile, minute and values under new ids are duplicates too.
        let renamed = readings.map { reading in
            var copy = reading
            copy.id = Reading.newID()
            return copy
        }
        #expect(try store.importReadings(renamed, matching: .sameValues).duplicates == 50)
        #expect(try store.readings().count == 50)
    }

    @Test func overlappingImportsFindDuplicatesInTheStoreAndInTheFile() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        let all = sample(30)
        #expect(try store.importReadings(Array(all[10..<20]), matching: .sameValues).added == 10)
        // Rows before, inside and after the stored span, plus a repeat of a new row within the file.
        var batch = all
        var repeated = all[25]
        repeated.id = Reading.newID()
        batch.append(repeated)
        let summary = try store.importReadings(batch, matching: .sameValues)
        #expect(summary.added == 20)
        #expect(summary.duplicates == 11)
        #expect(try store.readings().count == 30)
    }

    @Test func anInvalidReadingImportsNothing() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        var readings = sample(10)
        readings[7].pulse = 400
        let error54 = #expect(throws: RecordsError.self) { try store.importReadings(readings, matching: .sameValues) }
        #expect(error54?.description == "pulse 400 is out of range (20–250 bpm)")
        #expect(try store.readings().isEmpty)
        #expect(try store.profiles().isEmpty)
    }

    /// Batches arrive one by one: each widens the span of stored readings compared against,
    /// on both sides, and a repeat in a later batch of a row from an earlier one is caught.
    @Test func batchesFindDuplicatesAcrossBatchesAndTheStore() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        let all = sample(60)
        #expect(try store.importReadings(Array(all[0..<5]) + Array(all[55..<60]), matching: .sameValues).added == 10)
        var repeated = all[25]
        repeated.id = Reading.newID()
        var batches = [Array(all[20..<30]), Array(all[0..<20]), Array(all[30..<60]) + [repeated]]
        let summary = try store.importBatches({ batches.isEmpty ? nil : try ImportBatch(readings: batches.removeFirst().map { IncomingReading($0, rule: .sameValues) }) })
        #expect(summary.added == 50)
        #expect(summary.duplicates == 11)
        #expect(try store.readings().map(\.id) == all.map(\.id))
    }

    /// Whatever stops the batches, the readings of earlier batches are rolled back too.
    @Test func aFailingBatchRollsBackTheEarlierOnes() throws {
        struct SourceBroke: Error, Equatable {}
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        var batches = [sample(10), []]
        #expect(throws: SourceBroke()) {
            try store.importBatches({
                guard !batches.isEmpty else { throw SourceBroke() }
                return try ImportBatch(readings: batches.removeFirst().map { IncomingReading($0, rule: .sameValues) })
            })
        }
        var invalid = sample(20)
        invalid[15].pulse = 400
        var invalidBatches = [Array(invalid[0..<10]), Array(invalid[10..<20])]
        let error90 = #expect(throws: ValidationError.self) {
            try store.importBatches({
                invalidBatches.isEmpty ? nil : try ImportBatch(readings: invalidBatches.removeFirst().map { IncomingReading($0, rule: .sameValues) })
            })
        }
        #expect(error90?.description == "pulse 400 is out of range (20–250 bpm)")
        #expect(try store.readings().isEmpty)
        #expect(try store.profiles().isEmpty)
    }

    /// HealthLog's own records are matched by id only: two real readings with the same minute
    /// and values under two ids both come back, and the same ids again add nothing.
    @Test func ownRecordsAreMatchedByIDOnly() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        let first = Reading(profileID: "dad", takenAt: shanghai("2026-11-29", 8, 0), bloodPressure: bp(120, 80))
        var second = first
        second.id = Reading.newID()
        let summary = try store.importReadings([first, second], matching: .sameID)
        #expect(summary.added == 2)
        #expect(try store.importReadings([first, second], matching: .sameID).duplicates == 2)
        #expect(try store.readings().count == 2)
        // The same id with other values is a conflict; the stored version stays.
        var changed = first
        changed.bloodPressure = bp(121, 80)
        let conflict = try store.importReadings([changed], matching: .sameID)
        #expect(conflict.duplicates == 1)
        #expect(conflict.conflicts == ["reading \(first.id.prefix(8)): the file's version differs from the stored one, which was kept"])
        #expect(try store.readings().map(\.bloodPressure) == [bp(120, 80), bp(120, 80)])
    }

    /// A device file names no offset: imported again with another zone, its readings keep their
    /// wall-clock minute and values, and are found again by them.
    @Test func readingsWithoutAnOffsetAreFoundByTheirWallClockTime() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        // A week ago, so that none lies in the future in either zone.
        let shanghaiReadings = sample(10).map { reading in
            var copy = reading
            copy.takenAt = ZonedInstant(utcSeconds: reading.takenAt.utcSeconds - 7 * 86_400, offsetMinutes: 480)
            return copy
        }
        #expect(try store.importReadings(shanghaiReadings, matching: .sameValuesOrLocalTime).added == 10)
        // The same wall-clock times read in New York: other instants, other ids.
        let newYork = shanghaiReadings.map { reading in
            var copy = reading
            copy.id = Reading.newID()
            copy.takenAt = ZonedInstant(date: reading.takenAt.localDate, hour: reading.takenAt.hour, minute: reading.takenAt.minute, offsetMinutes: -300)
            return copy
        }
        #expect(try store.importReadings(newYork, matching: .sameValuesOrLocalTime).duplicates == 10)
        // Matched by the instant alone, they would have been new readings.
        #expect(try store.importReadings(newYork, matching: .sameValues, dryRun: true).added == 10)
    }

    @Test func dryRunCountsButWritesNothing() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        let readings = sample(10)
        let summary = try store.importReadings(readings + readings, matching: .sameValues, dryRun: true)
        #expect(summary.added == 10)
        #expect(summary.duplicates == 10)
        #expect(try store.readings().isEmpty)
        #expect(try store.profiles().isEmpty)
    }
}

extension ZonedInstant {
    func adding(minutes: Int) -> ZonedInstant {
        ZonedInstant(utcSeconds: utcSeconds + Int64(minutes * 60), offsetMinutes: offsetMinutes)
    }
}
