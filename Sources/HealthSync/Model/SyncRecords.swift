public import HealthCore

/// A journal file of a sync folder as a merge last read it: enough to read only what was added
/// since, and to notice a file that was replaced rather than grown.
public struct SyncFileState: Equatable, Sendable {
    /// The file's path inside the sync folder.
    public var path: String
    public var size: Int64
    /// Its modification time, in nanoseconds since 1970.
    public var modified: Int64
    /// A hash of its first bytes, up to ``readTo`` (at most 4 KiB).
    public var prefixHash: String
    /// The bytes read, through the last complete line of the last complete transaction.
    public var readTo: Int64
    /// The complete lines read, up to ``readTo``.
    public var lines: Int
    /// The lines of this file refused so far (only the first few are named, by place).
    public var refused = 0

    public init(path: String, size: Int64, modified: Int64, prefixHash: String, readTo: Int64, lines: Int) {
        self.path = path
        self.size = size
        self.modified = modified
        self.prefixHash = prefixHash
        self.readTo = readTo
        self.lines = lines
    }
}

/// A journal line a merge refused, and why: its place and a reason, never the line itself.
public struct SyncRefusal: Equatable, Sendable {
    public var path: String
    public var line: Int
    /// Why, in the reader's language (see ``Phrase``).
    public var phrase: Phrase

    public init(path: String, line: Int, reason: Phrase) {
        self.path = path
        self.line = line
        self.phrase = reason
    }

    /// Why, in English.
    public var reason: String { phrase.english }
}

/// Two devices that changed one record without either seeing the other's change, and which won.
public struct SyncConflict: Equatable, Sendable {
    public var kind: RecordKind
    public var entityID: String
    public var winnerDevice: String
    public var winnerClock: Int64
    public var loserDevice: String
    public var loserClock: Int64
    /// A field of the losing change that the winning one set otherwise, with the loser's value.
    public struct Field: Equatable, Sendable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// True when the winning change was a deletion.
    public var winnerDeleted = false
    /// What the losing change held that the log does not show now (empty for a deletion).
    public var lost: [Field] = []
    /// True when the losing change was a deletion.
    public var loserDeleted = false

    public init(kind: RecordKind, entityID: String, winnerDevice: String, winnerClock: Int64, loserDevice: String, loserClock: Int64) {
        self.kind = kind
        self.entityID = entityID
        self.winnerDevice = winnerDevice
        self.winnerClock = winnerClock
        self.loserDevice = loserDevice
        self.loserClock = loserClock
    }
}

/// What the log knows of one device's operations.
public struct SyncDeviceSummary: Equatable, Sendable {
    public var device: String
    public var operations: Int
    /// The clock of its latest operation.
    public var lastClock: Int64
    /// The clock of its earliest operation.
    public var firstClock: Int64 = 0
}

/// The sync tables: operations, journal file states, refusals, conflicts and this machine's
/// sync settings. Calls that change them run inside the caller's write transaction when there
