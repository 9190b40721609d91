import HealthCore
import HealthRecords

/// `healthlog edit ID ...`: change some values of a reading, keeping the rest.
struct EditCommand: Command {
    static let spec = CommandSpec(
        ["edit"], abstract: "Change a reading. Values not given stay as they are.",
        arguments: [
            ArgumentSpec("ID", help: "The reading's id, or a unique prefix of at least 6 characters."),
            ArgumentSpec("SYS/DIA", optional: true, help: "New blood pressure."),
            ArgumentSpec("PULSE", optional: true, help: "New pulse."),
        ],
        options: ReadingInput.options + [clearOption],
        examples: ["healthlog edit 3f2a9c1e 136/84", "healthlog edit 3f2a9c1e --office", "healthlog edit 3f2a9c1e -t bp-med,exercise", "healthlog edit 3f2a9c1e --clear note"],
        discussion: "--tag replaces the reading's tags; tags it already had may be undefined, new ones must be defined.")

    /// The values `--clear` removes.
    enum ClearableField: String, CaseIterable, Sendable { case bp, pulse, weight, tags, note }
    static let clearOption = Option<ClearableField>(
        "--clear", value: "FIELD", repeatable: true, help: "Remove a value: bp, pulse, weight, tags or note.")

    let id: String
    let input: ReadingInput
    let clear: Set<ClearableField>

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        id = arguments.positionals[0]
        input = try ReadingInput(arguments, positionals: arguments.positionals.dropFirst(), context: context)
        clear = Set(try arguments.values(EditCommand.clearOption))
        guard input.hasNoMeasurement && input.tagIDs == nil && input.note == nil && input.takenAt == nil && input.site == nil
            ? !clear.isEmpty : true
        else { throw arguments.usage("nothing to change; give new values or --clear FIELD") }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let store = try context.store(.readWrite)
        let owner = try context.records { try store.reading(idPrefix: id).profileID }
        try context.requireNamedProfile(owns: owner, "reading \(id)")
        let (updated, profile, tags) = try context.records {
            var reading = try store.reading(idPrefix: id)
            if clear.contains(.bp) { reading.bloodPressure = nil }
            if clear.contains(.pulse) { reading.pulse = nil }
            if clear.contains(.weight) { reading.weightGrams = nil }
            if clear.contains(.tags) { reading.tagIDs = [] }
            if clear.contains(.note) { reading.note = "" }
            if let value = input.bloodPressure { reading.bloodPressure = value }
            if let value = input.pulse { reading.pulse = value }
            if let value = input.weightGrams { reading.weightGrams = value }
            if let value = input.tagIDs { reading.tagIDs = value }
            if let value = input.note { reading.note = value }
            if let value = input.takenAt { reading.takenAt = value }
            if let value = input.site { reading.site = value }
            try store.update(reading)
            return (reading, try store.requireProfile(id: reading.profileID), try store.tags())
        }
        let presenter = ReadingPresenter(tags: tags, environment: context.environment, style: context.style)
        context.stdout.line(presenter.confirmation("Updated", updated, profile: profile))
        if let note = input.repeatedWallTimeNote { context.stdout.line(note) }
    }
}
