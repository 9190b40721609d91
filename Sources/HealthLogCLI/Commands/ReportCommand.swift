import HealthCommandLine
import HealthPresentation
import HealthCore
import HealthUseCases
import HealthReport

/// `healthlog report`: the A4 doctor report, as PDF or PNG pages.
struct ReportCommand: Command {
    static let spec = CommandSpec(
        ["report"], abstract: "Make the doctor report: summary, trend chart and full log on A4.",
        options: ReportOptions.declarations + [
            templateOption, logOption, formatOption, Options.dpi,
            Options.output.helping("Output file (default healthlog-PROFILE-FROM_TO-LANG.pdf, never replacing a file); .png picks PNG; - writes the PDF to stdout."),
        ],
        examples: [
            "healthlog -p dad report --last 8w", "healthlog report --last 30d --lang zh-Hans -o 爸爸-11月.pdf",
            "healthlog report --template summary -o page.png --last 4w", "healthlog report --last 1y --log daily",
            "healthlog report --last 8w --tag bp-med", "healthlog report --last 4w -o - | lpr",
        ])

    /// The report's output formats.
    enum Format: String, CaseIterable, Sendable { case pdf, png }
    static let formatOption = Option<Format>(
        "--format", value: "FORMAT", help: "pdf (default) or png (one file per page; one page keeps the name given).")
    static let logOption = Option<LogLayout>(
        "--log", value: "LAYOUT",
        help: "readings (one row each) or daily (one row per day, the clinic sheet); default daily past 8 pages.",
        expected: "readings or daily")
    static let templateOption = Option<String>(
        "--template", value: "NAME|PATH", help: "clinic (default: summary, chart, log), summary (one page), or a .json file."
    ).completing(.words(["clinic", "summary"]))

    let options: ReportOptions
    let templateName: String
    let format: Format
    let dpi: Int
    let output: String?
    let logLayout: LogLayout?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        options = try ReportOptions(arguments, context: context)
        templateName = try arguments.value(ReportCommand.templateOption) ?? context.environment["HEALTHLOG_TEMPLATE"].flatMap { $0.isEmpty ? nil : $0 } ?? "clinic"
        output = try arguments.value(Options.output)
        format = try OutputName.format(
            given: try arguments.value(ReportCommand.formatOption), output: output, default: .pdf, arguments: arguments,
            otherwise: Phrase("the report is pdf or png; 'healthlog chart' draws an SVG"))
        dpi = try arguments.value(Options.dpi) ?? 150
        logLayout = try arguments.value(ReportCommand.logOption)
        if output == "-" && format == .png { throw arguments.usage(Phrase("-o - writes a PDF; PNG pages need file names")) }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let ask = ReportAsk(summary: options.summary, template: templateName, logLayout: logLayout)
        let request = try context.run { try $0.reportRequest(ask) }
        let header = request.document.header
        if output == "-" {
            let rendered = try context.run { try $0.writeReportPDF(request) { context.stdout.write(bytes: Array($0)) } }
            // Said only once the PDF is out: a full disk or a closed pipe is the news instead.
            context.stdout.flush()
            guard context.stdout.failure == nil else { return }
            let words = try context.words()
            context.stderr.line(
                words.cli("report.wroteToStdout", ["name": header.name, "range": options.rangeText(request, context), "pages": words.counted(rendered.pages, "page")])
                    .visibleControls())
            rendered.standInWarning.map { context.stderr.line($0.visibleControls()) }
            return
        }
        let path = output ?? OutputName.unused(request.document.fileStem(), format.rawValue, pages: format == .png)
        let rendered = try context.run { try $0.writeReport(request, format: format == .png ? .png(dpi: dpi) : .pdf, to: path) }
        let words = try context.words()
        let pages = words.counted(rendered.pages, "page")
        context.stdout.line(words.cli("report.wrote", ["name": header.name, "range": options.rangeText(request, context), "pages": pages]).visibleControls())
        for file in rendered.files { context.stdout.line("  \(file.visibleControls())") }
        rendered.standInWarning.map { context.stderr.line($0.visibleControls()) }
    }
}

/// `healthlog chart`: the trend chart alone, as PNG, SVG or PDF.
struct ChartCommand: Command {
    static let spec = CommandSpec(
        ["chart"], abstract: "Draw the trend chart with tag markers, as PNG, SVG or PDF.",
        options: ReportOptions.declarations + [
            formatOption, Options.dpi, Options.output.helping("Output file (default healthlog-PROFILE-chart-FROM_TO-LANG.png, never replacing a file)."),
        ],
        examples: ["healthlog -p dad chart --last 4w", "healthlog chart --last 3m --format svg -o trend.svg"])

    static let formatOption = Option<ChartRenderer.Format>("--format", value: "FORMAT", help: "png (default), svg or pdf.")

    let options: ReportOptions
    let format: ChartRenderer.Format
    let dpi: Int
    let output: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        options = try ReportOptions(arguments, context: context)
        output = try arguments.value(Options.output)
        format = try OutputName.format(
            given: try arguments.value(ChartCommand.formatOption), output: output, default: .png, arguments: arguments,
            otherwise: Phrase("the chart is png, svg or pdf"))
        dpi = try arguments.value(Options.dpi) ?? 150
        if output == "-" { throw arguments.usage(Phrase("-o - is for the report's PDF; give the chart a file name")) }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let request = try context.run { try $0.reportRequest(ReportAsk(summary: options.summary)) }
        let header = request.document.header
        let path = output ?? OutputName.unused(request.document.fileStem(chart: true), format.rawValue, pages: false)
        let rendered = try context.run { try $0.writeChart(request, format: format, dpi: dpi, to: path) }
        context.stdout.line(try context.words().cli("report.wroteChart", ["name": header.name, "range": options.rangeText(request, context)]).visibleControls())
        context.stdout.line("  \(path.visibleControls())")
        rendered.standInWarning.map { context.stderr.line($0.visibleControls()) }
    }
}

/// The options `report` and `chart` share: what is summarised, and the language.
struct ReportOptions {
    static let declarations: [any OptionDeclaration] = SummaryOptions.declarations + [Options.language]

    let summary: SummaryRequest
    /// The report's language, which its default file name carries.
    let language: Language

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        language = try arguments.value(Options.language) ?? Language(environment: context.environment)
        summary = try SummaryOptions.request(arguments, context: context, language: language)
    }

    /// The range as the command line says it: the report's own words when the report speaks the
    /// command line's language, else dates that read alike in both (never a Chinese range in an
    /// English sentence).
    func rangeText(_ request: ReportRequest, _ context: CommandContext) -> String {
        language == context.language ? request.rangeText : "\(request.document.header.from) – \(request.document.header.to)"
    }
}
