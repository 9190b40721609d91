import HealthAnalytics
import HealthCore
import HealthRecords
import HealthReport

/// `healthlog report`: the A4 doctor report, as PDF or PNG pages.
struct ReportCommand: Command {
    static let spec = CommandSpec(
        ["report"], abstract: "Make the doctor report: summary, trend chart and full log on A4.",
        options: ReportOptions.declarations + [
            templateOption, formatOption, Options.dpi, Options.output.helping("Output file (default healthlog-PROFILE-FROM_TO.pdf)."),
        ],
        examples: [
            "healthlog -p dad report --last 8w", "healthlog report --last 30d --lang zh-Hans -o 爸爸-11月.pdf",
            "healthlog report --template summary --format png --last 4w",
        ])

    /// The report's output formats.
    enum Format: String, CaseIterable, Sendable { case pdf, png }
    static let formatOption = Option<Format>("--format", value: "FORMAT", help: "pdf (default) or png (one file per page).")
    static let templateOption = Option<String>(
        "--template", value: "NAME|PATH", help: "clinic (default: summary, chart, log), summary (one page), or a .json file.")

    let options: ReportOptions
    let templateName: String
    let format: Format
    let dpi: Int
    let output: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        options = try ReportOptions(arguments, context: context)
        templateName = try arguments.value(ReportCommand.templateOption) ?? "clinic"
        format = try arguments.value(ReportCommand.formatOption) ?? .pdf
        dpi = try arguments.value(Options.dpi) ?? 150
        output = try arguments.value(Options.output)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let request = try options.request(context: context, template: templateName)
        let summary = request.summary
        let path = output ?? "healthlog-\(summary.profile.id)-\(summary.from)_\(summary.to).\(format.rawValue)"
        let rendered: RenderedOutput
        do {
            rendered = try ReportRenderer.render(request, format: format == .png ? .png(dpi: dpi) : .pdf, to: path)
        } catch {
            throw CLIError(error)
        }
        let pages = rendered.pages == 1 ? "1 page" : "\(rendered.pages) pages"
        context.stdout.line("Wrote the report for \(summary.profile.name), \(request.rangeText) (\(pages)):".visibleControls())
        for file in rendered.files { context.stdout.line("  \(file.visibleControls())") }
    }
}

/// `healthlog chart`: the trend chart alone, as PNG, SVG or PDF.
struct ChartCommand: Command {
    static let spec = CommandSpec(
        ["chart"], abstract: "Draw the trend chart with tag markers, as PNG, SVG or PDF.",
        options: ReportOptions.declarations + [
            formatOption, Options.dpi, Options.output.helping("Output file (default healthlog-PROFILE-chart-FROM_TO.png)."),
        ],
        examples: ["healthlog -p dad chart --last 4w", "healthlog chart --last 3m --format svg -o trend.svg"])

    static let formatOption = Option<ChartRenderer.Format>("--format", value: "FORMAT", help: "png (default), svg or pdf.")

    let options: ReportOptions
    let format: ChartRenderer.Format
    let dpi: Int
    let output: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        options = try ReportOptions(arguments, context: context)
        format = try arguments.value(ChartCommand.formatOption) ?? .png
        dpi = try arguments.value(Options.dpi) ?? 150
        output = try arguments.value(Options.output)
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let request = try options.request(context: context, template: "clinic")
        let summary = request.summary
        let path = output ?? "healthlog-\(summary.profile.id)-chart-\(summary.from)_\(summary.to).\(format.rawValue)"
        do {
            try ChartRenderer.render(request, format: format, dpi: dpi, to: path)
        } catch {
            throw CLIError(error)
        }
        context.stdout.line("Wrote the chart for \(summary.profile.name), \(request.rangeText):".visibleControls())
        context.stdout.line("  \(path.visibleControls())")
    }
}

/// The options `report` and `chart` share: what is summarised, and the language.
struct ReportOptions {
    static let declarations: [any OptionDeclaration] = SummaryOptions.declarations + [Options.language]

    let summary: SummaryOptions
    let language: Language

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        summary = try SummaryOptions(arguments, context: context)
        language = try arguments.value(Options.language) ?? Language(environment: context.environment)
    }

    /// Loads the template and strings, then the profile's summary over the range.
    func request(context: CommandContext, template name: String) throws(CLIError) -> ReportRequest {
        let template: ReportTemplate
        let strings: StringTable
        do {
            let library = try TemplateLibrary.locate(environment: context.environment)
            template = try library.template(name)
            strings = try library.strings(language)
        } catch {
            throw CLIError(error)
        }
        let (summary, tags) = try self.summary.load(context, options: AnalysisOptions(), language: language)
        let label = { (id: String) in tags.first { $0.id == id }?.label(in: language) ?? id }
        return ReportRequest(
            summary: summary, tagDefinitions: tags, template: template, strings: strings, generatedAt: context.now,
            programVersion: HealthLogMain.version, filter: self.summary.filters.description(strings: strings, tagLabel: label))
    }
}

extension CLIError {
    /// Maps a report error to what the user is told and the exit code.
    init(_ error: ReportError) {
        switch error {
        case .output: self = .cannotCreate(error.description)
        case .template, .unknownTemplate: self = .data(error.description)
        case .templatesMissing, .drawing: self = .io(error.description)
        }
    }
}
