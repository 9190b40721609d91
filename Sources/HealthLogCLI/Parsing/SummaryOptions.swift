import HealthCommandLine
import HealthPresentation
import HealthCore
import HealthUseCases

/// What `stats`, `report` and `chart` summarise: the range, the filters and the guideline,
/// declared once and read into a ``SummaryRequest``.
enum SummaryOptions {
    static let declarations: [any OptionDeclaration] =
        DateRangeOptions.declarations + ReadingFilterOptions.declarations + [Options.guideline]

    /// The request the options make, for figures said in `language`.
    static func request(
        _ arguments: ParsedArguments, context: CommandContext, language: Language, analysis: AnalysisChoices = AnalysisChoices()
    ) throws(CLIError) -> SummaryRequest {
        SummaryRequest(
            range: try DateRangeOptions.range(arguments, today: context.today), filter: try ReadingFilterOptions.filter(arguments),
            guideline: try context.guideline(arguments), language: language, analysis: analysis)
    }
}
