import HealthCommandLine
import HealthCore
import HealthUseCases

/// A command that changes fields of one record by its ID (`profile edit`, `tag edit`): at
/// least one field must be given, and none is a usage error that names the options.
protocol EditsFields: Command {
    associatedtype Record
    /// The fields given.
    static func fields(_ arguments: ParsedArguments) throws(CLIError) -> FieldEdits<Record>
    /// What is said when no field is given.
    static var nothingToChange: Phrase { get }
    init(id: String, fields: FieldEdits<Record>)
}

extension EditsFields {
    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        let fields = try Self.fields(arguments)
        guard !fields.isEmpty else { throw arguments.usage(Self.nothingToChange) }
        self.init(id: arguments.positionals[0], fields: fields)
    }
}
