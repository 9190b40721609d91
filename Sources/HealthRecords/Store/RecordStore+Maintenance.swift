import HealthCore
import CSQLite
#if canImport(Glibc)
    import Glibc
#endif

/// What `check` found.
public struct HealthCheckReport: Equatable, Sendable {
    /// Real problems: corruption, broken references, values out of range.
    public var problems: [String] = []
    /// Information only, such as tag IDs without a definition.
    public var notes: [String] = []
}

extension RecordStore {
    /// Runs SQLite's integrity and foreign-key checks and checks every reading's values.
    public func check() throws(RecordsError) -> HealthCheckReport {
        try mapErrors {
            var report = HealthCheckReport()
            try database.cachedStatement("PRAGMA integrity_check").forEachRow { row in
                let line = row.text(0) ?? ""
                if line != "ok" { report.problems.append("integrity: \(line)") }
            }
            try database.cachedStatement("PRAGMA foreign_key_check").forEachRow { row in
                report.problems.append("a row of \(row.text(0) ?? "?") refers to a missing \(row.text(2) ?? "?") (rowid \(row.int(1)))")
            }
            // The CHECK constraints stop bad values, but a file edited by another tool may hold them.
            try database.cachedStatement(
                """
                SELECT id, systolic, diastolic, pulse, weight_g FROM readings WHERE
                    (systolic IS NULL) != (diastolic IS NULL)
                    OR systolic NOT BETWEEN 50 AND 300 OR diastolic NOT BETWEEN 20 AND 200 OR systolic <= diastolic
                    OR pulse NOT BETWEEN 20 AND 250 OR weight_g NOT BETWEEN 1000 AND 500000
                    OR (systolic IS NULL AND pulse IS NULL AND weight_g IS NULL)
                """
            ).forEachRow { row in
                report.problems.append("reading \(row.text(0) ?? "?") has values out of range")
            }
            for usage in try undefinedTagUsage() {
                report.notes.append("tag ID '\(usage.id)' is on \(counted(usage.count, "reading")) but has no definition (kept as history)")
            }
            return report
        }
    }

    /// Writes a consistent snapshot of the log to `path` (mode 0600) with SQLite's online
    /// backup API, so it can run while others add readings.
    public func backup(to path: String) throws(RecordsError) {
        let temporary: String
        do {
            temporary = try AtomicFile.reserveTemporary(for: path)
        } catch {
            throw .storage(error.description)
        }
        do {
            let target = try Database(path: temporary, mode: .readWrite)
            try database.copy(into: target)
            // One self-contained file: opening it later leaves no -wal or -shm beside it.
            _ = try target.pragmaText("journal_mode=DELETE")
        } catch {
            AtomicFile.discard(temporary)
            throw .storage("cannot back up to \(path): \(error)")
        }
        do {
            try AtomicFile.commit(temporary, to: path)
        } catch {
            throw .storage(error.description)
        }
    }

    /// Replaces the log's contents with the backup at `path`, after checking it, and keeps the
    /// current contents beside the log under a name of its own,
    /// `<database>.before-restore-20261201T084512Z.bak`. Returns the path of that copy.
    ///
    /// Every restore keeps its own copy: restoring twice never overwrites the log from before
    /// the first restore.
    ///
    /// The backup is copied into the live database in one transaction (SQLite's backup API), so
    /// other processes see the old log or the new one, and its WAL stays consistent.
    @discardableResult
    public func restore(from path: String) throws(RecordsError) -> String {
        do {
            let source = try Database(path: path, mode: .readOnly)
            try RecordStore.checkIdentity(of: source)
            let integrity = try Statement(database: source, sql: "PRAGMA integrity_check").scalarText()
            guard integrity == "ok" else {
                throw RecordsError.invalid("\(path) fails SQLite's integrity check (\(integrity ?? "?")); nothing was restored")
            }
            guard try source.pragmaInt("application_id") == Migrations.applicationID else {
                throw RecordsError.notHealthLogDatabase(path: path, reason: "it is an empty database")
            }
        } catch let error as RecordsError {
            throw error
        } catch let error as SQLiteError where error.primaryCode == SQLITE_NOTADB {
            throw .notHealthLogDatabase(path: path, reason: "file is not a database")
        } catch {
            throw .storage("cannot read \(path): \(error)")
        }
        let kept = displacedLogPath()
        try backup(to: kept)
        do {
            let source = try Database(path: path, mode: .readOnly)
            try source.copy(into: database)
            // An older backup is brought up to this build's schema.
            try Migrations.apply(to: database, now: clock())
        } catch {
            throw .storage("restore failed; the log is unchanged (\(error))")
        }
        return kept
    }
}

extension RecordStore {
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

    /// Deletes the log at `path`, with its `-wal` and `-shm`, if it holds no profiles and no
    /// readings: a command that created a new log and then failed leaves nothing behind.
    /// A log with anything in it, or one that cannot be read, is left alone.
    public static func removeIfUnused(path: String) {
        guard FileSystem.exists(path), let database = try? Database(path: path, mode: .readWrite),
            (try? checkIdentity(of: database)) != nil
        else { return }
        let used = try? database.write {
            let profiles = try Statement(database: database, sql: "SELECT count(*) FROM profiles").scalarInt() ?? 1
            let readings = try Statement(database: database, sql: "SELECT count(*) FROM readings").scalarInt() ?? 1
            return profiles + readings > 0
        }
        guard used == false else { return }
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    }
}
