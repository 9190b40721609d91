import CSQLite
import Foundation
import HealthRecords
import Testing

/// Files that are not HealthLog databases are refused and left byte-for-byte as they were.
@Suite struct DatabaseOpeningTests {
    @Test func randomBytesAreRefusedUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("random.sqlite")
        var generator = SystemRandomNumberGenerator()
        let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        _ = FileManager.default.createFile(atPath: path, contents: bytes)
        #expect(throws: RecordsError.notHealthLogDatabase(path: path, reason: "file is not a database")) {
            try RecordStore.open(path: path)
        }
        #expect(snapshot(path) == ["": bytes])
    }

    @Test func anotherProgramsSQLiteIsRefusedUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("other.sqlite")
        try runSQL(path, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine');")
        let before = snapshot(path)
        #expect(throws: RecordsError.notHealthLogDatabase(path: path, reason: "it belongs to another program")) {
            try RecordStore.open(path: path)
        }
        #expect(snapshot(path) == before)
    }

    @Test func newerSchemaIsRefusedUntouched() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("future.sqlite")
        _ = try RecordStore.open(path: path)
        try runSQL(path, "PRAGMA wal_checkpoint(TRUNCATE); PRAGMA user_version = 99;")
        let before = snapshot(path)
        #expect(throws: RecordsError.newerSchema(path: path, found: 99, supported: 1)) {
            try RecordStore.open(path: path)
        }
        #expect(snapshot(path) == before)
    }

    @Test func anEmptyFileBecomesANewLog() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("empty.sqlite")
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let store = try RecordStore.open(path: path)
        #expect(try store.tags().count == 5)
    }

    private func runSQL(_ path: String, _ sql: String) throws {
        var handle: OpaquePointer?
        #expect(sqlite3_open(path, &handle) == SQLITE_OK)
        defer { sqlite3_close(handle) }
        #expect(sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK)
    }
}
