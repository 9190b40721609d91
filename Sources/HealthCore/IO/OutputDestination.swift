#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How output reaches a path, decided from what is there now.
///
/// A regular file, a missing one, or a symlink to either is *replaced*: a private temporary
/// file beside it is renamed over it once complete, so readers see the old file or the new
/// one, and a planted symlink is replaced, never followed. Anything else already at the path
/// (a device such as `/dev/null`, a FIFO, or a symlink to one) is *written into* where it is,
/// never renamed over or chmod-ed. `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and
/// `/proc/self/fd/N` name this process's own descriptors and are written through them.
public enum OutputDestination: Equatable, Sendable {
    /// A private temporary file beside `path` is renamed over it.
    case replace(path: String)
    /// Written into where it is: a device, a FIFO, or a symlink to one.
    case existing(path: String)
    /// An open descriptor of this process.
    case descriptor(Int32)

    /// The destination for `path`.
    public static func resolve(_ path: String) throws(OutputError) -> OutputDestination {
        if let descriptor = ownDescriptor(path) {
            guard fcntl(descriptor, F_GETFD) != -1 else {
                throw .cannotCreate(path: path, reason: Phrase("descriptor {descriptor} is not open", ["descriptor": "\(descriptor)"]))
            }
            return .descriptor(descriptor)
        }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            guard errno == ENOENT else { throw .cannotCreate(path: path, reason: OutputError.reason(errno)) }
            let folder = FileSystem.parentDirectory(of: path)
            guard FileSystem.isDirectory(folder) else {
                throw .cannotCreate(path: path, reason: Phrase("the folder {folder} does not exist", ["folder": "\(folder)"]))
            }
            return .replace(path: path)
        }
        var kind = link.st_mode & S_IFMT
        if kind == S_IFLNK {
            var target = stat()
            // A dangling symlink is replaced like a missing file.
            guard stat(path, &target) == 0 else { return .replace(path: path) }
            kind = target.st_mode & S_IFMT
            if kind == S_IFREG { return .replace(path: path) }
        }
        switch kind {
        case S_IFREG: return .replace(path: path)
        case S_IFDIR: throw .cannotCreate(path: path, reason: Phrase("it is a folder; name a file in it"))
        case S_IFSOCK: throw .cannotCreate(path: path, reason: Phrase("it is a socket, which healthlog cannot write into"))
        default: return .existing(path: path)
        }
    }

    /// The descriptor `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` or `/proc/self/fd/N` names, or nil.
    static func ownDescriptor(_ path: String) -> Int32? {
        switch path {
        case "/dev/stdout": return 1
        case "/dev/stderr": return 2
        default: break
        }
        for prefix in ["/dev/fd/", "/proc/self/fd/", "/proc/\(getpid())/fd/"] where path.hasPrefix(prefix) {
            let number = path.dropFirst(prefix.count)
            guard !number.isEmpty, number.count <= 9, number.allSatisfy(\.isASCIIDigit) else { return nil }
            return Int32(number)
        }
        return nil
    }
}
