#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file open for reading in pieces, so files of any size stream through flat memory.
/// It owns the descriptor and closes it in `deinit`.
public final class InputFile {
    public let path: String
    private let descriptor: Int32

    public init(path: String) throws(FileBytes.ReadError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileBytes.ReadError(path: path, reason: SystemMessage.phrase(errno), isMissing: errno == ENOENT)
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw FileBytes.ReadError(path: path, reason: Phrase("it is a directory"), isMissing: false)
        }
    }

    /// Opens `path` only when it is a regular file (a link to one is followed), never waiting on
    /// a pipe: a device, a pipe or a socket is refused, so `/dev/zero` or a FIFO put in the place
    /// of a file every command reads can neither fill memory nor hang the command.
    public init(regularFileAt path: String) throws(FileBytes.ReadError) {
        self.path = path
        descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            throw FileBytes.ReadError(path: path, reason: SystemMessage.phrase(errno), isMissing: errno == ENOENT)
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw FileBytes.ReadError(path: path, reason: SystemMessage.phrase(code), isMissing: false)
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG else {
            close(descriptor)
            throw FileBytes.ReadError(
                path: path, reason: kind == S_IFDIR ? Phrase("it is a directory") : Phrase("it is {kind}, not a file", terms: ["kind": OwnedDirectory.describe(kind)]),
                isMissing: false)
        }
    }

    /// A file this process has open already, owned from now on.
    public init(adopting descriptor: Int32, path: String) {
        self.path = path
        self.descriptor = descriptor
    }

    /// This process's standard input (a copy of descriptor 0, so closing it leaves stdin be).
    public init(standardInputNamed name: String) throws(FileBytes.ReadError) {
        path = name
        descriptor = dup(0)
        guard descriptor >= 0 else {
            throw FileBytes.ReadError(path: name, reason: SystemMessage.phrase(errno), isMissing: false)
        }
    }

    deinit {
        close(descriptor)
    }

    /// True for a regular file, which can be read again from the start; false for a pipe, a
    /// terminal or a device.
    public var isRegularFile: Bool {
        var info = stat()
        return fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Why another user could change this file, when one could: it is neither this user's nor
    /// root's, or others may write it (a group of this user's alone does not count). Nil when
    /// it is this user's, or root's, alone.
    public var changeableByOthers: Phrase? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        if info.st_uid != geteuid(), info.st_uid != 0 {
            return Phrase("another user ({user}) owns it", ["user": OwnedDirectory.userName(info.st_uid)])
        }
        if OwnedDirectory.writableByOthers(group: info.st_gid, permissions: info.st_mode & 0o7777) {
            return Phrase("other users may write it (mode {mode})", ["mode": OwnedDirectory.octal(info.st_mode & 0o7777)])
        }
        return nil
    }

    /// The file's size in bytes.
    public var size: Int64 {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int64(info.st_size) : 0
    }

    /// Up to `count` bytes from the current position; fewer only at the end of the file.
    public func read(_ count: Int) throws(FileBytes.ReadError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got: Result<Int, FileBytes.ReadError> = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(FileBytes.ReadError) in try read(into: buffer) }
        }
        bytes.removeLast(count - (try got.get()))
        return bytes
    }

    /// Fills `buffer` as far as the file allows; returns the number of bytes read (0 at the end).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileBytes.ReadError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let result = Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            if result < 0 {
                if errno == EINTR { continue }
                throw FileBytes.ReadError(path: path, reason: SystemMessage.phrase(errno), isMissing: false)
            }
            if result == 0 { break }
            filled += result
        }
        return filled
    }

    /// Moves to `offset` bytes from the start.
    public func seek(to offset: Int64) throws(FileBytes.ReadError) {
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
            throw FileBytes.ReadError(path: path, reason: SystemMessage.phrase(errno), isMissing: false)
        }
    }
}
