import HealthCore
import HealthRecords

/// The fields `tag add` and `tag edit` share.
struct TagFields {
    static let labelOption = Option<String>("--label", value: "TEXT", help: "English label, e.g. 'salty meal'.")
    static let labelZhOption = Option<String>("--label-zh", value: "TEXT", help: "Chinese label, e.g. 咸食.")
    static let colorOption = Option<String>("--color", value: "#RRGGBB", help: "Marker colour on the chart (default #6C757D).")
    static let symbolOption = Option<String>("--symbol", value: "NAME", help: "A symbol name (default tag).")
    static let deviationFlag = Flag(
        "--deviation", help: "Readings with this tag break the measuring protocol (like coffee or exercise in the 30 minutes before).")
    static let noDeviationFlag = Flag("--no-deviation", help: "Undo --deviation.")
    static let options: [any OptionDeclaration] = [labelOption, labelZhOption, colorOption, symbolOption, deviationFlag, noDeviationFlag]

    let label: String?
    let labelZh: String?
    let color: String?
    let symbol: String?
    /// nil when neither `--deviation` nor `--no-deviation` was given.
    let deviation: Bool?

    init(_ arguments: ParsedArguments) throws(CLIError) {
        label = try arguments.value(TagFields.labelOption)
        labelZh = try arguments.value(TagFields.labelZhOption)
        color = try arguments.value(TagFields.colorOption)
        symbol = try arguments.value(TagFields.symbolOption)
        switch (arguments.isSet(TagFields.deviationFlag), arguments.isSet(TagFields.noDeviationFlag)) {
        case (true, true): throw arguments.usage("give --deviation or --no-deviation, not both")
        case (true, false): deviation = true
        case (false, true): deviation = false
        case (false, false): deviation = nil
        }
    }

    var isEmpty: Bool { label == nil && labelZh == nil && color == nil && symbol == nil && deviation == nil }

    func apply(to tag: inout StatusTag) {
        if let label { tag.label = label }
        if let labelZh { tag.labelZh = labelZh }
        if let color { tag.color = color }
        if let symbol { tag.symbol = symbol }
        if let deviation { tag.deviation = deviation }
    }
}

/// "Defined tag 'salt': salty meal / 咸食, #E67E22 (a protocol deviation)."
private func tagDescription(_ tag: StatusTag) -> String {
    "\(tag.label)\(tag.labelZh.map { " / \($0)" } ?? ""), \(tag.color.uppercased())\(tag.deviation ? " (a protocol deviation)" : "")"
}

struct TagListCommand: Command {
    static let spec = CommandSpec(
        ["tag", "list"], abstract: "List tag definitions and how often each is used.", options: [Options.listingFormat],
        examples: ["healthlog tag list", "healthlog tag list --format json"])

    let json: Bool

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        json = try arguments.value(Options.listingFormat) == .json
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let store = try context.store(.readOnly)
        let (tags, counts, orphans) = try context.records {
            try store.read {
                let tags = try store.tags()
                return (tags, try tags.map { try store.usageCount(tagID: $0.id) }, try store.undefinedTagUsage())
            }
        }
        if json {
            let defined: [JSONValue] = zip(tags, counts).map { tag, count in
                .object([
                    ("id", .string(tag.id)), ("label", .string(tag.label)), ("labelZh", .optional(tag.labelZh)),
                    ("color", .string(tag.color)), ("symbol", .string(tag.symbol)), ("deviation", .bool(tag.deviation)),
                    ("uses", .int(count)), ("defined", .bool(true)),
                ])
            }
            let undefined: [JSONValue] = orphans.map { .object([("id", .string($0.id)), ("uses", .int($0.count)), ("defined", .bool(false))]) }
            context.stdout.line(JSONValue.array(defined + undefined).serialized())
            return
        }
        let width = max((tags.map(\.id) + orphans.map(\.id)).map(\.count).max() ?? 0, 2)
        context.stdout.line(context.style.bold("\("ID".padding(width))  Colour   Uses  Label"))
        for (tag, count) in zip(tags, counts) {
            let chinese = tag.labelZh.map { " / \($0)" } ?? ""
            let label = (tag.label + chinese).visibleControls(lineBreaks: .symbol) + (tag.deviation ? context.style.dim(" · deviation") : "")
            context.stdout.line("\(tag.id.padding(width))  \(tag.color)  \(String(count).leftPadding(4))  \(label)")
        }
        for orphan in orphans {
            context.stdout.line("\(orphan.id.padding(width))  -------  \(String(orphan.count).leftPadding(4))  (no definition; kept on readings)")
        }
    }
}

struct TagAddCommand: Command {
    static let spec = CommandSpec(
        ["tag", "add"], abstract: "Define a new status tag.",
        arguments: [ArgumentSpec("ID", help: "A short id: lowercase letters, digits and '-', e.g. salt.")],
        options: TagFields.options,
        examples: [
            "healthlog tag add salt --label 'salty meal' --label-zh 咸食 --color '#E67E22'",
            "healthlog tag add smoking --label 'cigarette' --label-zh 吸烟 --deviation",
        ])

    let tag: StatusTag

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        guard let label = try arguments.value(TagFields.labelOption) else { throw arguments.usage("missing '--label <TEXT>'") }
        var tag = StatusTag(id: arguments.positionals[0], label: label)
        try TagFields(arguments).apply(to: &tag)
        self.tag = tag
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let store = try context.store(.readWrite)
        try context.records { try store.addTag(tag) }
        context.stdout.line("Defined tag '\(tag.id)': \(tagDescription(tag)).".visibleControls())
    }
}

struct TagEditCommand: Command {
    static let spec = CommandSpec(
        ["tag", "edit"], abstract: "Change a tag's labels, colour, symbol or deviation flag. Readings keep the tag.",
        arguments: [ArgumentSpec("ID", help: "The tag's id (ids cannot change).")],
        options: TagFields.options,
        examples: ["healthlog tag edit diet --label 'low-salt meal' --label-zh 低盐餐", "healthlog tag edit exercise --no-deviation"])

    let id: String
    let fields: TagFields

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        id = arguments.positionals[0]
        fields = try TagFields(arguments)
        if fields.isEmpty {
            throw arguments.usage("nothing to change; give --label, --label-zh, --color, --symbol or --(no-)deviation")
        }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let store = try context.store(.readWrite)
        let tag = try context.records {
            guard var tag = try store.tag(id: id) else { throw RecordsError.notFound("no tag '\(id)' (see 'healthlog tag list')") }
            fields.apply(to: &tag)
            try store.updateTag(tag)
            return tag
        }
        context.stdout.line("Updated tag '\(tag.id)': \(tagDescription(tag)).".visibleControls())
    }
}

struct TagRemoveCommand: Command {
    static let spec = CommandSpec(
        ["tag", "remove"], abstract: "Remove a tag definition. Readings keep the tag ID in their history.",
        arguments: [ArgumentSpec("ID", help: "The tag's id.")],
        examples: ["healthlog tag remove black-coffee"])

    let id: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) { id = arguments.positionals[0] }

    func run(_ context: CommandContext) throws(CLIError) {
        let store = try context.store(.readWrite)
        let uses = try context.records {
            try store.removeTag(id: id)
            return try store.usageCount(tagID: id)
        }
        let kept = uses == 0 ? "" : " \(counted(uses, "reading")) \(uses == 1 ? "keeps" : "keep") '\(id)' and can still be listed with --tag \(id)."
        context.stdout.line("Removed tag definition '\(id)'.\(kept)")
    }
}
