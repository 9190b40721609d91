#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Files written once and whole, where another program reads them (a systemd unit): created
/// exclusively and never through a symbolic link, so a file or link planted at the name is
/// refused, not followed.
extension FileSystem {
    /// True when `path` itself is a symbolic link (dangling or not).
    public static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// True when something (a file, folder or link, even a dangling one) is at `path`.
    public static func isPresent(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Writes `text` to a new file at `path` with permission bits `mode`: fails when anything is
    /// already there (`O_EXCL`), and never follows a link (`O_NOFOLLOW`).
    public static func createExclusively(_ path: String, text: String, mode: Int) throws(CreateError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode_t(mode))
        guard descriptor >= 0 else { throw CreateError(path: path, reason: SystemMessage.phrase(errno)) }
        // The mode asked for, whatever the umask.
        _ = fchmod(descriptor, mode_t(mode))
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = SystemMessage.phrase(errno)
                close(descriptor)
                unlink(path)
                throw CreateError(path: path, reason: reason)
            }
            written += count
        }
        guard fsync(descriptor) == 0 || errno == EINVAL, close(descriptor) == 0 else {
            let reason = SystemMessage.phrase(errno)
            unlink(path)
            throw CreateError(path: path, reason: reason)
        }
    }
}
