public import HealthCore

extension StatusTag {
    /// Same labels, colour, symbol and deviation flag (colours compared without case).
    func sameDefinition(as other: StatusTag) -> Bool {
        label == other.label && labelZh == other.labelZh && color.uppercased() == other.color.uppercased()
            && symbol == other.symbol && deviation == other.deviation
    }
}

extension RecordStore {
    /// Every tag definition, ordered by id.
    public func tags() throws(RecordsError) -> [StatusTag] {
        try mapErrors {
            var result: [StatusTag] = []
            try database.cachedStatement(
                "SELECT id, label_en, label_zh, color, symbol, deviation FROM status_tags ORDER BY id"
            ).forEachRow { row in
                result.append(
                    StatusTag(
                        id: row.text(0) ?? "", label: row.text(1) ?? "", labelZh: row.text(2),
                        color: row.text(3) ?? "#6C757D", symbol: row.text(4) ?? "tag", deviation: row.int(5) != 0))
            }
            return result
        }
    }

    /// The definition of `id`, or nil.
    public func tag(id: String) throws(RecordsError) -> StatusTag? {
        try tags().first { $0.id == id }
    }

    /// Defines a new tag. This is the only way a tag comes into being.
    public func addTag(_ tag: StatusTag) throws(RecordsError) {
        try RecordsError.checking(tag.validate())
        let now = clock()
        try write {
            guard try self.tag(id: tag.id) == nil else {
                throw RecordsError.conflict("tag '\(tag.id)' already exists")
            }
            try RecordStore.insertTag(tag, into: database, now: now)
        }
    }

    /// Changes a tag's labels, colour or symbol. Readings keep their tag IDs.
    public func updateTag(_ tag: StatusTag) throws(RecordsError) {
        try RecordsError.checking(tag.validate())
        let now = clock()
        try write { try replaceTag(tag, now: now) }
    }

    /// Overwrites a stored definition (inside a write transaction).
    func replaceTag(_ tag: StatusTag, now: Int64) throws {
        try database.cachedStatement(
            "UPDATE status_tags SET label_en = ?, label_zh = ?, color = ?, symbol = ?, deviation = ?, updated_at = ? WHERE id = ?"
        ).run([
            .text(tag.label), tag.labelZh.map(SQLValue.text) ?? .null, .text(tag.color.uppercased()),
            .text(tag.symbol), .integer(tag.deviation ? 1 : 0), .integer(now), .text(tag.id),
        ])
        guard database.changes == 1 else { throw RecordsError.notFound("no tag '\(tag.id)'") }
    }

    /// Removes a tag definition. Readings stamped with it keep the ID and stay filterable.
    public func removeTag(id: String) throws(RecordsError) {
        try write {
            try database.cachedStatement("DELETE FROM status_tags WHERE id = ?").run([.text(id)])
            guard database.changes == 1 else { throw RecordsError.notFound("no tag '\(id)'") }
        }
    }

    /// How many readings carry the tag `id`.
    public func usageCount(tagID: String) throws(RecordsError) -> Int {
        try mapErrors {
            Int(try database.cachedStatement("SELECT count(*) FROM readings WHERE instr(tags, ?) > 0")
                .scalarInt([.text(";\(tagID);")]) ?? 0)
        }
    }

    /// An error for tag IDs that have no definition, listing the known ones.
    func requireDefined(_ tagIDs: [String]) throws -> Void {
        guard !tagIDs.isEmpty else { return }
        let known = try tags().map(\.id)
        let unknown = tagIDs.filter { !known.contains($0) }
        guard unknown.isEmpty else { throw RecordsError.unknownTags(unknown, known: known) }
    }
}

/// A tag ID that readings carry but no definition names.
public struct UndefinedTagUsage: Equatable, Sendable {
    public let id: String
    public let count: Int

    public init(id: String, count: Int) {
        self.id = id
        self.count = count
    }
}

extension RecordStore {
    /// Tag IDs in use on readings that have no definition, with their counts.
    public func undefinedTagUsage() throws(RecordsError) -> [UndefinedTagUsage] {
        try mapErrors {
            let defined = Set(try tags().map(\.id))
            var counts: [String: Int] = [:]
            try database.cachedStatement("SELECT tags FROM readings WHERE tags != ''").forEachRow { row in
                for tag in tagIDs(fromColumn: row.text(0) ?? "") where !defined.contains(tag) { counts[tag, default: 0] += 1 }
            }
            return counts.keys.sorted().map { UndefinedTagUsage(id: $0, count: counts[$0]!) }
        }
    }
}
