import CSQLite
import Foundation
import HealthCore
@testable import HealthRecords
import Testing

/// Files that are not HealthLog databases are refused and left byte-for-byte as they were.
@Suite struct DatabaseOpeningTests {
    @Test func randomBytesAreRefusedUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("random.sqlite")
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        _ = FileManager.default.createFile(atPath: path, contents: bytes)
        let error15 = #expect(throws: RecordsError.self) {
            try RecordStore.open(path: path)
        }
        #expect(error15?.description.contains("file is not a database") == true)
        #expect(snapshot(path) == ["": bytes])
    }

    @Test func anotherProgramsSQLiteIsRefusedUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("other.sqlite")
        try runSQL(path, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');")
        let before = snapshot(path)
        let error26 = #expect(throws: RecordsError.self) {
            try RecordStore.open(path: path)
        }
        #expect(error26?.description.contains("it belongs to another program") == true)
        #expect(snapshot(path) == before)
    }

    @Test func newerSchemaIsRefusedUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("future.sqlite")
        _ = try RecordStore.open(path: path)
        try runSQL(path, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA user_version = 99;")
        let before = snapshot(path)
        #expect(throws: RecordsError.newerSchema(path: path, found: 99, supported: Migrations.steps.count)) {
            try RecordStore.open(path: path)
        }
        #expect(snapshot(path) == before)
    }

    @Test func anEmptyFileBecomesANewLog() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("empty.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let store = try RecordStore.open(path: path)
        #expect(try store.tags().count == StatusTag.builtIns.count)
    }

    /// A crash in the middle of a checkpoint leaves the file shorter than its header says, with
    /// the missing pages still in the write-ahead log. SQLite recovers that; so must we.
    @Test func aCheckpointCutShortByACrashOpensWithEveryReading() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("log.sqlite")
        try RecordStore.open(path: path).addProfile(Profile(id: "dad"))
        let sizeBefore = try #require(FileManager.default.contents(atPath: path)).count

        var handle: OpaquePointer?
        try #require(sqlite3_open(path, &handle) == SQLITE_OK)
        let rows = """
            PRAGMA wal_autocheckpoint = 0;
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000)
            INSERT INTO readings (id, profile_id, taken_at, utc_offset_min, systolic, diastolic, created_at, updated_at)
            SELECT printf('%08d-0000-4000-8000-%012d', i, i), 'dad', 1700000000 + i * 3600, 480, 130, 80, 0, 0 FROM n;
            """
        try #require(sqlite3_exec(handle, rows, nil, nil, nil) == SQLITE_OK)
        let wal = try #require(FileManager.default.contents(atPath: path + "-wal"))
        try #require(sqlite3_exec(handle, "PRAGMA wal_checkpoint(FULL)", nil, nil, nil) == SQLITE_OK)
        let checkpointed = try #require(FileManager.default.contents(atPath: path))
        sqlite3_close(handle)
        #expect(checkpointed.count > sizeBefore * 3, "the readings made the file several times larger")

        // The checkpoint got as far as page 1 (the new size) and then the power went.
        let crashed = directory.file("crashed.sqlite")
        try checkpointed.prefix(sizeBefore).write(to: URL(fileURLWithPath: crashed))
        try wal.write(to: URL(fileURLWithPath: crashed + "-wal"))
        let store = try RecordStore.open(path: crashed)
        #expect(try store.readings().count == 4000)
        #expect(try store.check().problems.isEmpty)

        // Without the log that holds them, the missing pages are gone: refused, untouched.
        let truncated = directory.file("truncated.sqlite")
        try checkpointed.prefix(sizeBefore).write(to: URL(fileURLWithPath: truncated))
        try wal.prefix(32 + 24 + 4096).write(to: URL(fileURLWithPath: truncated + "-wal"))
        let before = snapshot(truncated)
        #expect {
            try RecordStore.open(path: truncated)
        } throws: { error in
            "\(error)".contains("it is truncated")
        }
        #expect(snapshot(truncated) == before)
    }

    private func runSQL(_ path: String, _ sql: String) throws {
        var handle: OpaquePointer?
        #expect(sqlite3_open(path, &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        #expect(sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK)
    }
}
