#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Paths and folders: what exists, where a file's folder is, and creating files and folders
/// that only their owner can read (health data is for its owner only).
public enum FileSystem {
    /// Why a file or folder could not be created.
    public struct CreateError: Error, CustomStringConvertible, Sendable {
        public let path: String
        public let reason: Phrase
        public var description: String { "cannot create \(path): \(reason)" }
    }

    /// Removes `directory` when it is empty; anything else is left alone.
    public static func removeEmptyDirectory(_ directory: String) {
        _ = rmdir(directory)
    }

    /// Flushes a folder's entries to disk, so a file just renamed into it stays renamed after a
    /// power cut. Best effort: a folder that cannot be opened is left as it is.
    public static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// True when something exists at `path` (a dangling symlink counts).
    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// True when `path` is a regular file (not a symlink) that starts like a PNG image.
    public static func isPNGFile(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var signature = [UInt8](repeating: 0, count: 8)
        let count = signature.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, 8) }
        return count == 8 && signature == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }

    /// True when `a` and `b` name one file: the same device and inode when both exist
    /// (following symlinks and hard links), else the same absolute path once the folder
    /// holding each is resolved.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        let aExists = stat(a, &first) == 0
        let bExists = stat(b, &second) == 0
        if aExists && bExists { return first.st_dev == second.st_dev && first.st_ino == second.st_ino }
        guard let left = resolvedLocation(a), let right = resolvedLocation(b) else { return false }
        return left == right
    }

    /// `path` with its folder resolved (symlinks and `..` gone) and its own name kept.
    private static func resolvedLocation(_ path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = realpath(folder, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved) + "/" + name
    }

    /// Removes the file at `path`; nothing happens when there is none.
    public static func remove(_ path: String) {
        unlink(path)
    }

    /// What is at `path` (following symlinks) when it exists and is not a regular file: "a folder",
    /// "a device", "a FIFO", "a socket"; nil for a regular file or nothing at all.
    public static func nonRegularKind(_ path: String) -> Phrase? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return Phrase("a folder")
        case S_IFCHR, S_IFBLK: return Phrase("a device")
        case S_IFIFO: return Phrase("a FIFO (named pipe)")
        case S_IFSOCK: return Phrase("a socket")
        default: return Phrase("not a regular file")
        }
    }

    /// The names in `directory` that end in `suffix`, sorted; none when it cannot be read.
    public static func names(in directory: String, endingIn suffix: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(suffix) && !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// True when `path` is a directory.
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The folder part of `path` (`.` when it has none).
    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` made absolute against the current folder, without a trailing slash.
    public static func absolutePath(_ path: String) -> String {
        var result = path
        if !result.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let folder = getcwd(&buffer, buffer.count) != nil
                ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : "."
            result = result == "." ? folder : folder + "/" + (result.hasPrefix("./") ? String(result.dropFirst(2)) : result)
        }
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// `path` made absolute, with `.` and `..` taken out and symbolic links resolved in the part
    /// that exists: two paths to one place resolve alike, made or not.
    public static func resolvedPath(_ path: String) -> String {
        var parts: [Substring] = []
        for part in absolutePath(path).split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        // The longest existing prefix, resolved, and the rest as written.
        for count in stride(from: parts.count, through: 0, by: -1) {
            let prefix = "/" + parts.prefix(count).joined(separator: "/")
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard realpath(prefix, &buffer) != nil else { continue }
            var resolved = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let rest = parts.dropFirst(count).joined(separator: "/")
            if !rest.isEmpty { resolved += (resolved == "/" ? "" : "/") + rest }
            return resolved
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Creates the missing folders of `directory`, each with mode 0700.
    public static func createPrivateDirectories(_ directory: String) throws(CreateError) {
        if exists(directory) { return }
        let parent = parentDirectory(of: directory)
        if parent != directory { try createPrivateDirectories(parent) }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw CreateError(path: directory, reason: SystemMessage.phrase(errno))
        }
    }

    /// Creates an empty file with mode 0600 and its missing folders (0700). Returns true when
    /// this call created it, false when it existed already: two processes creating the same
    /// file at the same moment are fine, since the file is created exclusively.
    @discardableResult
    public static func createPrivateFile(_ path: String) throws(CreateError) -> Bool {
        try createPrivateDirectories(parentDirectory(of: path))
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return true
        }
        guard errno == EEXIST else { throw CreateError(path: path, reason: SystemMessage.phrase(errno)) }
        return false
    }

    /// Restricts an existing file to its owner (mode 0600); false when that was not allowed.
    @discardableResult
    public static func makePrivate(_ path: String) -> Bool {
        chmod(path, 0o600) == 0
    }

    /// The size in bytes of the file at `path`, or nil when there is none.
    public static func size(of path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    /// The permission bits of `path`, or nil when it does not exist.
    public static func mode(of path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_mode & 0o7777)
    }

    /// True when this process may write the file at `path`.
    public static func isWritable(_ path: String) -> Bool {
        access(path, W_OK) == 0
    }

    /// True when this process may write into `directory` (create and rename files there).
    public static func isWritableDirectory(_ directory: String) -> Bool {
        access(directory, W_OK | X_OK) == 0
    }
}
