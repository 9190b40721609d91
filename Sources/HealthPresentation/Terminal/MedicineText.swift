public import HealthAnalytics
public import HealthCore

/// The medicines as `med list` shows them: a table of courses (each with its history when all
/// are asked for), and the same as JSON and CSV rows, in the words of the reader.
public struct MedicineListing: Sendable {
    /// One course: its cells, and its dated steps when the history is shown.
    public struct Row: Sendable {
        public let cells: [String]
        public let history: [String]
    }

    public let titles: [String]
    public let rows: [Row]
    /// What to say when there are no rows.
    public let emptyLines: [String]
    /// `[{name, generic, classes, dose, times, started, stopped, taken, history: [{at, action, dose, times, reason}]}]`.
    public let json: JSONValue
    /// The JSON's fields without the history, for CSV.
    public let csvRows: [JSONValue]

    /// The courses of `regimen` taken at `now` (every course when `all`), for `profileID`.
    public init(regimen: Regimen, catalogue: MedicineCatalogue, all: Bool, now: ZonedInstant, profileID: String, words: StringTable) {
        let text = MedicineText(words: words, catalogue: catalogue)
        let courses = all ? regimen.courses : regimen.taken(at: now)
        titles = ["name", "class", "dose", "times", "since"].map { words.cli("med.col.\($0)") }
        rows = courses.map { course in
            Row(
                cells: [text.name(course), text.classes(course), course.dose ?? "", text.times(course.times), text.since(course)],
                history: all ? course.steps.indices.map { index in
                    let step = course.steps[index]
                    return "\(words.weekdayAndDate(step.at.localDate)) \(step.at.localTimeText)  \(text.step(of: course, at: index))"
                } : [])
        }
        if courses.isEmpty {
            emptyLines = regimen.isEmpty || all
                ? [words.cli("med.none", ["profile": profileID])] : [words.cli("med.noneNow", ["profile": profileID]), words.cli("med.seeAll")]
        } else {
            emptyLines = []
        }
        json = .array(courses.map { MedicineText.json($0, now: now) })
        csvRows = courses.map { MedicineText.row($0, now: now) }
    }

    /// `med list`'s table: the titles, then each course with its history below it dimmed;
    /// ``emptyLines`` when there is none.
    public func table(emphasis: some TerminalEmphasis) -> [String] {
        guard !rows.isEmpty else { return emptyLines }
        let widths = titles.indices.map { column in
            max(titles[column].displayWidth, rows.map { $0.cells[column].visibleControls(lineBreaks: .symbol).displayWidth }.max() ?? 0)
        }
        var lines = [emphasis.bold(zip(titles, widths).map { $0.padding($1) }.joined(separator: "  "))]
        for row in rows {
            lines.append(zip(row.cells, widths).map { $0.visibleControls(lineBreaks: .symbol).padding($1) }.joined(separator: "  "))
            lines += row.history.map { emphasis.dim("    \($0.visibleControls(lineBreaks: .symbol))") }
        }
        return lines
    }
}

/// How medicines are said, in the words of `words`: names in the reader's language, classes,
/// times, and each start, change and stop.
public struct MedicineText: Sendable {
    let words: StringTable
    let catalogue: MedicineCatalogue

    public init(words: StringTable, catalogue: MedicineCatalogue = .empty) {
        self.words = words
        self.catalogue = catalogue
    }

    private var chinese: Bool { words.language == .chinese }

    /// `amlodipine` / `氨氯地平`: the catalogue's name in the reader's language, else as typed.
    public func name(_ course: Regimen.Course) -> String {
        (chinese ? course.chinese : course.generic) ?? course.name
    }

    /// A typed name in the reader's language when the catalogue knows it, else as typed.
    public func name(_ typed: String) -> String {
        guard let entry = catalogue.entry(for: typed) else { return typed }
        return chinese ? entry.chinese.first ?? entry.name : entry.name
    }

    /// `calcium-channel blocker`, or `—` for a name the catalogue does not know.
    public func classes(_ course: Regimen.Course) -> String {
        course.classes.isEmpty ? "—" : words.list(course.classes.map { catalogue.className($0, chinese: chinese) })
    }

    /// `morning, evening` / `早晨、晚上`; empty when not said.
    public func times(_ times: [DayPeriod]) -> String { words.list(times.map(words.periodName)) }

    /// `since 2026-10-01` or `2026-10-01 – 2026-11-09, stopped (ankle swelling)`.
    public func since(_ course: Regimen.Course) -> String {
        let start = course.started.localDate.description
        guard let stopped = course.stopped else { return words.cli("med.since", ["date": start]) }
        let reason = course.steps.last?.reason
        return words.cli(reason == nil ? "med.stoppedOn" : "med.stoppedOnBecause", ["from": start, "to": stopped.localDate.description, "reason": reason ?? ""])
    }

