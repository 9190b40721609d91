import CSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// A database file opened through SQLite's own file layer (the default VFS), to read its raw
/// bytes before SQLite itself reads them. It owns the `sqlite3_file` and closes it in `deinit`.
///
/// Reading a database file with plain `open` and `close` is dangerous while this process has a
/// SQLite connection to it: closing any descriptor of a file drops every POSIX lock the process
/// holds on it, SQLite's included, and another process may then take the log for unused and
/// delete its write-ahead log. SQLite's unix VFS keeps such a descriptor open until its locks
/// are gone, so reads made through it are safe.
final class VFSFile {
    private let vfs: UnsafeMutablePointer<sqlite3_vfs>
    private let file: UnsafeMutablePointer<sqlite3_file>
    private let name: sqlite3_filename
    private var isLocked = false

    /// Opens `path` read-only; nil when it cannot be opened.
    init?(path: String) {
        guard let vfs = sqlite3_vfs_find(nil), let name = sqlite3_create_filename(path, "", "", 0, nil) else { return nil }
        let raw = UnsafeMutableRawPointer.allocate(byteCount: Int(vfs.pointee.szOsFile), alignment: 16)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: Int(vfs.pointee.szOsFile))
        let file = raw.assumingMemoryBound(to: sqlite3_file.self)
        var outFlags: Int32 = 0
        let code = vfs.pointee.xOpen(vfs, name, file, SQLITE_OPEN_READONLY | SQLITE_OPEN_MAIN_DB, &outFlags)
        guard code == SQLITE_OK, file.pointee.pMethods != nil else {
            if file.pointee.pMethods != nil { _ = file.pointee.pMethods.pointee.xClose(file) }
            raw.deallocate()
            sqlite3_free_filename(name)
            return nil
        }
        self.vfs = vfs
        self.file = file
        self.name = name
    }

    deinit {
        if isLocked { _ = file.pointee.pMethods.pointee.xUnlock(file, SQLITE_LOCK_NONE) }
        _ = file.pointee.pMethods.pointee.xClose(file)
        UnsafeMutableRawPointer(file).deallocate()
        sqlite3_free_filename(name)
    }

    /// Takes SQLite's SHARED lock, waiting up to `milliseconds` while another process holds the
    /// file exclusively (writing it in rollback mode, as when it creates the schema). Returns
    /// false when the wait ran out.
    func lockShared(waitingUpTo milliseconds: Int) -> Bool {
        for _ in 0...max(milliseconds, 0) {
            if file.pointee.pMethods.pointee.xLock(file, SQLITE_LOCK_SHARED) == SQLITE_OK {
                isLocked = true
                return true
            }
            usleep(1000)
        }
        return false
    }

    /// The file's size in bytes.
    var size: Int64 {
        var size: sqlite3_int64 = 0
        return file.pointee.pMethods.pointee.xFileSize(file, &size) == SQLITE_OK ? Int64(size) : 0
    }

    /// Up to `count` bytes from `offset`; fewer when the file ends first.
    func read(_ count: Int, at offset: Int64 = 0) -> [UInt8] {
        let available = Int(max(0, min(Int64(count), size - offset)))
        guard available > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: available)
        let code = bytes.withUnsafeMutableBytes { file.pointee.pMethods.pointee.xRead(file, $0.baseAddress, Int32(available), offset) }
        return code == SQLITE_OK ? bytes : []
    }
}
