public import HealthCore

/// Profiles as `profile list` and `profile show` say them: their JSON (the README's schema),
/// their table fitted to a terminal, their block, and the one line a change prints.
public struct ProfileText {
    let words: StringTable
    let emphasis: any TerminalEmphasis

    public init(words: StringTable, emphasis: any TerminalEmphasis) {
        self.words = words
        self.emphasis = emphasis
    }

    /// One profile's object: `{id, name, birthYear, sex, target, readings, default}`.
    public static func json(_ profile: Profile, readings: Int, isDefault: Bool) -> JSONValue {
        .object([
            ("id", .string(profile.id)), ("name", .string(profile.name)), ("birthYear", .optional(profile.birthYear)),
            ("sex", .optional(profile.sex?.rawValue)),
            ("target", profile.target.map { .object([("systolic", .int($0.systolic)), ("diastolic", .int($0.diastolic))]) } ?? .null),
        ] + profile.careJSONMembers + [
            ("readings", .int(readings)), ("default", .bool(isDefault)),
        ])
    }

    /// The care context, one part each: `diabetes, chronic kidney disease`, `pregnant, due 2027-02-10`, `frail`, `sleeps 08:30-16:00`.
    func careParts(_ profile: Profile) -> [String] {
        var parts: [String] = []
        if !profile.conditions.isEmpty { parts.append(words.list(profile.conditions.map { words.cli("condition.\($0.rawValue)") })) }
        if let due = profile.pregnancyDue { parts.append(words.cli("profile.pregnancyDue", ["date": due.description])) }
        if profile.frail { parts.append(words.cli("profile.frail")) }
        if let sleep = profile.sleep { parts.append(words.cli("profile.sleeps", ["hours": sleep.description])) }
        return parts
    }

    /// "135/85", or "none (the guideline's home threshold)".
    func target(_ target: BloodPressure?) -> String { target.map { "\($0)" } ?? words.cli("profile.noTarget") }

    /// "dad (爸爸), born 1954, male, target 130/80": a profile as a change confirms it.
    public func summary(_ profile: Profile) -> String {
        var parts = [profile.heading]
        if let year = profile.birthYear { parts.append(words.cli("profile.born", ["year": String(year)])) }
        if let sex = profile.sex { parts.append(words.cli("profile.sex.\(sex.rawValue)")) }
        parts.append(words.cli("profile.target", ["target": target(profile.target)]))
        parts += careParts(profile)
        return words.list(parts)
    }

    /// `profile list`'s table, the default marked; on a terminal `width` wide a long name is
    /// cut with "…" so that no row wraps.
    public func table(_ profiles: [(profile: Profile, readings: Int, isDefault: Bool)], width: Int?) -> [String] {
        guard !profiles.isEmpty else { return [words.cli("profile.none")] }
        let titles = ["id", "name", "born", "target", "readings"].map { words.cli("profile.col.\($0)") }
        let names = profiles.map { $0.profile.name.visibleControls(lineBreaks: .symbol) }
        var table = TerminalTable([
            .init(0, titles[0], profiles.map(\.profile.id.count).max() ?? 0), .init(1, titles[1], names.map(\.displayWidth).max() ?? 0),
            .init(2, titles[2], 4), .init(3, titles[3], 6), .init(4, titles[4], 8),
        ], indent: 2)
        table.fit(width, [.cut(1, least: titles[1].displayWidth)])
        let widths = table.columns.map(\.width)
        var lines = [emphasis.bold(
            "  \(titles[0].padding(widths[0]))  \(titles[1].padding(widths[1]))  \(titles[2].padding(widths[2]))  \(titles[3].padding(widths[3]))  \(titles[4].leftPadding(widths[4]))")]
        for (entry, name) in zip(profiles, names) {
            let profile = entry.profile
            let born = (profile.birthYear.map(String.init) ?? "").padding(widths[2])
            lines.append(
                "\(entry.isDefault ? "*" : " ") \(profile.id.padding(widths[0]))  \(name.clipped(toWidth: widths[1]).padding(widths[1]))  \(born)  \((profile.target?.description ?? "—").padding(widths[3]))  \(String(entry.readings).leftPadding(widths[4]))")
        }
        if profiles.contains(where: \.isDefault) { lines.append(emphasis.dim(words.cli("profile.defaultMark"))) }
        return lines
    }

    /// `profile show`'s block.
    public func detail(_ profile: Profile, readings: Int, isDefault: Bool) -> [String] {
        let row = { (name: String, value: String) in "  \(words.cli("profile.field.\(name)").padding(10))  \(value)" }
        return [
            words.cli(isDefault ? "profile.heading.default" : "profile.heading", ["profile": profile.id]),
            row("name", profile.name.visibleControls()), row("born", profile.birthYear.map(String.init) ?? "—"),
            row("sex", profile.sex.map { words.cli("profile.sex.\($0.rawValue)") } ?? "—"), row("target", target(profile.target)),
        ] + (careParts(profile).isEmpty ? [] : [row("care", words.list(careParts(profile)))]) + [
            row("readings", String(readings)),
        ]
    }
}

/// Tag definitions as `tag list` and `tag add`/`edit` say them.
public struct TagText {
    let words: StringTable
    let emphasis: any TerminalEmphasis

    public init(words: StringTable, emphasis: any TerminalEmphasis) {
        self.words = words
        self.emphasis = emphasis
    }

