import HealthCommandLine
import HealthCore
import HealthInterchange
import HealthPresentation
import HealthUseCases

/// The fields `tag add` and `tag edit` share.
enum TagFields {
    static let labelOption = Option<String>("--label", value: "TEXT", help: "English label, e.g. 'salty meal'.")
    static let labelZhOption = Option<String>("--label-zh", value: "TEXT", help: "Chinese label, e.g. 咸食.")
    static let colorOption = Option<String>("--color", value: "#RRGGBB", help: "Marker colour on the chart (default #6C757D).")
    static let symbolOption = Option<String>("--symbol", value: "NAME", help: "A symbol name (default tag).")
    static let deviationFlag = Flag(
        "--deviation", help: "Readings with this tag break the measuring protocol (like coffee or exercise in the 30 minutes before).")
    static let noDeviationFlag = Flag("--no-deviation", help: "Undo --deviation.")
    static let options: [any OptionDeclaration] = [labelOption, labelZhOption, colorOption, symbolOption, deviationFlag, noDeviationFlag]

    /// The fields given, as a change.
    static func change(_ arguments: ParsedArguments) throws(CLIError) -> TagChange {
        var change = TagChange()
        if let value = try arguments.value(TagFields.labelOption) { change.set(\.label, to: value) }
        if let value = try arguments.value(TagFields.labelZhOption) { change.set(\.labelZh, to: value) }
        if let value = try arguments.value(TagFields.colorOption) { change.set(\.color, to: value) }
        if let value = try arguments.value(TagFields.symbolOption) { change.set(\.symbol, to: value) }
        switch (arguments.isSet(TagFields.deviationFlag), arguments.isSet(TagFields.noDeviationFlag)) {
        case (true, true): throw arguments.usage(Phrase("give --deviation or --no-deviation, not both"))
        case (true, false): change.set(\.deviation, to: true)
        case (false, true): change.set(\.deviation, to: false)
        case (false, false): break
        }
        return change
    }
}

struct TagListCommand: ListsAll {
    static let spec = CommandSpec(
        ["tag", "list"], abstract: "List tag definitions and how often each is used.", options: [Options.listingFormat],
        examples: ["healthlog tag list", "healthlog tag list --format json", "healthlog tag list --format csv"])

    let format: Options.ListingFormat

    func run(_ context: CommandContext) throws(CLIError) {
        let overview = try context.run { try $0.tagOverview() }
        let tags = overview.tags.map { (tag: $0.tag, uses: $0.uses) }
        let rows = TagText.json(tags, undefined: overview.undefined)
        if context.wroteListingData(format, json: .array(rows), csv: rows) { return }
        let text = TagText(words: try context.words(), emphasis: context.style)
        for line in text.table(tags, undefined: overview.undefined, width: context.tableWidth) { context.stdout.line(line) }
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
        guard let label = try arguments.value(TagFields.labelOption) else { throw arguments.usage(Phrase("missing '--label <TEXT>'")) }
        tag = try TagFields.change(arguments).applied(to: StatusTag(id: arguments.positionals[0], label: label))
    }

    func run(_ context: CommandContext) throws(CLIError) {
        try context.run { try $0.defineTag(tag) }
        let words = try context.words()
        context.stdout.line(words.cli("tag.defined", ["tag": tag.id, "description": TagText(words: words, emphasis: context.style).description(tag)]).visibleControls())
    }
}

struct TagEditCommand: EditsFields {
    static let spec = CommandSpec(
        ["tag", "edit"], abstract: "Change a tag's labels, colour, symbol or deviation flag. Readings keep the tag.",
        arguments: [ArgumentSpec("ID", completing: .tags, help: "The tag's id (ids cannot change).")],
        options: TagFields.options,
        examples: ["healthlog tag edit diet --label 'low-salt meal' --label-zh 低盐餐", "healthlog tag edit exercise --no-deviation"])

    static let nothingToChange = Phrase("nothing to change; give --label, --label-zh, --color, --symbol or --(no-)deviation")
    static func fields(_ arguments: ParsedArguments) throws(CLIError) -> TagChange { try TagFields.change(arguments) }

    let id: String
    let fields: TagChange

    func run(_ context: CommandContext) throws(CLIError) {
        let tag = try context.run { try $0.editTag(id, fields) }
        let words = try context.words()
        context.stdout.line(words.cli("tag.updated", ["tag": tag.id, "description": TagText(words: words, emphasis: context.style).description(tag)]).visibleControls())
    }
}

struct TagRemoveCommand: Command {
    static let spec = CommandSpec(
        ["tag", "remove"], abstract: "Remove a tag definition. Readings keep the tag ID in their history.",
        arguments: [ArgumentSpec("ID", completing: .tags, help: "The tag's id.")],
        examples: ["healthlog tag remove black-coffee"])

    let id: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) { id = arguments.positionals[0] }

    func run(_ context: CommandContext) throws(CLIError) {
        let uses = try context.run { try $0.removeTag(id) }
        let words = try context.words()
        let kept = uses == 0 ? "" : words.cli(uses == 1 ? "tag.kept.one" : "tag.kept", ["n": String(uses), "tag": id])
        context.stdout.line(words.cli("tag.removed", ["tag": id]) + kept)
    }
}
