/// The kinds of record a log holds, in the order one is applied after another: a reading's
/// profile before the reading. Their raw values name them in files (family sync's journals,
/// the log's memory of deletions).
public enum RecordKind: String, CaseIterable, Sendable, Comparable {
    case profile, tag, event, reading

    public static func < (lhs: RecordKind, rhs: RecordKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

extension LogChange {
    /// The record this change puts or deletes, as a kind and an id; nil for a change that
    /// names no record (the default profile, a restore).
    public var record: (kind: RecordKind, id: String)? {
        switch self {
        case .readingPut(let reading): (.reading, reading.id)
        case .readingDeleted(let id, _): (.reading, id)
        case .profilePut(let profile): (.profile, profile.id)
        case .profileDeleted(let id): (.profile, id)
        case .tagPut(let tag): (.tag, tag.id)
        case .eventPut(let event): (.event, event.id)
        case .eventDeleted(let id, _): (.event, id)
        case .defaultProfileSet, .restored: nil
        }
    }
}
