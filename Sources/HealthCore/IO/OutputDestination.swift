#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How output reaches a path, decided from what is there now.
///
/// A regular file of this user's, a missing one, or a symlink to either is *replaced*: a
/// private temporary file beside it is renamed over it once complete, so readers see the old
/// file or the new one, and a planted symlink is replaced, never followed. The user's own FIFO
/// or terminal, or `/dev/null`, named directly, is *written into* where it is, never renamed
/// over or chmod-ed. A symlink to a pipe or a device, a disk, a socket, a folder, or a file
/// or pipe of another user's is refused. `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and
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
        if link.st_mode & S_IFMT == S_IFLNK {
            var target = stat()
            // A dangling symlink is replaced like a missing file, and so is one to a regular file.
            guard stat(path, &target) == 0, target.st_mode & S_IFMT != S_IFREG else { return .replace(path: path) }
            if target.st_mode & S_IFMT == S_IFDIR { throw .cannotCreate(path: path, reason: Phrase("it is a folder; name a file in it")) }
            // Output is never written *through* a link into a pipe or a device: a link planted
            // in a shared folder would hand the export to another user, or a PDF to a disk.
            throw .cannotCreate(
                path: path, reason: Phrase("it is a symbolic link to {kind}, which healthlog never writes through; name the file itself", terms: ["kind": OwnedDirectory.describe(target.st_mode & S_IFMT)]))
        }
        if let refusal = refusal(link) { throw .cannotCreate(path: path, reason: refusal) }
        return link.st_mode & S_IFMT == S_IFREG ? .replace(path: path) : .existing(path: path)
    }

    /// Why output must not go to the file `info` describes (reached without a link), or nil:
    /// it must be a regular file, a FIFO or a terminal of this user's, or `/dev/null`.
    /// ``OutputFile`` asks again of the descriptor it opened, in case the path was swapped.
    static func refusal(_ info: stat, isTerminal: Bool? = nil) -> Phrase? {
        let kind = info.st_mode & S_IFMT
        switch kind {
        case S_IFDIR: return Phrase("it is a folder; name a file in it")
        case S_IFSOCK: return Phrase("it is a socket, which healthlog cannot write into")
        case S_IFBLK: return Phrase("it is a disk device, which healthlog never writes onto")
        case S_IFCHR where isNullDevice(info): return nil
        case S_IFCHR where isTerminal == false:
            return Phrase("it is a device that is not a terminal, which healthlog never writes onto")
        default: break
        }
        // A terminal is the user's by being open to them; a file or a pipe must be theirs.
        if kind != S_IFCHR && info.st_uid != geteuid() {
            return Phrase("another user ({user}) owns it", ["user": OwnedDirectory.userName(info.st_uid)])
        }
        return nil
    }

    /// True for `/dev/null` and `/dev/full`, the sinks every system has (character devices 1, 3
    /// and 1, 7 on Linux): writing into them changes nothing.
    private static func isNullDevice(_ info: stat) -> Bool {
        ["/dev/null", "/dev/full"].contains { sink in
            var device = stat()
            return stat(sink, &device) == 0 && device.st_mode & S_IFMT == S_IFCHR && info.st_rdev == device.st_rdev
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
