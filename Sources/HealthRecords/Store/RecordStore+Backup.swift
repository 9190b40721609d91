import CSQLite
import HealthCore

#if canImport(Glibc)
    import Glibc
#endif

extension RecordStore {
    /// Writes a consistent snapshot of the log to `path` (mode 0600) with SQLite's online
    /// backup API, so it can run while others add readings. Nothing appears at `path` until the
    /// copy is complete; a device or FIFO there is written into (the copy is made in the
    /// temporary folder first), never replaced.
    public func backup(to path: String) throws(RecordsError) {
        try RecordStore.writeSnapshot(of: database, to: path)
    }

    /// The snapshot of `source` at `path`, as ``backup(to:)`` writes it.
    static func writeSnapshot(of source: Database, to path: String) throws(RecordsError) {
        let destination: OutputDestination
        do { destination = try OutputDestination.resolve(path) } catch { throw .output(error) }
        let staged: StagedFile
        do {
            if case .replace = destination {
                staged = try StagedFile(beside: path)
            } else {
                staged = try StagedFile(beside: temporaryFolder() + "/backup")
            }
        } catch {
            throw .output(error)
        }
        do {
            let target = try Database(path: staged.temporaryPath, mode: .readWrite)
            // No journal beside the temporary copy: a stopped backup leaves one file, which the
            // signal handlers remove.
            _ = try target.pragmaText("journal_mode=OFF")
            try source.copy(into: target)
            // One self-contained file: opening it later leaves no -wal or -shm beside it.
            _ = try target.pragmaText("journal_mode=DELETE")
        } catch let error where error.primaryCode == SQLITE_FULL || error.primaryCode == SQLITE_IOERR {
            staged.discard()
            // SQLite says "disk I/O error" for a refused write(2): a file-size limit, a full
            // quota, a failing disk. The copy's target is an output like any other.
            throw .output(.writeFailed(
                path: path, reason: Phrase("the disk refused the write (full, over a size limit, or failing); the previous file, if any, is unchanged")))
        } catch {
            staged.discard()
            throw RecordStore.mapped(error, writing: path)
        }
        do {
            if case .replace = destination {
                try staged.commit(to: path)
                return
            }
            let output = try OutputFile(path)
            let input = try InputFile(path: staged.temporaryPath)
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = try chunk.withUnsafeMutableBytes { try input.read(into: $0) }
                if count == 0 { break }
                chunk.withUnsafeBytes { output.write(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            }
            staged.discard()
            try output.commit()
        } catch let error as OutputError {
            staged.discard()
            throw .output(error)
        } catch {
            staged.discard()
            throw .failure(Phrase("cannot back up to {path}: {error}", ["path": "\(path)", "error": "\(error)"]))
        }
    }

    /// Replaces the log's contents with the backup at `path`, after checking it, and keeps the
    /// current contents beside the log under a name of its own,
    /// `<database>.before-restore-20261201T084512Z.bak`. Returns the path of that copy.
    ///
    /// Every restore keeps its own copy: restoring twice never overwrites the log from before
    /// the first restore.
    ///
    /// The copy of the current log and the restore are made under one write lock, so no
    /// reading another process adds in between is lost: a reading whose `add` succeeded is in
    /// the kept copy or in the restored log. The restore itself is one transaction, so other
    /// processes see the old log or the new one. An older backup is brought up to this build's
    /// schema in a private copy first; the backup file itself is only read.
    @discardableResult
    public func restore(from path: String) throws(RecordsError) -> String {
        if let kind = FileSystem.nonRegularKind(path) {
            throw .notHealthLogDatabase(path: path, reason: Phrase("it is {kind}, not a backup file", terms: ["kind": kind]))
        }
        let prepared = try RecordStore.preparedCopy(of: path, now: clock())
        defer { prepared.discard() }
        var kept = ""
        do {
            // ATTACH cannot run inside a transaction; the copy is only read.
            try database.cachedStatement("ATTACH DATABASE ? AS restored").run([.text(prepared.temporaryPath)])
        } catch {
            throw .failure(Phrase("cannot read the prepared copy of {path}: {error}", ["path": "\(path)", "error": "\(error)"]))
        }
        defer { try? database.execute("DETACH DATABASE restored") }
        try write {
            // The copy of the log as it is now, read through a second connection while this one
            // holds the write lock: nothing can be added between this copy and the restore.
            // Named under the lock: a second restore at the same moment waits for this one, and
            // finds this one's copy taken.
            kept = displacedLogPath()
            let reader = try Database(path: self.path, mode: .readOnly)
            try RecordStore.writeSnapshot(of: reader, to: kept)
            for table in try RecordStore.dataTables(of: database) {
                let columns = try RecordStore.columns(of: table, in: database).map { "\"\($0)\"" }.joined(separator: ", ")
                try database.execute("DELETE FROM main.\"\(table)\"")
                try database.execute("INSERT INTO main.\"\(table)\" (\(columns)) SELECT \(columns) FROM restored.\"\(table)\"")
            }
            // The backup's own changes are not this log's to undo.
            try database.execute("DELETE FROM main.undo_records; DELETE FROM main.undo_steps")
            record(.restored(from: path))
        }
        return kept
    }

    /// A private copy of the backup at `path`, checked and migrated to this build's schema.
    private static func preparedCopy(of path: String, now: Int64) throws(RecordsError) -> StagedFile {
        do {
            let source = try Database(path: path, mode: .readOnly)
            try RecordStore.checkIdentity(of: source)
            let integrity = try Statement(database: source, sql: "PRAGMA integrity_check").scalarText()
            guard integrity == "ok" else {
                // SQLite lists one problem a line; the first says where, on the one line an error has.
                let problems = (integrity ?? "?").split(separator: "\n").filter { !$0.hasPrefix("***") }
                let first = problems.first.map(String.init) ?? "?"
                let more = problems.count > 1 ? " and \(problems.count - 1) more" : ""
                throw RecordsError.invalid(Phrase("{path} is damaged: it fails SQLite's integrity check ({first}{more}); nothing was restored", ["path": "\(path)", "first": "\(first)", "more": "\(more)"]))
            }
            guard try source.pragmaInt("application_id") == Migrations.applicationID else {
                throw RecordsError.notHealthLogDatabase(path: path, reason: Phrase("it is an empty database"))
            }
            let staged = try StagedFile(beside: temporaryFolder() + "/restore")
            do {
                let copy = try Database(path: staged.temporaryPath, mode: .readWrite)
                _ = try copy.pragmaText("journal_mode=OFF")
                try source.copy(into: copy)
                try Migrations.apply(to: copy, now: now)
            } catch {
                staged.discard()
                throw error
            }
            return staged
        } catch let error as RecordsError {
            throw error
        } catch let error as OutputError {
            throw .output(error)
        } catch let error as SQLiteError where error.primaryCode == SQLITE_NOTADB {
            throw .notHealthLogDatabase(path: path, reason: Phrase("file is not a database"))
        } catch let error as SQLiteError where error.primaryCode == SQLITE_CORRUPT {
            throw .invalid(Phrase("{path} is damaged or cut off (SQLite: {message}); nothing was restored", ["path": "\(path)", "message": "\(error.message)"]))
        } catch {
            throw .failure(Phrase("cannot read {path}: {error}", ["path": "\(path)", "error": "\(error)"]))
        }
    }

    /// The tables that hold the log's data (not SQLite's own, not the migration record, not this
    /// machine's sync state: a synced log merges a restored backup with what the family log
    /// knows, and nothing in the shared log is forgotten; nor the devices paired with its page:
    /// a restore never lets a revoked phone back in, nor locks a paired one out).
    private static func dataTables(of database: Database) throws -> [String] {
        var tables: [String] = []
        try database.cachedStatement(
            "SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'schema_migrations' AND name NOT LIKE 'sync_%' AND name NOT LIKE 'web_%' ORDER BY name"
        ).forEachRow { tables.append($0.text(0) ?? "") }
        // Parents first, so their children's references hold as they are inserted.
        return tables.sorted { ($0 == "profiles" ? 0 : 1, $0) < ($1 == "profiles" ? 0 : 1, $1) }
    }

    private static func columns(of table: String, in database: Database) throws -> [String] {
        var columns: [String] = []
        try Statement(database: database, sql: "PRAGMA main.table_info(\"\(table)\")").forEachRow { columns.append($0.text(1) ?? "") }
        return columns
    }

    /// The temporary folder: `$TMPDIR`, else /tmp.
    static func temporaryFolder() -> String {
        getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// A name beside the log for its contents before a restore, stamped with the UTC time and
    /// numbered when that name is taken.
    private func displacedLogPath() -> String {
        let now = ZonedInstant(utcSeconds: clock() / 1000, offsetMinutes: 0)
        let stamp = "\(now.localDate.description.filter { $0 != "-" })T\(pad(now.hour, 2))\(pad(now.minute, 2))\(pad(now.second, 2))Z"
        let base = "\(path).before-restore-\(stamp)"
        var candidate = base + ".bak"
        var number = 2
        while FileSystem.exists(candidate) {
            candidate = "\(base)-\(number).bak"
            number += 1
        }
        return candidate
    }
}
