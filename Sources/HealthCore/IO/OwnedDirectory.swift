#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file or folder that must be this user's own cannot be used, as `ssh` refuses a loose
/// `authorized_keys`: another user owns it or may write it, it is a link, or it is no file.
public struct OwnershipError: Error, Equatable, Sendable {
    /// The path as the message names it.
    public let path: String
    public let reason: Phrase
    /// True when nothing is there.
    public let isMissing: Bool

    public init(path: String, reason: Phrase, isMissing: Bool = false) {
        self.path = path
        self.reason = reason
        self.isMissing = isMissing
    }

    /// `PATH: REASON`, in the reader's language.
    public var phrase: Phrase { Phrase("{path}: {reason}", ["path": path], terms: ["reason": reason]) }
}

/// What one entry of a directory is, read without following a link.
public struct DirectoryEntry: Equatable, Sendable {
    public let name: String
    /// The file type bits (`S_IFREG`, `S_IFDIR`, `S_IFLNK`, …).
    public let kind: UInt32
    public let size: Int64
    /// Modification time, nanoseconds since 1970.
    public let modified: Int64
    public let owner: UInt32
    public let group: UInt32
    public let permissions: UInt32

    /// Why this user may not trust the entry, or nil: another user owns it, or anyone but its
    /// owner may write it.
    public var ownershipProblem: Phrase? { OwnedDirectory.problem(owner: owner, group: group, permissions: permissions) }
}

/// A directory opened without ever following a link below it, owned by this user and
/// writable by no one else, whose files are opened relative to it, never by path: what is
/// checked is what is used, so a folder or file swapped for a link, a pipe or another user's
/// file between a check and a use is refused, never followed or waited on. It owns the
/// descriptor.
///
/// ```swift
/// let folder = try OwnedDirectory(path: "/home/dad/Sync/healthlog")
/// let journal = try folder.subdirectory("journal", creating: true)
/// let file = try journal.openFile("000001.ndjson")
/// ```
public final class OwnedDirectory {
    /// The path, for messages.
    public let path: String
    public let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Opens the folder at `path`. A link in the path itself is followed (it is the user's own
    /// path); the folder it reaches must be this user's and writable by no one else, and so
    /// must each folder above it, but for the root's own and sticky ones such as /tmp.
    public convenience init(path: String) throws(OwnershipError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw OwnershipError(path: path, reason: SystemMessage.phrase(errno), isMissing: errno == ENOENT) }
        self.init(path: path, descriptor: descriptor)
        try check(descriptor: descriptor, path: path, kind: S_IFDIR)
        try OwnedDirectory.checkAncestors(of: path)
    }

    /// Opens the folder `name` inside this one, never through a link, with the same checks;
    /// with `creating`, makes it (mode 0700) when it is missing.
    public func subdirectory(_ name: String, creating: Bool = false) throws(OwnershipError) -> OwnedDirectory {
        let childPath = path + "/" + name
        var opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        if opened < 0, errno == ENOENT, creating {
            guard mkdirat(descriptor, name, 0o700) == 0 || errno == EEXIST else {
                throw OwnershipError(path: childPath, reason: SystemMessage.phrase(errno))
            }
            opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        }
        guard opened >= 0 else { throw OwnershipError(path: childPath, reason: OwnedDirectory.openFailure(errno), isMissing: errno == ENOENT) }
        let child = OwnedDirectory(path: childPath, descriptor: opened)
        try check(descriptor: opened, path: childPath, kind: S_IFDIR)
        return child
    }

