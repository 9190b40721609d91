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
///
/// Everything below the folder is opened relative to the folder, never through a link, and
/// only when this user owns it and no one else may write it (see ``OwnedDirectory``): another
/// user who can write a shared folder can neither read the log through a file it planted nor
/// put lines into it.
public struct SyncFolder: Sendable {
    /// The folder's absolute path.
    public let path: String

    public init(path: String) {
        self.path = path
    }

    static let markerName = "healthlog-sync.json"
    static let journalName = "journal"
    static let deviceFileName = "device.json"
    /// Where a device starts a new segment.
    static let segmentBytes: Int64 = 1 << 20
    /// The largest device file read.
    static let deviceFileLimit: Int64 = 1 << 20

    /// True when the folder is there.
    public var exists: Bool { FileSystem.isDirectory(path) }

    /// True when the folder already holds a shared log (another machine made it).
    var holdsSharedLog: Bool { FileSystem.exists(path + "/" + SyncFolder.markerName) || FileSystem.isDirectory(path + "/" + SyncFolder.journalName) }

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

    /// A name a journal file may have: `*.ndjson`, not hidden, not an engine's temporary file.
    static func isJournalName(_ name: String) -> Bool {
        name.hasSuffix(".ndjson") && !name.hasPrefix(".") && !name.hasPrefix("~")
    }

    /// The folder, opened and checked: this user's, writable by no one else, as is every
    /// folder above it. With `device`, makes the layout that device writes (the journal
    /// folder, its own folder, the marker) when missing.
    func open(preparingFor device: String? = nil) throws(SyncError) -> OpenedSyncFolder {
        let root: OwnedDirectory
        do {
            root = try OwnedDirectory(path: path)
        } catch {
            if error.isMissing, error.path == path { throw .folderMissing(path) }
            throw .unsafe(error.phrase)
        }
        let opened = OpenedSyncFolder(folder: self, root: root)
        if let device { try opened.prepare(device: device) }
        return opened
    }
}

/// A shared folder opened for one merge, one append or one status.
final class OpenedSyncFolder {
    let folder: SyncFolder
    let root: OwnedDirectory
    private var devices: [String: OwnedDirectory] = [:]
    /// The device files read, by device (nil when there is none that may be read).
    private var deviceFiles: [String: DeviceFile?] = [:]
    private var journalDirectory: OwnedDirectory?
    /// Why the journal folder or a device's folder could not be used (for status).
    private(set) var problems: [SyncStatus.IgnoredEntry] = []

    init(folder: SyncFolder, root: OwnedDirectory) {
        self.folder = folder
        self.root = root
    }

    /// Makes the journal folder, `device`'s own folder and the marker, when missing.
    func prepare(device: String) throws(SyncError) {
        do {
            let journal = try journal(creating: true)
            devices[device] = try journal.subdirectory(device, creating: true)
        } catch {
            throw .unsafe(error.phrase)
        }
        if root.entry(SyncFolder.markerName) == nil {
            let text = JSONValue.object([
                ("healthlog-sync", .int(JournalLine.formatVersion)),
                ("about", .string("A family log shared by HealthLog. Each folder in journal/ is one machine's; do not edit.")),
            ])
            do {
                try root.replaceFile(SyncFolder.markerName, with: Array((text.serialized(indent: "  ") + "\n").utf8))
            } catch {
                throw .journal(Phrase("cannot write {target}: {reason}", ["target": error.path], terms: ["reason": error.reason]))
            }
        }
    }

    private func journal(creating: Bool) throws(OwnershipError) -> OwnedDirectory {
        if let journalDirectory { return journalDirectory }
        let opened = try root.subdirectory(SyncFolder.journalName, creating: creating)
        journalDirectory = opened
        return opened
    }

    /// The journal folder, when it is there and may be used.
    private var journal: OwnedDirectory? {
        if let journalDirectory { return journalDirectory }
        do {
            return try journal(creating: false)
        } catch {
            if !error.isMissing, !problems.contains(where: { $0.path == SyncFolder.journalName }) {
                problems.append(.init(path: SyncFolder.journalName, reason: error.reason))
            }
            return nil
        }
    }

