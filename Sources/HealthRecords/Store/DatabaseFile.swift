#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the database lives, and creating it privately: health data is for its owner only.
public enum DatabaseFile {
    /// The path to use: `--db`, else `$HEALTHLOG_DB`, else
    /// `$XDG_DATA_HOME/healthlog/healthlog.sqlite`, else `~/.local/share/healthlog/healthlog.sqlite`.
    public static func resolvePath(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let path = environment["HEALTHLOG_DB"], !path.isEmpty { return path }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/healthlog/healthlog.sqlite"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return home + "/.local/share/healthlog/healthlog.sqlite"
    }

    /// True when something exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Creates the missing parent directories (mode 0700) and an empty file (mode 0600).
    ///
    /// An existing file is left alone. Another process creating the same file at the
    /// same moment is fine: the file is created exclusively and EEXIST is accepted.
    static func createPrivately(_ path: String) throws(RecordsError) {
        let directory = parentDirectory(of: path)
        try createDirectories(directory)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw .storage("cannot create \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The folder part of `path` (`.` when it has none).
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Refuses, before SQLite touches anything, a database shorter than its own header says
    /// (truncated) or a `-wal` beside it that cannot be its write-ahead log. A genuine WAL left
    /// by a crash passes: SQLite recovers from it, even when the crash cut a checkpoint short
    /// and left the file shorter than its header, as long as the log can hold the missing pages.
    static func checkBeforeOpening(_ path: String) throws(RecordsError) {
        guard let file = try? InputFile(path: path), let header = try? file.read(100), header.count == 100,
            header.starts(with: Array("SQLite format 3\0".utf8))
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
            throw .notHealthLogDatabase(path: path, reason: "it is truncated: \(file.size) bytes of \(pages * pageSize); restore a backup")
        }
    }

    /// How many page frames the `-wal` beside `path` holds (0 when there is none), after
    /// checking that it is a write-ahead log for pages of `pageSize` bytes.
    private static func writeAheadLogFrames(beside path: String, pageSize: Int) throws(RecordsError) -> Int {
        let walPath = path + "-wal"
        guard let wal = try? InputFile(path: walPath), wal.size > 0 else { return 0 }
        guard let walHeader = try? wal.read(32), walHeader.count == 32 else {
            throw .notHealthLogDatabase(path: path, reason: "\(walPath) is not its write-ahead log (too short); move it aside")
        }
        let number = { (range: Range<Int>) in bigEndian(walHeader[range]) }
        let magic = number(0..<4)
        guard magic == 0x377F_0682 || magic == 0x377F_0683, number(8..<12) == pageSize else {
            throw .notHealthLogDatabase(path: path, reason: "\(walPath) is not its write-ahead log; move it aside")
        }
        return Int((wal.size - 32) / Int64(24 + pageSize))
    }

    /// The unsigned big-endian number in `bytes` (SQLite's file formats are big-endian).
    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }

    private static func createDirectories(_ directory: String) throws(RecordsError) {
        if exists(directory) { return }
        let parent = parentDirectory(of: directory)
        if parent != directory { try createDirectories(parent) }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw .storage("cannot create directory \(directory): \(String(cString: strerror(errno)))")
        }
    }
}