    /// The names in the folder (not `.` and `..`), unsorted; none when it cannot be read.
    public func names() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let handle = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            return []
        }
        defer { closedir(handle) }
        rewinddir(handle)
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What `name` is, read without following a link; nil when it is not there.
    public func entry(_ name: String) -> DirectoryEntry? {
        var info = stat()
        guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return DirectoryEntry(
            name: name, kind: info.st_mode & S_IFMT, size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec), owner: info.st_uid,
            group: info.st_gid, permissions: info.st_mode & 0o7777)
    }

    /// `opened`, a descriptor `openat` returned for `filePath`, once it is known to be a regular
    /// file that passes ``check(descriptor:path:kind:)``; closed when it does not.
    private func checkedRegularFile(_ opened: Int32, path filePath: String) throws(OwnershipError) -> Int32 {
        guard opened >= 0 else { throw OwnershipError(path: filePath, reason: OwnedDirectory.openFailure(errno), isMissing: errno == ENOENT) }
        do {
            try check(descriptor: opened, path: filePath, kind: S_IFREG)
        } catch {
            close(opened)
            throw error
        }
        return opened
    }

    /// Opens the regular file `name` for reading, never through a link and never waiting on a
    /// pipe, after checking the open file itself: this user's, writable by no one else, at most
    /// `limit` bytes.
    public func openFile(_ name: String, limit: Int64 = Int64.max) throws(OwnershipError) -> InputFile {
        let filePath = path + "/" + name
        let opened = try checkedRegularFile(openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY), path: filePath)
        var info = stat()
        if fstat(opened, &info) == 0, Int64(info.st_size) > limit {
            close(opened)
            throw OwnershipError(path: filePath, reason: Phrase("it is larger than {n} bytes", ["n": "\(limit)"]))
        }
        return InputFile(adopting: opened, path: filePath)
    }

    /// Opens the regular file `name` for appending (and reading back), never through a link: an existing one must
    /// pass the same checks (and is made 0600); with `creating`, a missing one is created
    /// exclusively, mode 0600. Returns the descriptor, which the caller owns.
    public func openForAppending(_ name: String, creating: Bool) throws(OwnershipError) -> Int32 {
        let filePath = path + "/" + name
        var opened = openat(descriptor, name, O_RDWR | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if opened < 0, errno == ENOENT, creating {
            opened = openat(descriptor, name, O_RDWR | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        opened = try checkedRegularFile(opened, path: filePath)
        _ = fchmod(opened, 0o600)
        return opened
    }

    /// Replaces `name` with `bytes` in one step: a new private file (0600, created
    /// exclusively) renamed over it, so a reader sees the old file or the new one.
    public func replaceFile(_ name: String, with bytes: [UInt8]) throws(OwnershipError) {
        let target = path + "/" + name
        var temporary = ""
        var opened: Int32 = -1
        for _ in 0..<16 {
            temporary = ".\(name).\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
            opened = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if opened >= 0 || errno != EEXIST { break }
        }
        guard opened >= 0 else { throw OwnershipError(path: target, reason: SystemMessage.phrase(errno)) }
        var offset = 0
        var failure: Int32 = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(opened, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            offset += written
        }
        if failure == 0, fsync(opened) != 0 { failure = errno }
        close(opened)
        if failure == 0, renameat(descriptor, temporary, descriptor, name) != 0 { failure = errno }
        guard failure == 0 else {
            unlinkat(descriptor, temporary, 0)
            throw OwnershipError(path: target, reason: SystemMessage.phrase(failure))
        }
        _ = fsync(descriptor)
    }

    /// Removes the file `name` (never a folder); true when it went or was not there.
    @discardableResult
    public func removeFile(_ name: String) -> Bool {
        unlinkat(descriptor, name, 0) == 0 || errno == ENOENT
    }

    /// Waits for this process's exclusive hold on the folder (`flock`), which other processes
    /// of this user take before writing in it; released by ``unlock()`` or when the folder is closed.
    public func lock() {
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
    }

    public func unlock() {
        _ = flock(descriptor, LOCK_UN)
    }

    // MARK: - Checks

    /// Refuses what `descriptor` has open unless it is of `kind`, this user's, and writable by
    /// no one else.
    private func check(descriptor: Int32, path: String, kind: mode_t) throws(OwnershipError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw OwnershipError(path: path, reason: SystemMessage.phrase(errno)) }
        let found = info.st_mode & S_IFMT
        guard found == kind else {
            throw OwnershipError(path: path, reason: Phrase("it is {found}, not {wanted}", terms: ["found": OwnedDirectory.describe(found), "wanted": OwnedDirectory.describe(kind)]))
        }
        if let problem = OwnedDirectory.problem(owner: info.st_uid, group: info.st_gid, permissions: info.st_mode & 0o7777) {
            throw OwnershipError(path: path, reason: problem)
        }
    }

    /// Why an entry owned by `owner` with `permissions` is not this user's own alone, or nil.
    public static func problem(owner: UInt32, group: UInt32, permissions: UInt32) -> Phrase? {
        if owner != geteuid() {
            return Phrase("another user ({user}) owns it and could change it", ["user": userName(owner)])
        }
        if writableByOthers(group: group, permissions: permissions) {
            return Phrase("other users may write it (mode {mode}); make it yours alone (chmod go-rwx)", ["mode": octal(permissions)])
        }
        return nil
    }

    /// True when someone but the owner may write an entry with `permissions` and `group`:
    /// anyone, or a group with others in it. The user's own private group (a group of the
    /// user's name with no other members, as a umask of 002 makes files) is the user alone.
    public static func writableByOthers(group: UInt32, permissions: UInt32) -> Bool {
        if permissions & 0o002 != 0 { return true }
        guard permissions & 0o020 != 0 else { return false }
        return !isPrivateGroup(group)
    }

    private static func isPrivateGroup(_ group: UInt32) -> Bool {
        guard group == getegid(), let entry = getgrgid(group) else { return false }
        guard let members = entry.pointee.gr_mem else { return true }
        return members.pointee == nil
    }

    /// Refuses a folder above `path` that another user could use to swap it: one owned by
    /// another user (but root), or writable by others without the sticky bit.
    public static func checkAncestors(of path: String) throws(OwnershipError) {
        var resolved = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(path, &resolved) != nil else { return }
        var directory = FileSystem.parentDirectory(of: String(decoding: resolved.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        while true {
            var info = stat()
            if stat(directory, &info) == 0 {
                let permissions = info.st_mode & 0o7777
                if info.st_uid != 0 && info.st_uid != geteuid() {
                    throw OwnershipError(path: directory, reason: Phrase("another user ({user}) owns it and could swap the folder inside it", ["user": userName(info.st_uid)]))
                }
                if writableByOthers(group: info.st_gid, permissions: permissions) && permissions & S_ISVTX == 0 {
                    throw OwnershipError(path: directory, reason: Phrase("other users may write it (mode {mode}) and so swap the folder inside it", ["mode": octal(permissions)]))
                }
            }
            let parent = FileSystem.parentDirectory(of: directory)
            if parent == directory { return }
            directory = parent
        }
    }

    /// A user's login name, or their number.
    public static func userName(_ uid: UInt32) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return String(cString: name)
    }

    /// `permissions` as four octal digits, as `chmod` takes them (`0755`).
    public static func octal(_ permissions: UInt32) -> String {
        let digits = String(permissions, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// What kind of thing `kind` is, in words.
    public static func describe(_ kind: UInt32?) -> Phrase {
        switch kind {
        case S_IFDIR?: Phrase("a folder")
        case S_IFLNK?: Phrase("a symbolic link")
        case S_IFIFO?: Phrase("a pipe")
        case S_IFSOCK?: Phrase("a socket")
        case S_IFCHR?, S_IFBLK?: Phrase("a device")
        case S_IFREG?: Phrase("a file")
        default: Phrase("gone")
        }
    }

    private static func openFailure(_ code: Int32) -> Phrase {
        code == ELOOP ? Phrase("it is a symbolic link, which is never followed here") : SystemMessage.phrase(code)
    }
}
