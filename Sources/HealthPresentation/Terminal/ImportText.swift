public import HealthCore

/// What an import did, in figures and the library's own sentences: all ``ImportText`` needs,
/// whichever front end asked for the import.
public struct ImportAccount: Sendable {
    /// How the input is named: its path, or "standard input".
    public var input: String
    /// The profile a file that names no person went to.
    public var profile: String?
    public var dryRun: Bool
    public var summary: ImportSummary
    /// The records not taken that are listed, and how many there were in all.
    public var problems: [ImportProblemLine] = []
    public var problemCount = 0
    /// The numeric date order a file's own rows settled (`dmy`, `mdy` or `ymd`), the date that
    /// settles it and its line.
    public var settledDateOrder: (order: String, date: String, line: Int)?
    public var notes: [Phrase] = []
    /// Rows read as standard time in a spring-forward gap, and where the first one is.
    public var standardTimeRows = 0
    public var firstStandardTimeRow: String?
    /// Records left out on purpose, by kind, and how each kind is said.
    public var skipped: [String: Int] = [:]
    public var skippedKinds: [String: Phrase] = [:]
    public var deviceErrorRows = 0

    public init(input: String, profile: String?, dryRun: Bool, summary: ImportSummary) {
        self.input = input
        self.profile = profile
        self.dryRun = dryRun
        self.summary = summary
    }

    /// The total of ``skipped``.
    var skippedCount: Int { skipped.values.reduce(0, +) }
}

/// A record an import did not take: where (`data.csv:12`), and why.
public struct ImportProblemLine: Sendable {
    public var location: String
    public var reason: Phrase

    public init(location: String, reason: Phrase) {
        self.location = location
        self.reason = reason
    }
}

/// An import's report as `healthlog import` says it: the notices (skipped records, the date
/// order read, profiles and tags created, conflicts) and the one line of counts.
public struct ImportText {
    let words: StringTable

    public init(words: StringTable) { self.words = words }

    /// `Reading data.csv as an Omron Connect CSV file.`: said once the format is told.
    public func readingAs(_ input: String, format: Phrase) -> String {
        words.cli("import.readingAs", ["input": input, "format": words.say(format)])
    }

    /// The lines said before the counts, in order (standard error on the command line).
    public func notices(_ account: ImportAccount) -> [String] {
        var lines: [String] = []
        let say = { (key: String, values: [String: String]) in lines.append(words.cli("import.\(key)", values)) }
        lines += problemLines(account.problems) { words.cli("import.skipped", ["problem": $0]) }
        if account.problemCount > account.problems.count {
            say("moreInvalid", ["n": String(account.problemCount - account.problems.count)])
        }
        if let settled = account.settledDateOrder {
            say("dateOrder", ["order": words.cli("import.order.\(settled.order)"), "date": settled.date, "line": String(settled.line)])
        }
        let summary = account.summary
        let dry = account.dryRun ? ".dryRun" : ""
        for profile in summary.createdProfiles { say("createdProfile\(dry)", ["profile": profile]) }
        if !summary.createdTags.isEmpty { say("createdTags\(dry)", ["tags": summary.createdTags.joined(separator: ", ")]) }
        if !summary.updatedTags.isEmpty { say("updatedTags\(dry)", ["tags": summary.updatedTags.joined(separator: ", ")]) }
        if !summary.undefinedTags.isEmpty { say("undefinedTags", ["tags": summary.undefinedTags.joined(separator: ", ")]) }
        for conflict in summary.conflicts { say("conflict", ["conflict": words.say(conflict)]) }
        for note in account.notes { say("note", ["note": words.say(note)]) }
        if let first = account.firstStandardTimeRow {
            let rows = account.standardTimeRows
            say(rows > 1 ? "standardTime" : "standardTime.one", ["n": String(rows), "first": first])
        }
        if !account.skipped.isEmpty {
            let kinds = account.skipped.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { kind, count in
                words.cli("import.skippedKind", ["n": String(count), "kind": words.say(account.skippedKinds[kind] ?? Phrase(verbatim: kind))])
            }
            say("skippedKinds", ["kinds": words.list(kinds)])
        }
        if summary.deletedSince + summary.eventsDeletedSince > 0 {
            say("notBroughtBack", ["readings": words.counted(summary.deletedSince, "reading"), "events": words.counted(summary.eventsDeletedSince, "event")])
        }
        return lines
    }

    /// The records not taken, a line each, as `line` words one: but once more than
    /// ``alikeShown`` share a reason (the same sentence with other values, as when a whole
    /// column is written in a shape HealthLog does not read), the rest of them are counted in
    /// one line after the last one shown.
    public func problemLines(_ problems: [ImportProblemLine], line: (String) -> String = { $0 }) -> [String] {
        var lines: [String] = []
        var seen: [String: Int] = [:]
        // For each reason with more than are shown: where its count line goes, how many more,
        // the first and the last.
        var alike: [String: (index: Int, more: Int, first: String, last: String)] = [:]
        var first: [String: String] = [:]
        for problem in problems {
            // One reason: the same sentence about the same field (systolic and pulse out of
            // range are two), whatever the value.
            let kind = ([problem.reason.pattern] + problem.reason.terms.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.english)" }).joined(separator: "\u{1F}")
            seen[kind, default: 0] += 1
            if first[kind] == nil { first[kind] = problem.location }
            if seen[kind]! <= Self.alikeShown {
                lines.append(line(words.say(problem.reason.prefixed("\(problem.location): "))))
                if seen[kind] == Self.alikeShown { alike[kind] = (lines.count, 0, first[kind]!, problem.location); lines.append("") }
            } else {
                alike[kind]!.more += 1
                alike[kind]!.last = problem.location
            }
        }
        for (_, entry) in alike.sorted(by: { $0.value.index > $1.value.index }) {
            if entry.more == 0 {
                lines.remove(at: entry.index)
            } else {
                lines[entry.index] = words.cli("import.alike", ["n": String(entry.more), "first": entry.first, "last": entry.last])
            }
        }
        return lines
    }

    /// How many problems with one reason are listed before the rest are counted.
    public static let alikeShown = 3

    /// `Imported data.csv into dad: added 7, duplicate 0, skipped 0, invalid 0.`, or what a dry
    /// run would do.
    public func result(_ account: ImportAccount) -> String {
        let summary = account.summary
        let count = { (key: String, n: Int) in words.cli("import.count.\(key)", ["n": String(n)]) }
        var counts = [count("added", summary.added)]
        if summary.updated > 0 { counts.append(count("updated", summary.updated)) }
        counts.append(count("duplicate", summary.duplicates))
        if account.deviceErrorRows > 0 { counts.append(count("deviceErrors", account.deviceErrorRows)) }
        if summary.eventsAdded + summary.eventsUpdated + summary.eventDuplicates > 0 {
            counts.append(
                summary.eventsUpdated > 0
                    ? words.cli("import.count.eventsUpdated", ["n": String(summary.eventsAdded), "updated": String(summary.eventsUpdated)])
                    : count("events", summary.eventsAdded))
        }
        counts += [count("skipped", account.skippedCount), count("invalid", account.problemCount)]
        let key = (account.dryRun ? "import.dryRun" : "import.done") + (account.profile == nil ? "" : ".into")
        return words.cli(key, ["input": account.input, "profile": account.profile ?? "", "counts": counts.joined(separator: words.cli("import.countSeparator"))])
    }
}
