import HealthCore

#if canImport(Glibc)
    import Glibc
#endif

/// Who owns the log and the files SQLite keeps beside it, checked before a connection that
/// writes opens them.
///
/// SQLite opens an existing log, `-wal`, `-shm` or `-journal` as it finds it, with `O_CREAT`
/// and no `O_EXCL`: a file another user made there would receive the whole log, or the recent
/// changes, and stay readable to them. So before writing, as `ssh` does with a loose
/// `authorized_keys`, HealthLog refuses:
/// - a log that is not a regular file this user owns, or is reached through a symbolic link
///   another user made;
/// - a `-wal`, `-shm` or `-journal` that is a symbolic link, not a regular file, or not this
///   user's;
/// - a log in a folder other users may write (where they could plant those files first), or
///   in another user's folder (who could move or replace it).
///
/// The user's own log that others may read is made private (0600).
///
/// Everything here is `lstat`, `stat` and `chmod`, never `open`: closing any descriptor of a
/// file drops every POSIX lock this process holds on it, SQLite's included, and another
/// connection of this process may have the log open right now.
enum LogFileOwnership {
    /// The names SQLite gives the files it keeps beside a log.
    static let companionSuffixes = ["-wal", "-shm", "-journal"]

    /// Refuses `path` (an existing or about-to-be-made log) unless it and its companions are
    /// this user's alone; makes the user's own log private.
    static func check(_ path: String) throws(RecordsError) {
        let folder = FileSystem.parentDirectory(of: path)
        var folderInfo = stat()
        if stat(folder, &folderInfo) == 0,
            OwnedDirectory.writableByOthers(group: folderInfo.st_gid, permissions: folderInfo.st_mode & 0o7777)
        {
            throw refusal(path, Phrase("its folder {folder} may be written by other users (mode {mode}), and they could plant its companion files; keep the log in a folder of your own", ["folder": folder, "mode": OwnedDirectory.octal(folderInfo.st_mode & 0o7777)]))
        }
        // The owner of a folder may rename or replace anything in it, the log included.
        if stat(folder, &folderInfo) == 0, folderInfo.st_uid != geteuid(), folderInfo.st_uid != 0 {
            throw refusal(path, Phrase("its folder {folder} belongs to another user ({user}), who could move or replace it; keep the log in a folder of your own", ["folder": folder, "user": OwnedDirectory.userName(folderInfo.st_uid)]))
        }
        try checkLog(path)
        for suffix in companionSuffixes { try checkCompanion(path + suffix, of: path, owners: [geteuid()], tighten: true) }
    }

    /// Refuses, for reading, a `-wal`, `-shm` or `-journal` beside `path` that is a link, not a
    /// regular file, or made by someone who is neither this user nor the log's owner: SQLite
    /// would read a planted write-ahead log's pages as the log's own. The user's own log that
    /// others may read is made private, as for writing.
    static func checkForReading(_ path: String) throws(RecordsError) {
        var log = stat()
        guard stat(path, &log) == 0 else { return }
        // (An empty file is no log yet: reading finds none and leaves it as it is.)
        if log.st_mode & S_IFMT == S_IFREG, log.st_size > 0, log.st_uid == geteuid(), log.st_mode & 0o077 != 0 { _ = chmod(path, 0o600) }
        for suffix in companionSuffixes { try checkCompanion(path + suffix, of: path, owners: [geteuid(), log.st_uid], tighten: false) }
    }

    private static func checkLog(_ path: String) throws(RecordsError) {
        var link = stat()
        guard lstat(path, &link) == 0 else { return }  // made exclusively later
        if link.st_mode & S_IFMT == S_IFLNK, link.st_uid != geteuid() {
            throw refusal(path, Phrase("it is a symbolic link another user ({user}) made", ["user": OwnedDirectory.userName(link.st_uid)]))
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFREG else { return }  // RecordStore.open names other kinds
        guard info.st_uid == geteuid() else {
            throw refusal(path, Phrase("another user ({user}) owns it; only its owner may write it", ["user": OwnedDirectory.userName(info.st_uid)]))
        }
        if info.st_mode & 0o077 != 0 { _ = chmod(path, 0o600) }
    }

    private static func checkCompanion(_ companion: String, of path: String, owners: Set<UInt32>, tighten: Bool) throws(RecordsError) {
        var info = stat()
        guard lstat(companion, &info) == 0 else { return }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw refusal(path, Phrase("{file} beside it is {kind}, not a file SQLite made; move it aside", ["file": companion], terms: ["kind": OwnedDirectory.describe(kind)]))
        }
        guard owners.contains(info.st_uid) else {
            throw refusal(path, Phrase("another user ({user}) made {file} beside it; move it aside", ["user": OwnedDirectory.userName(info.st_uid), "file": companion]))
        }
        if tighten, info.st_mode & 0o077 != 0 { _ = chmod(companion, 0o600) }
    }

    private static func refusal(_ path: String, _ reason: Phrase) -> RecordsError {
        .unsafeLog(path: path, reason: reason)
    }
}
