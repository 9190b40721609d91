public import HealthCore
import CSQLite
#if canImport(Glibc)
    import Glibc
#endif

extension RecordStore {
    /// Runs SQLite's integrity and foreign-key checks and checks every reading's values.
    public func check() throws(RecordsError) -> HealthCheckReport {
        try mapErrors {
            var report = HealthCheckReport()
            try database.cachedStatement("PRAGMA integrity_check").forEachRow { row in
                let line = row.text(0) ?? ""
                if line != "ok" { report.problems.append(Phrase("integrity: {detail}", ["detail": line])) }
            }
            try database.cachedStatement("PRAGMA foreign_key_check").forEachRow { row in
                report.problems.append(
                    Phrase(
                        "row {rowid} of the table {table} refers to a row of {parent} that does not exist",
                        ["rowid": String(row.int(1)), "table": row.text(0) ?? "?", "parent": row.text(2) ?? "?"]))
            }
            if case .success(let expected) = SchemaObjects.expected {
                report.problems += try SchemaObjects.read(database).differences(comparedWith: expected)
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
                report.problems.append(Phrase("reading {id} has values out of range", ["id": row.text(0) ?? "?"]))
            }
            for usage in try undefinedTagUsage() {
                report.notes.append(
                    usage.count == 1
                        ? Phrase("tag ID '{id}' is on 1 reading but has no definition (kept as history)", ["id": usage.id])
                        : Phrase("tag ID '{id}' is on {n} readings but has no definition (kept as history)", ["id": usage.id, "n": String(usage.count)]))
            }
            return report
        }
    }

}

extension RecordStore {
    /// Deletes the log at `path`, with its `-wal` and `-shm`, if it holds no profiles and no
    /// readings: a command that created a new log and then failed leaves nothing behind.
    /// A log with anything in it, or one that cannot be read, is left alone.
    public static func removeIfUnused(path: String) {
        guard FileSystem.exists(path), FileSystem.nonRegularKind(path) == nil, let database = try? Database(path: path, mode: .readWrite),
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
