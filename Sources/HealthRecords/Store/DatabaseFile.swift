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

    private static func createDirectories(_ directory: String) throws(RecordsError) {
        if exists(directory) { return }
        let parent = parentDirectory(of: directory)
        if parent != directory { try createDirectories(parent) }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw .storage("cannot create directory \(directory): \(String(cString: strerror(errno)))")
        }
    }
}