    /// The folder of `device`, when it is there and may be used.
    func deviceDirectory(_ device: String) -> OwnedDirectory? {
        if let found = devices[device] { return found }
        guard let journal else { return nil }
        do {
            let opened = try journal.subdirectory(device)
            devices[device] = opened
            return opened
        } catch {
            let relative = "\(SyncFolder.journalName)/\(device)"
            if !error.isMissing, !problems.contains(where: { $0.path == relative }) { problems.append(.init(path: relative, reason: error.reason)) }
            return nil
        }
    }

    /// Why the journal folder, or `device`'s own folder in it, may not be used (another user's,
    /// writable by others, a link), or nil when they may be or are not there yet. A folder
    /// refused is never taken for a missing one: what it holds is neither read nor written
    /// again until it is set right.
    func refusal(for device: String) -> Phrase? {
        _ = journal
        _ = deviceDirectory(device)
        let own = "\(SyncFolder.journalName)/\(device)"
        return problems.first { $0.path == SyncFolder.journalName || $0.path == own }.map { problem in
            Phrase("{path}: {reason}", ["path": folder.path + "/" + problem.path], terms: ["reason": problem.phrase])
        }
    }

    /// The devices that have a folder in the journal, in order.
    func deviceIDs() -> [String] {
        (journal?.names() ?? []).filter(SyncFolder.isDeviceID).sorted()
    }

    /// One journal file found in the folder.
    struct JournalFile {
        /// The device whose folder holds it.
        let device: String
        let name: String
        /// Its path inside the shared folder: `journal/<device>/<name>`.
        let relativePath: String
        let size: Int64
        /// Modification time, nanoseconds since 1970.
        let modified: Int64
        let isConflictCopy: Bool
        /// Its segment number (nil for a conflict copy).
        var segment: Int? { SyncFolder.segmentNumber(name) }
    }

    /// Every journal file that may be read, devices and names in order: regular files, this
    /// user's, writable by no one else.
    func journalFiles() -> [JournalFile] {
        var files: [JournalFile] = []
        for device in deviceIDs() {
            guard let directory = deviceDirectory(device) else { continue }
            for name in directory.names().sorted() where SyncFolder.isJournalName(name) {
                guard let entry = directory.entry(name), entry.kind == S_IFREG, entry.ownershipProblem == nil else { continue }
                files.append(JournalFile(
                    device: device, name: name, relativePath: "\(SyncFolder.journalName)/\(device)/\(name)", size: entry.size,
                    modified: entry.modified, isConflictCopy: SyncFolder.isConflictCopy(name)))
            }
        }
        return files
    }

    /// Opens a journal file for reading, after checking the open file itself.
    func open(_ file: JournalFile) throws(OwnershipError) -> InputFile {
        guard let directory = deviceDirectory(file.device) else {
            throw OwnershipError(path: file.relativePath, reason: Phrase("its folder cannot be read"), isMissing: true)
        }
        return try directory.openFile(file.name)
    }

