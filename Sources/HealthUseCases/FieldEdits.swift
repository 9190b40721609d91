/// Changes to some fields of a record, each a key path and the value it gets; the fields not
/// named stay as they are. `ProfileChange` and `TagChange` are this for their records.
public struct FieldEdits<Record>: Sendable {
    private var edits: [@Sendable (inout Record) -> Void] = []

    public init() {}

    /// Sets `field` to `value`.
    public mutating func set<Value: Sendable>(_ field: any WritableKeyPath<Record, Value> & Sendable, to value: Value) {
        edits.append { $0[keyPath: field] = value }
    }

    /// True when no field is changed.
    public var isEmpty: Bool { edits.isEmpty }

    /// `record` with the edits applied, in the order they were made.
    public func applied(to record: Record) -> Record {
        var changed = record
        for edit in edits { edit(&changed) }
        return changed
    }
}
