/// The kinds of record family sync carries, in the order a merge applies them: a reading's
/// profile before the reading.
public enum SyncEntity: String, CaseIterable, Sendable, Comparable {
    case profile, tag, event, reading

    public static func < (lhs: SyncEntity, rhs: SyncEntity) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One operation of a family log: a record put whole, or deleted, by one device at one moment
/// of its hybrid logical clock.
///
/// The merged log is a function of the set of operations alone: for each record, the operation
/// with the greatest (``clock``, ``device``) wins, a deletion included.
public struct SyncOperation: Equatable, Sendable {
    /// The operation's own id (a UUID): the same operation read twice is stored once.
    public var id: String
    public var entity: SyncEntity
    /// The id of the record it puts or deletes.
    public var entityID: String
    /// The profile of a reading or event (nil for profiles and tags).
    public var profileID: String?
    /// The hybrid logical clock: milliseconds since 1970 times 65,536, plus a counter.
    public var clock: Int64
    /// The device that wrote it.
    public var device: String
    /// True for a deletion (a tombstone).
    public var deleted: Bool
    /// The journal line that carries it, as written.
    public var line: String

    public init(
        id: String, entity: SyncEntity, entityID: String, profileID: String?, clock: Int64, device: String, deleted: Bool, line: String
    ) {
        self.id = id
        self.entity = entity
        self.entityID = entityID
        self.profileID = profileID
        self.clock = clock
        self.device = device
        self.deleted = deleted
        self.line = line
    }

    /// True when this operation wins over `other` for the same record: the later clock, and on
    /// a tie the greater device id.
    public func wins(over other: SyncOperation) -> Bool {
        (clock, device) > (other.clock, other.device)
    }
}
