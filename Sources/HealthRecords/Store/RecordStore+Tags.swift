public import HealthCore

extension StatusTag {
    /// Same labels, colour, symbol and deviation flag (colours compared without case).
    func sameDefinition(as other: StatusTag) -> Bool {
        label == other.label && labelZh == other.labelZh && color.uppercased() == other.color.uppercased()
            && symbol == other.symbol && deviation == other.deviation
    }
}

extension RecordStore {
    /// Every tag definition, ordered by id; removed ones only with `includingRemoved`.
    public func tags(includingRemoved: Bool = false) throws(RecordsError) -> [StatusTag] {
        try mapErrors {
            var result: [StatusTag] = []
            let columns = TagColumn.all
            try database.cachedStatement(
                "SELECT \(columns.names) FROM status_tags WHERE \(includingRemoved ? "1" : "removed_at IS NULL") ORDER BY id"
            ).forEachRow { result.append(RecordStore.tag(from: $0)) }
            return result
        }
    }

    /// A tag definition from a row of ``TagColumn/all``.
    static func tag(from row: Row) -> StatusTag {
        let columns = TagColumn.all
        return StatusTag(
            id: row.text(columns.index(.id)) ?? "", label: row.text(columns.index(.label)) ?? "",
            labelZh: row.text(columns.index(.labelZh)), color: row.text(columns.index(.color)) ?? "#6C757D",
            symbol: row.text(columns.index(.symbol)) ?? "tag", deviation: row.int(columns.index(.deviation)) != 0,
            removed: !row.isNull(columns.index(.removedAt)))
    }

    /// The tag IDs whose definition, current or removed, marks a protocol deviation: removing
    /// a definition never changes which readings count as deviations.
    public func deviationTagIDs() throws(RecordsError) -> Set<String> {
        Set(try tags(includingRemoved: true).filter(\.deviation).map(\.id))
    }

    /// The definition of `id`, or nil (also when it was removed).
    public func tag(id: String) throws(RecordsError) -> StatusTag? {
        try tags().first { $0.id == id }
    }

    /// Defines a new tag. This is the only way a tag comes into being; defining a removed one
    /// again brings it back with the new labels.
    public func addTag(_ tag: StatusTag) throws(RecordsError) {
        try RecordsError.checking(tag.validate())
        let now = clock()
        try write {
            guard try self.tag(id: tag.id) == nil else {
                throw RecordsError.conflict(Phrase("tag '{id}' already exists", ["id": "\(tag.id)"]))
            }
            try define(tag, now: now)
        }
    }

    /// Inserts `tag`, or brings back a removed definition of the same id with its values.
    func define(_ tag: StatusTag, now: Int64) throws {
        let redefined = TagColumn.redefined.columns.map { "\($0.name) = excluded.\($0.name)" }.joined(separator: ", ")
        let columns = TagColumn.all
        let statement = try database.cachedStatement(
            "INSERT INTO status_tags (\(columns.names)) VALUES (\(columns.placeholders)) ON CONFLICT (id) DO UPDATE SET \(redefined)")
        try statement.bind(columns) { $0.value(of: tag, now: now) }
        try statement.runBound()
        record(.tagPut(tag.stored()))
    }

    /// Changes a tag's labels, colour or symbol. Readings keep their tag IDs.
    public func updateTag(_ tag: StatusTag) throws(RecordsError) {
        try RecordsError.checking(tag.validate())
        let now = clock()
        try write { try replaceTag(tag, now: now) }
    }

    /// Overwrites a stored definition (inside a write transaction).
    func replaceTag(_ tag: StatusTag, now: Int64) throws {
        let columns = ColumnList<TagColumn>([.label, .labelZh, .color, .symbol, .deviation, .updatedAt])
        let statement = try database.cachedStatement("UPDATE status_tags SET \(columns.assignments) WHERE id = ? AND removed_at IS NULL")
        try statement.bind(columns) { $0.value(of: tag, now: now) }
        try statement.bind(.text(tag.id), at: Int32(columns.columns.count + 1))
        try statement.runBound()
        guard database.changes == 1 else { throw RecordsError.notFound(Phrase("no tag '{id}'", ["id": "\(tag.id)"])) }
        var stored = tag.stored()
        stored.removed = false
        record(.tagPut(stored))
    }

    /// Removes a tag definition. Readings stamped with it keep the ID and stay filterable, and
    /// whether the definition marked a protocol deviation is remembered.
    public func removeTag(id: String) throws(RecordsError) {
        let now = clock()
        try write {
            try database.cachedStatement("UPDATE status_tags SET removed_at = ? WHERE id = ? AND removed_at IS NULL")
                .run([.integer(now), .text(id)])
            guard database.changes == 1 else { throw RecordsError.notFound(Phrase("no tag '{id}'", ["id": "\(id)"])) }
            if var removed = try tags(includingRemoved: true).first(where: { $0.id == id }) {
                removed.removed = true
                record(.tagPut(removed))
            }
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
