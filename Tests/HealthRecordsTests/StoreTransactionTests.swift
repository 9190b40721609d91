import CSQLite
import Foundation
import HealthCore
@testable import HealthRecords
import Testing

/// The store's transactions, as GRDB keeps them: a read never writes, nested writes are
/// savepoints, and a failure keeps SQLite's own result code.
@Suite struct StoreTransactionTests {
    private func reading(_ systolic: Int, minute: Int = 0) -> Reading {
        Reading(profileID: "dad", takenAt: shanghai("2026-11-29", 7, minute), bloodPressure: bp(systolic, 80))
    }

    @Test func aWriteInsideAReadFailsAndWritesNothing() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        try store.addProfile(Profile(id: "dad"))
        #expect(throws: RecordsError.self) {
            try store.read { try store.add(reading(130)) }
        }
        #expect(try store.readings().isEmpty)
        // Not even a raw statement gets through: the connection is query-only while it reads.
        do {
            try store.read { try store.database.execute("DELETE FROM profiles") }
            Issue.record("a write inside a read should fail")
        } catch {
            guard case .storage(let failure) = error else {
                Issue.record("expected a storage failure, got \(error)")
                return
            }
            #expect(failure.kind == .readOnly)
        }
        #expect(try store.profiles().map(\.id) == ["dad"])
        // And after the read, writing works again.
        try store.add(reading(131))
        #expect(try store.readings().count == 1)
    }

    @Test func nestedWritesAreSavepointsOfOneTransaction() throws {
        let directory = TemporaryDirectory()
        let store = try openStore(directory)
        try store.addProfile(Profile(id: "dad"))
        try store.write {
            try store.add(reading(130, minute: 1))
            // A failed inner write is rolled back alone; the outer one goes on.
            #expect(throws: RecordsError.self) {
                try store.write {
                    try store.add(reading(131, minute: 2))
                    try store.add(Reading(profileID: "dad", takenAt: shanghai("2026-11-29", 7, 3), bloodPressure: bp(132, 80), tagIDs: ["nope"]))
                }
            }
            try store.add(reading(133, minute: 4))
        }
        #expect(try store.readings().map(\.systolic) == [130, 133])
        // A failure of the outer body undoes its inner writes too.
        #expect(throws: RecordsError.self) {
            try store.write {
                try store.add(reading(140, minute: 5))
                throw RecordsError.invalid(Phrase("stop"))
            }
        }
        #expect(try store.readings().map(\.systolic) == [130, 133])
    }

    @Test func aFailureKeepsItsKindAndSQLiteResultCode() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("log.sqlite")
        let store = try RecordStore.open(path: path, clock: { fixedNow }, lockWait: LockWait(limit: 0.2))
        try store.addProfile(Profile(id: "dad"))
        // Another connection holds the write lock past the wait.
        let other = try Database(path: path, mode: .readWrite)
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("ROLLBACK") }
        do {
            try store.add(reading(130))
            Issue.record("the add should have waited and failed")
        } catch {
            guard case .storage(let failure) = error else {
                Issue.record("expected a storage failure, got \(error)")
                return
            }
            #expect(failure.kind == .busy)
            #expect(failure.code.map { $0 & 0xFF } == SQLITE_BUSY)
        }
        // A value the schema refuses is a constraint, not a full disk.
        try other.execute("ROLLBACK")
        let refused = { () -> StorageFailure? in
            do throws(SQLiteError) {
                try store.database.execute(
                    "INSERT INTO profiles (id, name, created_at, updated_at, target_systolic, target_diastolic) VALUES ('x', 'x', 0, 0, 80, 120)")
                return nil
            } catch {
                return StorageFailure(error, message: error.description)
            }
        }()
        let failure = try #require(refused, "the CHECK should have refused the target")
        #expect(failure.kind == .constraint)
        #expect(failure.code.map { $0 & 0xFF } == SQLITE_CONSTRAINT)
    }

    @Test func oneColumnListDrivesEveryStatement() {
        // The SELECT reads every column, the INSERT writes all but SQLite's own seq, and the
        // UPDATE never touches the identity or the creation time.
        #expect(ReadingColumn.selected.columns.count == ReadingColumn.allCases.count)
        #expect(!ReadingColumn.inserted.columns.contains(.seq))
        #expect(Set(ReadingColumn.updated.columns).isDisjoint(with: [.seq, .id, .createdAt]))
        #expect(ReadingColumn.inserted.placeholders.split(separator: ",").count == ReadingColumn.inserted.columns.count)
        for column in ReadingColumn.allCases { #expect(ReadingColumn.selected.index(column) >= 0) }
    }
}
