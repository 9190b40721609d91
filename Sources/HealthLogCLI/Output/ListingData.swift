import HealthCommandLine
import HealthCore
import HealthInterchange

extension CommandContext {
    /// Writes a listing as data when `format` asks for it: `json`, or `csv` (the JSON's fields as
    /// columns, one row each); false for the table, which the command writes itself.
    func wroteListingData(_ format: Options.ListingFormat, json: @autoclosure () -> JSONValue, csv: @autoclosure () -> [JSONValue]) -> Bool {
        switch format {
        case .json: stdout.line(json().serialized())
        case .csv: stdout.writeData(ListingCSV.csv(csv()))
        case .table: return false
        }
        return true
    }
}

/// A command that lists every one of a kind, as a table, JSON or CSV: `profile list`, `tag list`.
protocol ListsAll: Command {
    init(format: Options.ListingFormat)
}

extension ListsAll {
    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        self.init(format: try arguments.value(Options.listingFormat) ?? .table)
    }
}
