public import HealthCore
import HealthRecords

/// The tag definitions with how often each is used, and the tag IDs readings carry that no
/// definition names.
public struct TagOverview: Sendable {
    public let tags: [(tag: StatusTag, uses: Int)]
    public let undefined: [UndefinedTagUsage]
}

/// The fields of a tag definition a change sets.
public typealias TagChange = FieldEdits<StatusTag>

extension HealthLog {
    /// The definitions and their uses.
    public func tagOverview() throws(HealthLogError) -> TagOverview {
        try read { store in
            let tags = try store.tags()
            return TagOverview(tags: try tags.map { ($0, try store.usageCount(tagID: $0.id)) }, undefined: try store.undefinedTagUsage())
        }
    }

    /// Defines a new tag (or brings back a removed definition with these values).
    public func defineTag(_ tag: StatusTag) throws(HealthLogError) {
        try change { try $0.addTag(tag) }
    }

    /// Changes a definition. Readings keep their tag IDs.
    public func editTag(_ id: String, _ change: TagChange) throws(HealthLogError) -> StatusTag {
        try self.change { store in
            guard let tag = try store.tag(id: id) else { throw RecordsError.notFound(Phrase("no tag '{id}' (see 'healthlog tag list')", ["id": "\(id)"])) }
            let changed = change.applied(to: tag)
            try store.updateTag(changed)
            return changed
        }
    }

    /// Removes a definition; readings keep the ID. Returns how many readings carry it.
    public func removeTag(_ id: String) throws(HealthLogError) -> Int {
        try change { store in
            try store.removeTag(id: id)
            return try store.usageCount(tagID: id)
        }
    }
}
