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
        let first = try store.importReadings(readings)
        #expect(first.added == 50)
        #expect(first.createdProfiles == ["dad"])
        #expect(first.undefinedTags == ["old-tag"])
        let again = try store.importReadings(readings)
        #expect(again.added == 0)
        #expect(again.duplicates == 50)
        // Same profile, minute and values under new ids are duplicates too.
        let renamed = readings.map { reading in
            var copy = reading
            copy.id = Reading.newID()
            return copy
        }
        #expect(try store.importReadings(renamed).duplicates == 50)
        #expect(try store.readings().count == 50)
    }

    @Test func overlappingImportsFindDuplicatesInTheStoreAndInTheFile() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        let all = sample(30)
        #expect(try store.importReadings(Array(all[10..<20])).added == 10)
        // Rows before, inside and after the stored span, plus a repeat of a new row within the file.
        var batch = all
        var repeated = all[25]
        repeated.id = Reading.newID()
        batch.append(repeated)
        let summary = try store.importReadings(batch)
        #expect(summary.added == 20)
        #expect(summary.duplicates == 11)
        #expect(try store.readings().count == 30)
    }

    @Test func anInvalidReadingImportsNothing() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        var readings = sample(10)
        readings[7].pulse = 400
        #expect(throws: RecordsError.invalid("pulse 400 is out of range (20–250 bpm)")) { try store.importReadings(readings) }
        #expect(try store.readings().isEmpty)
        #expect(try store.profiles().isEmpty)
    }

    /// Batches arrive one by one: each widens the span of stored readings compared against,
    /// on both sides, and a repeat in a later batch of a row from an earlier one is caught.
    @Test func batchesFindDuplicatesAcrossBatchesAndTheStore() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        let all = sample(60)
        #expect(try store.importReadings(Array(all[0..<5]) + Array(all[55..<60])).added == 10)
        var repeated = all[25]
        repeated.id = Reading.newID()
        var batches = [Array(all[20..<30]), Array(all[0..<20]), Array(all[30..<60]) + [repeated]]
        let summary = try store.importReadings(batches: { batches.isEmpty ? nil : try ValidatedReadings(batches.removeFirst()) })
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
            try store.importReadings(batches: {
                guard !batches.isEmpty else { throw SourceBroke() }
                return try ValidatedReadings(batches.removeFirst())
            })
        }
        var invalid = sample(20)
        invalid[15].pulse = 400
        var invalidBatches = [Array(invalid[0..<10]), Array(invalid[10..<20])]
        #expect(throws: RecordsError.invalid("pulse 400 is out of range (20–250 bpm)")) {
            try store.importReadings(batches: { invalidBatches.isEmpty ? nil : try ValidatedReadings(invalidBatches.removeFirst()) })
        }
        #expect(try store.readings().isEmpty)
        #expect(try store.profiles().isEmpty)
    }

    @Test func dryRunCountsButWritesNothing() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        let readings = sample(10)
        let summary = try store.importReadings(readings + readings, dryRun: true)
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
