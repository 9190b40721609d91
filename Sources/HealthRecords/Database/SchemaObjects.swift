import HealthCore

/// The tables, indexes, triggers and views of a log, compared with the ones HealthLog makes.
///
/// A trigger or a view is code that runs inside the log: one another program added (say, a
/// trigger deleting every older reading on the next insert) would act with HealthLog's
/// writes. So a log holding a trigger or view HealthLog did not make, or one of HealthLog's
/// whose text was changed, is refused for writing, and `check` names it, with any table or
/// index that is missing or extra.
struct SchemaObjects: Equatable {
    struct Object: Hashable {
        let type: String
        let name: String
        let sql: String
    }

    let objects: Set<Object>

    /// What `database` holds, SQLite's own internal objects aside.
    static func read(_ database: Database) throws -> SchemaObjects {
        var objects = Set<Object>()
        try Statement(database: database, sql: "SELECT type, name, coalesce(sql, '') FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
            .forEachRow { row in
                objects.insert(Object(type: row.text(0) ?? "", name: row.text(1) ?? "", sql: row.text(2) ?? ""))
            }
        return SchemaObjects(objects: objects)
    }

    /// What a log made by this HealthLog holds: every migration applied to an empty database
    /// in memory, once per process.
    static let expected: Result<SchemaObjects, any Error> = Result {
        let database = try Database(path: ":memory:", mode: .memory)
        try Migrations.apply(to: database, now: 0)
        return try read(database)
    }

    /// The triggers and views a log made by this HealthLog holds, from the statements that make
    /// them, without building a log as ``expected`` does (which costs every command that opens
    /// the log for writing several milliseconds). `SchemaObjectsTests` holds the two to agree.
    static let expectedCode = SchemaObjects(objects: Set(Migrations.textLimits.flatMap { limit in
        Migrations.limitTriggerStatements(table: limit.table, column: limit.column, limit: limit.limit).map { Object(type: "trigger", name: $0.name, sql: $0.sql) }
    }))

    /// The triggers and views in this log that HealthLog did not make as they are.
    func foreignCode(comparedWith expected: SchemaObjects) -> [Object] {
        objects.filter { ($0.type == "trigger" || $0.type == "view") && !expected.objects.contains($0) }
            .sorted { ($0.type, $0.name) < ($1.type, $1.name) }
    }

    /// What `check` reports: foreign code, and tables or indexes missing or extra (by name).
    func differences(comparedWith expected: SchemaObjects) -> [Phrase] {
        var problems = foreignCode(comparedWith: expected).map { object in
            expected.objects.contains { $0.type == object.type && $0.name == object.name }
                ? Phrase("the {type} {name} differs from the one HealthLog made", ["type": object.type, "name": object.name])
                : Phrase("the {type} {name} was not made by HealthLog", ["type": object.type, "name": object.name])
        }
        let names = { (set: Set<Object>) in Set(set.map { "\($0.type) \($0.name)" }) }
        let have = names(objects)
        for object in expected.objects.sorted(by: { ($0.type, $0.name) < ($1.type, $1.name) }) where !have.contains("\(object.type) \(object.name)") {
            problems.append(Phrase("the {type} {name} is missing", ["type": object.type, "name": object.name]))
        }
        let wanted = names(expected.objects)
        for object in objects.sorted(by: { ($0.type, $0.name) < ($1.type, $1.name) })
        where (object.type == "table" || object.type == "index") && !wanted.contains("\(object.type) \(object.name)") {
            problems.append(Phrase("the {type} {name} was not made by HealthLog", ["type": object.type, "name": object.name]))
        }
        return problems
    }

    /// Refuses, for writing, a log holding code HealthLog did not make.
    static func refuseForeignCode(in database: Database) throws {
        let foreign = try read(database).foreignCode(comparedWith: expectedCode)
        guard let first = foreign.first else { return }
        let more = foreign.count > 1 ? Phrase(" and {n} more", ["n": String(foreign.count - 1)]) : Phrase(verbatim: "")
        throw RecordsError.unsafeLog(
            path: database.path,
            reason: Phrase("it holds the {type} {name}{more}, which HealthLog did not make and would run with every change; run 'healthlog check' and restore a backup", ["type": first.type, "name": first.name], terms: ["more": more]))
    }
}
