import HealthCommandLine
import HealthCore
import HealthInterchange
import HealthPresentation
import HealthUseCases

/// The fields `profile add` and `profile edit` share.
enum ProfileFields {
    static let nameOption = Option<String>("--name", value: "TEXT", help: "Name shown on reports, any script, e.g. 爸爸.")
    static let birthYearOption = Option<Int>(
        "--birth-year", value: "YYYY", help: "Year of birth (the report shows the age).", expected: "a year like 1956") { Int($0) }
    static let sexOption = Option<Profile.Sex>("--sex", value: "SEX", help: "female, male or other.")
    static let targetOption = Option<String>(
        "--target", value: "SYS/DIA|none",
        help: "Treatment target in mmHg set by the doctor; none (the default) uses the guideline's home threshold.")
    static let conditionsOption = Option<[Condition]>(
        "--conditions", value: "LIST|none",
        help: "Conditions that change what the guideline says, joined by commas: diabetes, kidney-disease (ckd), atrial-fibrillation (af), coronary-disease, stroke, heart-failure; none clears them.",
        expected: "conditions (diabetes, kidney-disease, atrial-fibrillation, coronary-disease, stroke or heart-failure, joined by commas) or none"
    ) { $0.lowercased() == "none" ? [] : Condition.list($0).flatMap { $0.isEmpty ? nil : $0 } }
    static let pregnancyOption = Option<CivilDate?>(
        "--pregnancy-due", value: "YYYY-MM-DD|none",
        help: "The due date of a current pregnancy (pregnancy thresholds, and 160/110 as urgent); none when not pregnant.",
        expected: "a due date YYYY-MM-DD or none"
    ) { $0.lowercased() == "none" ? .some(nil) : CivilDate(iso: $0).map { .some($0) } }
    static let frailOption = Option<Bool>(
        "--frail", value: "yes|no", help: "Frail, by the doctor's judgement: the target is relaxed, as from age 85.", expected: "yes or no"
    ) { ["yes": true, "no": false][$0.lowercased()] }.completing(.words(["yes", "no"]))
    static let sleepOption = Option<SleepHours?>(
        "--sleep", value: "HH:MM-HH:MM|none",
        help: "Usual sleep, bedtime to waking, e.g. 08:30-16:00 for a night shift: morning and evening follow it; none for the common day.",
        expected: "bedtime and waking as HH:MM-HH:MM, or none"
    ) { $0.lowercased() == "none" ? .some(nil) : SleepHours($0).map { .some($0) } }
    static let options: [any OptionDeclaration] = [
        nameOption, birthYearOption, sexOption, targetOption, conditionsOption, pregnancyOption, frailOption, sleepOption,
    ]

    /// The fields given, as a change (the target `none` clears it, back to the guideline's threshold).
    static func change(_ arguments: ParsedArguments) throws(CLIError) -> ProfileChange {
        var change = ProfileChange()
        if let value = try arguments.value(ProfileFields.nameOption) { change.set(\.name, to: value) }
        if let value = try arguments.value(ProfileFields.birthYearOption) { change.set(\.birthYear, to: value) }
        if let value = try arguments.value(ProfileFields.sexOption) { change.set(\.sex, to: value) }
        if let value = try arguments.value(ProfileFields.conditionsOption) { change.set(\.conditions, to: value) }
        if let value = try arguments.value(ProfileFields.pregnancyOption) { change.set(\.pregnancyDue, to: value) }
        if let value = try arguments.value(ProfileFields.frailOption) { change.set(\.frail, to: value) }
        if let value = try arguments.value(ProfileFields.sleepOption) { change.set(\.sleep, to: value) }
        if let text = try arguments.value(ProfileFields.targetOption) {
            if text.lowercased() == "none" {
                change.set(\.target, to: nil)
            } else {
                do { change.set(\.target, to: try BloodPressure.parse(text)) } catch { throw CLIError(error, arguments: arguments, option: "--target", colon: true) }
            }
        }
        return change
    }
}

struct ProfileAddCommand: Command {
    static let spec = CommandSpec(
        ["profile", "add"], abstract: "Create a profile for a family member.",
        arguments: [ArgumentSpec("ID", help: "A short id: lowercase letters, digits and '-', e.g. dad.")],
        options: ProfileFields.options,
        examples: ["healthlog profile add dad --name 爸爸 --birth-year 1956 --sex male"])

    let profile: Profile

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        profile = try ProfileFields.change(arguments).applied(to: Profile(id: arguments.positionals[0]))
    }

    func run(_ context: CommandContext) throws(CLIError) {
        try context.run { try $0.addProfile(profile) }
        let words = try context.words()
        context.stdout.line(words.cli("profile.created", ["profile": ProfileText(words: words, emphasis: context.style).summary(profile)]))
    }
}

struct ProfileListCommand: ListsAll {
    static let spec = CommandSpec(
        ["profile", "list"], abstract: "List profiles with their reading counts.", options: [Options.listingFormat],
        examples: ["healthlog profile list", "healthlog profile list --format json", "healthlog profile list --format csv"])

    let format: Options.ListingFormat

    func run(_ context: CommandContext) throws(CLIError) {
        let profiles = try context.run { try $0.profiles() }.map { (profile: $0.profile, readings: $0.readingCount, isDefault: $0.isDefault) }
        let rows = profiles.map { ProfileText.json($0.profile, readings: $0.readings, isDefault: $0.isDefault) }
        if context.wroteListingData(format, json: .array(rows), csv: rows) { return }
        let text = ProfileText(words: try context.words(), emphasis: context.style)
        for line in text.table(profiles, width: context.tableWidth) { context.stdout.line(line) }
    }
}

