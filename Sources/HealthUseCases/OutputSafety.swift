import HealthCore

extension HealthLog {
    /// The files that make up the log: the database and SQLite's companions beside it.
    var logFiles: [String] {
        let database = settings.databasePath
        return [database, database + "-wal", database + "-shm", database + "-journal"]
    }

    /// Refuses an output `path` that is the log itself or one of SQLite's files beside it,
    /// before anything is written: a report written "into" the log would replace every reading.
    /// Standard output (`-`) and devices are never the log.
    public func requireOutputApartFromLog(_ path: String) throws(HealthLogError) {
        guard path != "-" else { return }
        for file in logFiles where FileSystem.sameFile(path, file) {
            let what = file == settings.databasePath ? Phrase("the log itself") : Phrase("a file of the log ({file})", ["file": file])
            throw .other(.cannotCreate, Phrase("{path} is {what}; writing there would destroy the readings. Choose another file name", ["path": path], terms: ["what": what]))
        }
    }
}
