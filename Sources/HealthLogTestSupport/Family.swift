import HealthRecords
import Testing

/// Every field of every record of the log at `path`, sorted: two logs that converged print the same.
public func logDump(_ path: String) throws -> [String] {
    let store = try RecordStore.open(path: path, access: .readOnly)
    var lines: [String] = []
    let text = { (value: Any?) -> String in value.map { "\($0)" } ?? "-" }
    for p in try store.profiles() {
        lines.append("profile \(p.id) | \(p.name) | \(text(p.birthYear)) | \(text(p.sex)) | \(text(p.target)) | \(p.createdAt) | \(p.updatedAt)")
    }
    for t in try store.tags(includingRemoved: true) {
        lines.append("tag \(t.id) | \(t.label) | \(text(t.labelZh)) | \(t.color) | \(t.symbol) | \(t.deviation) | \(t.removed)")
    }
    for e in try store.events() {
        lines.append("event \(e.id) | \(e.profileID) | \(e.at.iso8601) | \(e.kind) | \(e.text) | \(e.createdAt) | \(e.updatedAt)")
    }
    for r in try store.readings() {
        lines.append(
            "reading \(r.id) | \(r.profileID) | \(r.takenAt.iso8601) | \(text(r.bloodPressure)) | \(text(r.pulse)) | \(text(r.weightGrams)) | \(r.tagIDs) | \(r.note) | \(r.site) | \(r.createdAt) | \(r.updatedAt)")
    }
    return lines.sorted()
}

/// Two (or more) machines, each with its own log, sharing one folder (dad starts with the family log).
public struct Family {
    public let dad = CLIHarness()
    public let daughter = CLIHarness()
    public let folder: String

    public init() {
        folder = dad.directory.file("shared")
        dad.family()
    }

    /// Both logs members of the shared folder, merged.
    public func joined() {
        dad.ok("sync", "init", folder)
        daughter.ok("sync", "init", folder)
        dad.ok("sync")
    }

    /// Both merge until neither has anything new (two rounds suffice for two machines).
    public func settle() {
        for _ in 0..<2 {
            dad.ok("sync")
            daughter.ok("sync")
        }
    }

    public func readingID(_ harness: CLIHarness, systolic: Int) throws -> String {
        try #require(try harness.readings().first { $0.systolic == systolic }).id
    }
}