    /// Step `index` of `course`: `started, 5 mg, morning` / `increased to 10 mg (BP still high)` /
    /// `stopped (ankle swelling)`; 开始服用、加量、减量、停用 in Chinese.
    public func step(of course: Regimen.Course, at index: Int) -> String {
        let step = course.steps[index]
        let key = "med.step.\(MedicineText.verb(of: course, at: index).rawValue)\(step.reason == nil ? "" : ".because")"
        let timesText = times(step.times)
        return words.cli(key, [
            "dose": step.dose ?? "", "times": timesText.isEmpty ? "" : words.cli("med.step.times", ["times": timesText]), "reason": step.reason ?? "",
        ])
    }

    /// A medicine event as page 1 and the events table name it, in the reader's language:
    /// `telmisartan 40 mg started`, `amlodipine increased to 10 mg (BP still high)` /
    /// `开始服用替米沙坦 40 mg`, `氨氯地平加量至 10 mg（血压仍高）`, `停用氨氯地平`; nil for an event
    /// that recorded no step of `regimen`.
    public func event(_ event: Event, regimen: Regimen) -> String? {
        guard event.medicine != nil, let (course, index) = regimen.step(recordedBy: event.id) else { return nil }
        let step = course.steps[index]
        let said = words.text("medicine.\(MedicineText.verb(of: course, at: index).rawValue)", ["name": name(course), "dose": step.dose ?? ""])
        guard let reason = step.reason else { return said }
        return words.text("medicine.because", ["event": said, "reason": reason])
    }

    /// What step `index` of `course` did: a change of dose is an increase or a decrease when both
    /// doses are amounts of one unit (`5 mg` → `10 mg`), else a change.
    public enum Verb: String, Sendable {
        case start, increase, decrease, change, stop
    }

    /// The verb of step `index` of `course`.
    public static func verb(of course: Regimen.Course, at index: Int) -> Verb {
        let step = course.steps[index]
        switch step.action {
        case .start: return .start
        case .stop: return .stop
        // A dose taken is never a step of a course (the regimen leaves doses out).
        case .change, .taken:
            guard index > 0, let now = step.dose.flatMap(Dose.init), let before = course.steps[index - 1].dose.flatMap(Dose.init),
                now.unit == before.unit, now.amount != before.amount
            else { return .change }
            return now.amount > before.amount ? .increase : .decrease
        }
    }

    /// A dose as an amount and its unit: `10 mg`, `1.5mg`, `2 片`.
    private struct Dose {
        let amount: Double
        let unit: String

        init?(_ text: String) {
            let trimmed = text.trimmingWhitespace()
            let number = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            guard let amount = Double(number) else { return nil }
            self.amount = amount
            unit = String(trimmed.dropFirst(number.count)).trimmingWhitespace().lowercased()
        }
    }

    /// A medicine event in the reader's words: `amlodipine: started, 5 mg, morning`.
    public func change(_ medicine: MedicineChange) -> String {
        "\(name(medicine.name)): \(say(medicine.action, dose: medicine.dose, times: medicine.times, reason: medicine.reason))"
    }

    private func say(_ action: MedicineAction, dose: String?, times: [DayPeriod], reason: String?) -> String {
        let key = "med.step.\(action.rawValue)\(reason == nil ? "" : ".because")"
        let timesText = self.times(times)
        return words.cli(key, ["dose": dose ?? "", "times": timesText.isEmpty ? "" : words.cli("med.step.times", ["times": timesText]), "reason": reason ?? ""])
    }

    /// `{name, generic, classes, dose, times, started, stopped, taken, history}`.
    static func json(_ course: Regimen.Course, now: ZonedInstant) -> JSONValue {
        .object([
            ("name", .string(course.name)), ("generic", .optional(course.generic)), ("classes", .array(course.classes.map { .string($0) })),
            ("dose", .optional(course.dose)), ("times", .array(course.times.map { .string($0.rawValue) })),
            ("started", .string(course.started.iso8601)), ("stopped", .optional(course.stopped?.iso8601)),
            ("taken", .bool(course.isTaken(at: now))),
            ("history", .array(course.steps.map { step in
                .object([
                    ("at", .string(step.at.iso8601)), ("action", .string(step.action.rawValue)), ("dose", .optional(step.dose)),
                    ("times", .array(step.times.map { .string($0.rawValue) })), ("reason", .optional(step.reason)),
                ])
            })),
        ])
    }

    /// The CSV row: the JSON's fields without the history.
    static func row(_ course: Regimen.Course, now: ZonedInstant) -> JSONValue {
        .object([
            ("name", .string(course.name)), ("generic", .optional(course.generic)), ("classes", .string(course.classes.joined(separator: ";"))),
            ("dose", .optional(course.dose)), ("times", .string(course.times.map(\.rawValue).joined(separator: ";"))),
            ("started", .string(course.started.iso8601)), ("stopped", .optional(course.stopped?.iso8601)), ("taken", .bool(course.isTaken(at: now))),
        ])
    }
}
