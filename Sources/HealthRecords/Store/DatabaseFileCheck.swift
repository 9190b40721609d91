import HealthCore

/// Checks of a database file's bytes made before SQLite opens it, so a damaged file is refused
/// untouched instead of being "repaired" by SQLite.
enum DatabaseFileCheck {
    /// Refuses, before SQLite touches anything, a database shorter than its own header says
    /// (truncated) or a `-wal` beside it that cannot be its write-ahead log. A genuine WAL left
    /// by a crash passes: SQLite recovers from it, even when the crash cut a checkpoint short
    /// and left the file shorter than its header, as long as the log can hold the missing pages.
    ///
    /// The bytes are read under SQLite's SHARED lock, so a process creating the schema in
    /// rollback mode at this moment is waited for, never seen half-way.
    static func checkBeforeOpening(_ path: String) throws(RecordsError) {
        guard let file = VFSFile(path: path) else { return }  // SQLite's own open reports it
        guard file.lockShared(waitingUpTo: 10_000) else {
            throw .failure(Phrase("cannot read {path}: another process has held it locked for 10 seconds", ["path": "\(path)"]), kind: .busy)
        }
        let header = file.read(100)
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8))
        else { return }  // empty, new, or not SQLite at all: SQLite's own checks answer those
        let number = { (range: Range<Int>, bytes: [UInt8]) in bigEndian(bytes[range]) }
        let pageSize = number(16..<18, header) == 1 ? 65_536 : number(16..<18, header)
        let walFrames = try writeAheadLogFrames(beside: path, pageSize: pageSize)
        let pages = number(28..<32, header)
        let pagesInFile = Int(file.size / Int64(max(pageSize, 1)))
        // The page count is only trustworthy when it was written with the current change counter.
        if pages > 0, number(24..<28, header) == number(92..<96, header), file.size < Int64(pages) * Int64(pageSize),
            walFrames < pages - pagesInFile
        {
            throw .notHealthLogDatabase(path: path, reason: Phrase("it is truncated: {size} bytes of {pages}; restore a backup", ["size": "\(file.size)", "pages": "\(pages * pageSize)"]))
        }
    }

    /// How many page frames the `-wal` beside `path` holds (0 when there is none), after
    /// checking that it is a write-ahead log for pages of `pageSize` bytes.
    private static func writeAheadLogFrames(beside path: String, pageSize: Int) throws(RecordsError) -> Int {
        let walPath = path + "-wal"
        guard let wal = try? InputFile(path: walPath), wal.size > 0 else { return 0 }
        guard let walHeader = try? wal.read(32), walHeader.count == 32 else {
            throw .notHealthLogDatabase(path: path, reason: Phrase("{walPath} is not its write-ahead log (too short); move it aside", ["walPath": "\(walPath)"]))
        }
        let number = { (range: Range<Int>) in bigEndian(walHeader[range]) }
        let magic = number(0..<4)
        guard magic == 0x377F_0682 || magic == 0x377F_0683, number(8..<12) == pageSize else {
            throw .notHealthLogDatabase(path: path, reason: Phrase("{walPath} is not its write-ahead log; move it aside", ["walPath": "\(walPath)"]))
        }
        return Int((wal.size - 32) / Int64(24 + pageSize))
    }

    /// The unsigned big-endian number in `bytes` (SQLite's file formats are big-endian).
    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }
}