    /// What the journal folder holds that HealthLog does not read, and why: a segment that is a
    /// folder, link or pipe, or that another user owns or may write; a device folder that is
    /// none, or is not this user's alone; a name no device makes; the engine's conflict copies
    /// of a device file (status only, never needed).
    func ignoredEntries() -> [SyncStatus.IgnoredEntry] {
        var ignored: [SyncStatus.IgnoredEntry] = []
        guard let journal else { return problems }
        for name in journal.names().sorted() where !name.hasPrefix(".") && !name.hasPrefix("~") {
            let relative = "\(SyncFolder.journalName)/\(name)"
            guard SyncFolder.isDeviceID(name) else {
                ignored.append(.init(path: relative, reason: Phrase("not a device folder HealthLog makes")))
                continue
            }
            guard let entry = journal.entry(name), entry.kind == S_IFDIR else {
                ignored.append(.init(path: relative, reason: Phrase("{kind}, not a folder", terms: ["kind": OwnedDirectory.describe(journal.entry(name)?.kind)])))
                continue
            }
            guard let directory = deviceDirectory(name) else { continue }
            for file in directory.names().sorted() where !file.hasPrefix(".") && !file.hasPrefix("~") {
                let path = "\(relative)/\(file)"
                let found = directory.entry(file)
                if file.hasSuffix(".ndjson") || file == SyncFolder.deviceFileName {
                    if let found, found.kind != S_IFREG {
                        ignored.append(.init(
                            path: path,
                            reason: file == SyncFolder.deviceFileName
                                ? Phrase("{kind}, not a file: the device file is not read", terms: ["kind": OwnedDirectory.describe(found.kind)])
                                : Phrase("{kind}, not a file: its lines are not read", terms: ["kind": OwnedDirectory.describe(found.kind)])))
                    } else if let problem = found?.ownershipProblem {
                        ignored.append(.init(path: path, reason: Phrase("not read: {problem}", terms: ["problem": problem])))
                    }
                } else if file.hasPrefix("device"), SyncFolder.isConflictCopy(file) {
                    ignored.append(.init(path: path, reason: Phrase("a conflict copy of the device file (status only; safe to delete)")))
                }
            }
        }
        // Each path once, by its most telling reason.
        return problems.filter { problem in !ignored.contains { $0.path == problem.path } } + ignored
    }

    // MARK: - Device files

    /// The device file of `device`: only a regular file of this user's under 1 MiB, never
    /// through a link, so a link to /dev/zero or a pipe put there cannot hang this machine or
    /// fill its memory; and only one whose fields are what HealthLog writes. Why another is not
    /// read goes to status (``ignoredEntries()``).
    func deviceFile(of device: String) -> DeviceFile? {
        if let read = deviceFiles[device] { return read }
        guard let directory = deviceDirectory(device) else { return nil }
        let relative = "\(SyncFolder.journalName)/\(device)/\(SyncFolder.deviceFileName)"
        var read: DeviceFile?
        // A link, pipe or another user's file is named by ``ignoredEntries()``; a file too
        // large, or not what HealthLog writes, here.
        if let entry = directory.entry(SyncFolder.deviceFileName), entry.kind == S_IFREG, entry.ownershipProblem == nil {
            do {
                read = try Self.readDeviceFile(in: directory, of: device)
            } catch {
                if !error.isMissing, !problems.contains(where: { $0.path == relative }) { problems.append(.init(path: relative, reason: error.reason)) }
            }
        }
        deviceFiles[device] = .some(read)
        return read
    }

    private static func readDeviceFile(in directory: OwnedDirectory, of device: String) throws(OwnershipError) -> DeviceFile {
        let file = try directory.openFile(SyncFolder.deviceFileName, limit: SyncFolder.deviceFileLimit)
        let path = file.path
        guard let bytes = try? file.read(Int(SyncFolder.deviceFileLimit)) else {
            throw OwnershipError(path: path, reason: Phrase("it cannot be read"))
        }
        guard let value = try? JSONReader(bytes: bytes).readValue() else {
            throw OwnershipError(path: path, reason: Phrase("not JSON: the device file is not read"))
        }
        do {
            return try DeviceFile(value, of: device)
        } catch {
            throw OwnershipError(path: path, reason: Phrase("not a device file HealthLog writes ({reason}): not read", terms: ["reason": error.phrase]))
        }
    }

    /// Replaces this device's device file.
    func writeDeviceFile(of device: String, _ value: JSONValue) throws(SyncError) {
        try prepare(device: device)
        guard let directory = devices[device] else { return }
        do {
            try directory.replaceFile(SyncFolder.deviceFileName, with: Array((value.serialized(indent: "  ") + "\n").utf8))
        } catch {
            throw .journal(Phrase("cannot write {target}: {reason}", ["target": error.path], terms: ["reason": error.reason]))
        }
    }
}