struct ProfileShowCommand: ShowsOne {
    static let spec = CommandSpec(
        ["profile", "show"], abstract: "Show one profile.",
        arguments: [ArgumentSpec("ID", completing: .profiles, help: "The profile's id.")], options: [Options.textFormat],
        examples: ["healthlog profile show dad", "healthlog profile show dad --format json"])

    let id: String
    let json: Bool

    func run(_ context: CommandContext) throws(CLIError) {
        let overview = try context.run { try $0.profile(id) }
        let (profile, count, isDefault) = (overview.profile, overview.readingCount, overview.isDefault)
        if json {
            context.stdout.line(ProfileText.json(profile, readings: count, isDefault: isDefault).serialized())
            return
        }
        let text = ProfileText(words: try context.words(), emphasis: context.style)
        for line in text.detail(profile, readings: count, isDefault: isDefault) { context.stdout.line(line) }
    }
}

struct ProfileEditCommand: EditsFields {
    static let spec = CommandSpec(
        ["profile", "edit"], abstract: "Change a profile's name, birth year, sex, target or care context.",
        arguments: [ArgumentSpec("ID", completing: .profiles, help: "The profile's id ('healthlog profile rename' changes it).")],
        options: ProfileFields.options,
        examples: [
            "healthlog profile edit dad --target 130/80", "healthlog profile edit mum --conditions diabetes,ckd --target 130/80",
            "healthlog profile edit anna --pregnancy-due 2027-02-10", "healthlog profile edit grandpa --frail yes",
            "healthlog profile edit nurse --sleep 08:30-16:00",
        ])

    static let nothingToChange = Phrase("nothing to change; give --name, --birth-year, --sex, --target, --conditions, --pregnancy-due, --frail or --sleep")
    static func fields(_ arguments: ParsedArguments) throws(CLIError) -> ProfileChange { try ProfileFields.change(arguments) }

    let id: String
    let fields: ProfileChange

    func run(_ context: CommandContext) throws(CLIError) {
        let profile = try context.run { try $0.editProfile(id, fields) }
        let words = try context.words()
        context.stdout.line(words.cli("profile.updated", ["profile": ProfileText(words: words, emphasis: context.style).summary(profile)]))
    }
}

struct ProfileRenameCommand: Command {
    static let spec = CommandSpec(
        ["profile", "rename"], abstract: "Give a profile a new id, keeping its readings, tags, events and target.",
        arguments: [
            ArgumentSpec("OLD", completing: .profiles, help: "The profile's id now, e.g. me."),
            ArgumentSpec("NEW", help: "Its new id: lowercase letters, digits and '-', e.g. dad."),
        ],
        options: ProfileFields.options,
        examples: ["healthlog profile rename me dad --name 爸爸"])

    let id: String
    let newID: String
    let fields: ProfileChange

    /// The usage error for `profile rename dad --name 老爸` (one id, and details to change),
    /// pointing to `profile edit`, which changes a profile's name; nil for anything else.
    static func editMeant(_ arguments: [String], spec: CommandSpec, words: StringTable?) -> CLIError? {
        guard spec.path == Self.spec.path else { return nil }
        // OLD alone, with options, means NEW is missing.
        let typed = TypedWords(arguments)
        guard typed.positionals.count == 1, !typed.options.isEmpty, !typed.asksForHelp else { return nil }
        let old = typed.positionals[0]
        let command = (["healthlog", "profile", "edit", old] + typed.options).joined(separator: " ")
        let values = ["old": old, "command": command]
        return .usage(
            words?.cli("error.renameNeedsNewID", values)
                ?? "profile rename gives '\(old)' a new id and needs it (profile rename \(old) NEW); to change its name or details: \(values["command"]!)",
            command: spec.commandLine)
    }

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        id = arguments.positionals[0]
        newID = arguments.positionals[1]
        fields = try ProfileFields.change(arguments)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let profile = try context.run { try $0.renameProfile(id, to: newID, fields) }
        let words = try context.words()
        context.stdout.line(words.cli("profile.renamed", ["old": id, "profile": ProfileText(words: words, emphasis: context.style).summary(profile)]))
    }
}

struct ProfileDefaultCommand: Command {
    static let spec = CommandSpec(
        ["profile", "default"], abstract: "Use this profile when none is named.",
        arguments: [ArgumentSpec("ID", completing: .profiles, help: "The profile's id.")],
        examples: ["healthlog profile default dad"])

    let id: String

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) { id = arguments.positionals[0] }

    func run(_ context: CommandContext) throws(CLIError) {
        try context.run { try $0.setDefaultProfile(id) }
        context.stdout.line(try context.words().cli("profile.nowDefault", ["profile": id]))
    }
}

struct ProfileRemoveCommand: Command {
    static let spec = CommandSpec(
        ["profile", "remove"], abstract: "Remove a profile and all of its readings.",
        arguments: [ArgumentSpec("ID", completing: .profiles, help: "The profile's id.")],
        options: [Options.yes],
        examples: ["healthlog profile remove test --yes"])

    let id: String
    let consent: Consent

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        id = arguments.positionals[0]
        consent = Consent(arguments)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let count = try context.run { try $0.profile(id).readingCount }
        let words = try context.words()
        try context.confirmDestructive(
            words.cli("profile.removeQuestion", ["profile": id, "readings": words.counted(count, "reading")]), consent)
        let removed = try context.run { try $0.removeProfile(id) }
        context.stdout.line(words.cli("profile.removed", ["profile": id, "readings": words.counted(removed, "reading")]))
    }
}
