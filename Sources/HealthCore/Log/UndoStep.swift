/// One change to the log that `healthlog undo` can take back: every record it touched, as it
/// was before and as the change left it.
public struct UndoStep: Equatable, Sendable {
    /// One record a change touched.
    public struct Touched: Equatable, Sendable {
        /// The record before the change: a put, or a deletion when the change made it.
        public let before: LogChange?
        /// The record as the change left it: a put, or a deletion when the change deleted it.
        public let after: LogChange?

        public init(before: LogChange?, after: LogChange?) {
            self.before = before
            self.after = after
        }

        /// What the change did to the record.
        public var action: Action {
            if before?.isDeletion ?? true { return .added }
            if after?.isDeletion ?? true { return .deleted }
            return .changed
        }
    }

    /// What a change did to one record.
    public enum Action: Sendable {
        case added, changed, deleted
    }

    /// The step's number, counting up.
    public let number: Int64
    /// When the change was made, in milliseconds since 1970.
    public let madeAt: Int64
    /// The records it touched, in the order it first touched them.
    public let touched: [Touched]

    public init(number: Int64, madeAt: Int64, touched: [Touched]) {
        self.number = number
        self.madeAt = madeAt
        self.touched = touched
    }

    /// The readings it touched, each with what the change did to it and the reading as it was
    /// before (deleted or changed) or after (added).
    public var readings: [(action: Action, reading: Reading)] {
        touched.compactMap { touched in
            let shown = touched.action == .added ? touched.after : touched.before
            guard case .readingPut(let reading)? = shown else { return nil }
            return (touched.action, reading)
        }
    }

    /// The events it touched (a medicine started, a dose, a visit), each with what the change
    /// did to it and the event as it was before (deleted or changed) or after (added).
    public var events: [(action: Action, event: Event)] {
        touched.compactMap { touched in
            let shown = touched.action == .added ? touched.after : touched.before
            guard case .eventPut(let event)? = shown else { return nil }
            return (touched.action, event)
        }
    }

    /// The profiles it touched, with what the change did to each.
    public var profiles: [(action: Action, id: String)] {
        touched.compactMap { touched in
            switch touched.action == .added ? touched.after : touched.before {
            case .profilePut(let profile)?: (touched.action, profile.id)
            default: nil
            }
        }
    }

    /// The profiles it changed (not added or deleted), as they were before and after: undoing
    /// puts `before` back.
    public var profileEdits: [String: (before: Profile, after: Profile)] {
        var edits: [String: (before: Profile, after: Profile)] = [:]
        for touched in self.touched where touched.action == .changed {
            if case .profilePut(let before)? = touched.before, case .profilePut(let after)? = touched.after { edits[before.id] = (before, after) }
        }
        return edits
    }

    /// How many records of `kind` it touched (tags, events).
    public func count(of kind: RecordKind) -> Int {
        touched.filter { ($0.after?.record ?? $0.before?.record)?.kind == kind }.count
    }
}

extension LogChange {
    /// True for a deletion (and for a default profile cleared).
    var isDeletion: Bool {
        switch self {
        case .readingDeleted, .profileDeleted, .eventDeleted: true
        case .defaultProfileSet(let id): id == nil
        default: false
        }
    }
}
