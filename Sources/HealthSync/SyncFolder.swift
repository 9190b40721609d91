#if canImport(Glibc)
    import Glibc
#endif
import HealthCore

/// A shared folder as HealthLog lays it out. Each device writes only its own folder, so the
/// engine that copies the folder between machines never sees two writers of one file:
///
/// ```
/// FOLDER/healthlog-sync.json               what the folder is (written once)
/// FOLDER/journal/<device>/000001.ndjson    the device's operations, a new segment at about 1 MiB
/// FOLDER/journal/<device>/device.json      its name, HealthLog version and what it has merged
/// ```
public struct SyncFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    public init(path: String) {
        self.path = path
    }

    static let markerName = "healthlog-sync.json"
    static let deviceFileName = "device.json"
    /// Where a device starts a new segment.
    static let segmentBytes: Int64 = 1 << 20

    var journalFolder: String { path + "/journal" }
    func deviceFolder(_ device: String) -> String { journalFolder + "/" + device }
    func segmentPath(device: String, number: Int) -> String { deviceFolder(device) + "/" + SyncFolder.segmentName(number) }

    /// True when the folder is there.
    public var exists: Bool { FileSystem.isDirectory(path) }

    /// True when the folder already holds a shared log (another machine made it).
    var holdsSharedLog: Bool { FileSystem.exists(path + "/" + SyncFolder.markerName) || FileSystem.isDirectory(journalFolder) }

    /// `000001.ndjson`.
    static func segmentName(_ number: Int) -> String { pad(number, 6) + ".ndjson" }

    /// The segment number of a name like `000001.ndjson` (not of a conflict copy).
    static func segmentNumber(_ name: String) -> Int? {
        guard name.hasSuffix(".ndjson"), name.utf8.count == 13 else { return nil }
        return Int(name.prefix(6))
    }

    /// A device id: 16 lowercase hex digits, random.
    static func newDeviceID() -> String { String(RandomUUID.make().filter { $0 != "-" }.prefix(16)) }

    /// True for a device id HealthLog makes (and so for a folder name it reads).
    public static func isDeviceID(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
    }

    /// A copy the engine made when two machines changed one file: Syncthing's
    /// `*.sync-conflict-*`, Nextcloud's and Dropbox's "conflicted copy". Read as an extra segment.
    static func isConflictCopy(_ name: String) -> Bool {
        name.contains(".sync-conflict-") || name.lowercased().contains("conflicted copy") || name.lowercased().contains("(conflict")
    }

    /// One journal file found in the folder.
    struct JournalFile {
        /// The device whose folder holds it.
        let device: String
        /// Its path inside the shared folder: `journal/<device>/<name>`.
        let relativePath: String
        let path: String
        let size: Int64
        /// Modification time, nanoseconds since 1970.
        let modified: Int64
        let isConflictCopy: Bool
    }

    /// Every journal file in the folder, devices and names in order. Engines' temporary files
    /// (`.syncthing.*.tmp`, `~syncthing~*`) and hidden files are not journals.
    func journalFiles() -> [JournalFile] {
        var files: [JournalFile] = []
        for device in SyncFolder.entries(of: journalFolder).sorted() where SyncFolder.isDeviceID(device) {
            let folder = deviceFolder(device)
            for name in SyncFolder.entries(of: folder).sorted() where name.hasSuffix(".ndjson") && !name.hasPrefix(".") && !name.hasPrefix("~") {
                let path = folder + "/" + name
                var info = stat()
                guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
                let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
                files.append(JournalFile(
                    device: device, relativePath: "journal/\(device)/\(name)", path: path, size: Int64(info.st_size), modified: modified,
                    isConflictCopy: SyncFolder.isConflictCopy(name)))
            }
        }
        return files
    }

    /// What the journal folder holds that HealthLog does not read, and why: a segment that is a
    /// folder, link or pipe, a device folder that is not a folder, a name no device makes, and
    /// the engine's conflict copies of a device file (status only, never needed).
    func ignoredEntries() -> [SyncStatus.IgnoredEntry] {
        var ignored: [SyncStatus.IgnoredEntry] = []
        for name in SyncFolder.entries(of: journalFolder).sorted() where !name.hasPrefix(".") && !name.hasPrefix("~") {
            let relative = "journal/\(name)"
            guard SyncFolder.isDeviceID(name) else {
                ignored.append(.init(path: relative, reason: Phrase("not a device folder HealthLog makes")))
                continue
            }
            guard let kind = SyncFolder.kind(journalFolder + "/" + name), kind == S_IFDIR else {
                ignored.append(.init(path: relative, reason: Phrase("{kind}, not a folder", terms: ["kind": SyncFolder.describe(SyncFolder.kind(journalFolder + "/" + name))])))
                continue
            }
            for entry in SyncFolder.entries(of: deviceFolder(name)).sorted() where !entry.hasPrefix(".") && !entry.hasPrefix("~") {
                let path = "\(relative)/\(entry)"
                if entry.hasSuffix(".ndjson") {
                    let kind = SyncFolder.kind(deviceFolder(name) + "/" + entry)
                    if kind != S_IFREG {
                        ignored.append(.init(path: path, reason: Phrase("{kind}, not a file: its lines are not read", terms: ["kind": SyncFolder.describe(kind)])))
                    }
                } else if entry == SyncFolder.deviceFileName, let kind = SyncFolder.kind(deviceFolder(name) + "/" + entry), kind != S_IFREG {
                    ignored.append(.init(path: path, reason: Phrase("{kind}, not a file: the device file is not read", terms: ["kind": SyncFolder.describe(kind)])))
                } else if entry.hasPrefix("device"), SyncFolder.isConflictCopy(entry) {
                    ignored.append(.init(path: path, reason: Phrase("a conflict copy of the device file (status only; safe to delete)")))
                }
            }
        }
        return ignored
    }

    /// The file type bits of `path` itself (a link is a link), or nil when it is not there.
    private static func kind(_ path: String) -> mode_t? {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : nil
    }

    private static func describe(_ kind: mode_t?) -> Phrase {
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

    /// The devices that have a folder in the journal.
    func devices() -> [String] { SyncFolder.entries(of: journalFolder).filter(SyncFolder.isDeviceID).sorted() }

    /// The names in `directory` (none when it cannot be read).
    static func entries(of directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Makes the folder's layout for `device` (the folder itself, the marker, the device's own folder).
    func prepare(device: String) throws(SyncError) {
        do {
            try FileSystem.createPrivateDirectories(deviceFolder(device))
        } catch {
            throw .journal(Phrase("cannot make the shared folder {path}: {reason}", ["path": path], terms: ["reason": error.reason]))
        }
        let marker = path + "/" + SyncFolder.markerName
        if !FileSystem.exists(marker) {
            let text = JSONValue.object([("healthlog-sync", .int(JournalLine.formatVersion)), ("about", .string("A family log shared by HealthLog. Each folder in journal/ is one machine's; do not edit."))])
            try SyncFolder.writeAtomically(text.serialized(indent: "  ") + "\n", to: marker)
        }
    }

    /// Writes `text` to `target` through a temporary file and a rename.
    static func writeAtomically(_ text: String, to target: String) throws(SyncError) {
        do {
            let staged = try StagedFile(beside: target)
            let descriptor = open(staged.temporaryPath, O_WRONLY | O_TRUNC | O_CLOEXEC)
            guard descriptor >= 0 else {
                staged.discard()
                throw SyncError.journal(Phrase("cannot write {target}: {reason}", ["target": "\(target)"], terms: ["reason": SystemMessage.phrase(errno)]))
            }
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            fsync(descriptor)
            close(descriptor)
            guard written == bytes.count else {
                staged.discard()
                throw SyncError.journal(Phrase("cannot write {target}: the disk may be full", ["target": "\(target)"]))
            }
            try staged.commit(to: target)
        } catch let error as SyncError {
            throw error
        } catch {
            throw .journal(Phrase("cannot write {target}: {error}", ["target": "\(target)", "error": "\(error)"]))
        }
    }
}