    /// `tag list --format json`: the defined tags with their uses, then the ids in use without a definition.
    public static func json(_ tags: [(tag: StatusTag, uses: Int)], undefined: [UndefinedTagUsage]) -> [JSONValue] {
        tags.map { tag, uses in
            .object([
                ("id", .string(tag.id)), ("label", .string(tag.label)), ("labelZh", .optional(tag.labelZh)),
                ("color", .string(tag.color)), ("symbol", .string(tag.symbol)), ("deviation", .bool(tag.deviation)),
                ("uses", .int(uses)), ("defined", .bool(true)),
            ])
        } + undefined.map { .object([("id", .string($0.id)), ("uses", .int($0.count)), ("defined", .bool(false))]) }
    }

    /// "salty meal / 咸食, #E67E22 (a protocol deviation)".
    public func description(_ tag: StatusTag) -> String {
        "\(tag.label)\(tag.labelZh.map { " / \($0)" } ?? ""), \(tag.color.uppercased())\(tag.deviation ? words.cli("tag.deviationNote") : "")"
    }

    /// `tag list`'s table. On a terminal `width` wide the label is cut with "…" (to 12 columns
    /// at least), then the colour is left out, then the label is cut further.
    public func table(_ tags: [(tag: StatusTag, uses: Int)], undefined: [UndefinedTagUsage], width: Int?) -> [String] {
        let titles = ["id", "colour", "uses", "label"].map { words.cli("tag.col.\($0)") }
        // The terminal's language first, the other beside it.
        let labels = tags.map { entry in
            (words.language == .chinese ? [entry.tag.labelZh, entry.tag.label] : [entry.tag.label, entry.tag.labelZh]).compactMap { $0 }
                .joined(separator: " / ").visibleControls(lineBreaks: .symbol)
        }
        let deviation = words.cli("tag.deviationMark")
        let undefinedLabel = words.cli("tag.undefined")
        let natural = (zip(tags, labels).map { $1 + ($0.tag.deviation ? deviation : "") } + (undefined.isEmpty ? [] : [undefinedLabel]) + [titles[3]])
            .map(\.displayWidth).max() ?? 0
        var table = TerminalTable([
            .init(0, titles[0], (tags.map(\.tag.id) + undefined.map(\.id)).map(\.count).max() ?? 0), .init(1, titles[1], 7), .init(2, titles[2], 4),
            .init(3, titles[3], natural),
        ])
        table.fit(width, [.cut(3, least: 12), .drop(1), .cut(3, least: 4)])
        let room = width == nil ? nil : table.column(3)?.width
        let fitted = { (label: String) in room.map { label.clipped(toWidth: $0) } ?? label }
        let row = { (id: String, colour: String, uses: String, label: String) in
            table.columns.map { column -> String in
                switch column.key {
                case 0: id.padding(column.width)
                case 1: colour.padding(column.width)
                case 2: uses.leftPadding(column.width)
                default: label
                }
            }.joined(separator: "  ")
        }
        var lines = [emphasis.bold(row(titles[0], titles[1], titles[2], fitted(titles[3])))]
        for (entry, label) in zip(tags, labels) {
            let mark = entry.tag.deviation ? deviation : ""
            // The deviation mark is dimmed where the whole label fits; a cut label is plain.
            let fits = room.map { (label + mark).displayWidth <= $0 } ?? true
            let shown = fits ? label + (mark.isEmpty ? "" : emphasis.dim(mark)) : fitted(label + mark)
            lines.append(row(entry.tag.id, entry.tag.color, String(entry.uses), shown))
        }
        for orphan in undefined { lines.append(row(orphan.id, "-------", String(orphan.count), fitted(undefinedLabel))) }
        return lines
    }
}

/// Events as `event list` and `event add` say them.
public struct EventText {
    let words: StringTable
    /// Names a medicine's event in the reader's language (氨氯地平 / amlodipine), as `took` does.
    let medicines: MedicineText

    public init(words: StringTable, catalogue: MedicineCatalogue = .empty) {
        self.words = words
        medicines = MedicineText(words: words, catalogue: catalogue)
    }

    /// `Thu 2026-10-01 08:00` / `周四 2026-10-01 08:00`.
    public func when(_ event: Event) -> String { "\(words.weekdayAndDate(event.at.localDate)) \(event.at.localTimeText)" }

    /// `medication` / `用药`.
    public func kind(_ event: Event) -> String { words.text("kind.\(event.kind.rawValue)") }

    /// The event's text: a medicine's start, change, stop or dose in the reader's words, its name
    /// in the reader's language when the catalogue knows it, else as written.
    public func text(_ event: Event) -> String {
        event.medicine.map { medicines.change($0) } ?? event.text
    }

    /// `{id, profile, at, kind, text}`, and `medicine` `{name, action, dose, times, reason}` for one recorded by `med`.
    public static func json(_ event: Event) -> JSONValue {
        .object(
            [
                ("id", .string(event.id)), ("profile", .string(event.profileID)), ("at", .string(event.at.iso8601)),
                ("kind", .string(event.kind.rawValue)), ("text", .string(event.text)),
            ] + (event.medicine.map { [("medicine", $0.json)] } ?? []))
    }

    /// `event list`'s table.
    public func table(_ events: [Event], emphasis: any TerminalEmphasis) -> [String] {
        let titles = ["id", "when", "kind", "text"].map { words.cli("event.col.\($0)") }
        let whenWidth = max(24, titles[1].displayWidth, events.map { when($0).displayWidth }.max() ?? 0)
        let kindWidth = max(10, titles[2].displayWidth, events.map { kind($0).displayWidth }.max() ?? 0)
        return [emphasis.bold("\(titles[0].padding(8))  \(titles[1].padding(whenWidth))  \(titles[2].padding(kindWidth))  \(titles[3])")]
            + events.map { "\($0.id.prefix(8))  \(when($0).padding(whenWidth))  \(kind($0).padding(kindWidth))  \(text($0).visibleControls(lineBreaks: .symbol))" }
    }
}
