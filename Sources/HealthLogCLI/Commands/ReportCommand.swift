import HealthAnalytics
import HealthCore
import HealthRecords
import HealthReport

/// `healthlog report`: the A4 doctor report, as PDF or PNG pages.
struct ReportCommand: Command {
    static let spec = CommandSpec(
        ["report"], abstract: "Make the doctor report: summary, trend chart and full log on A4.",
        options: DateRangeOptions.specs + [
            OptionSpec("--template", value: "NAME|PATH", help: "clinic (default: summary, chart, log), summary (one page), or a .json file."),
            OptionSpec("--lang", value: "LANG", help: "en or zh-Hans (default: from $LANG)."),
            OptionSpec("--guideline", value: "NAME", help: "esh (default), aha or china."),
            OptionSpec("--format", value: "FORMAT", help: "pdf (default) or png (one file per page)."),
            OptionSpec("--dpi", value: "N", help: "PNG resolution, 50–600 (default 150)."),
            OptionSpec("--output", short: "-o", value: "FILE", help: "Output file (default healthlog-PROFILE-FROM_TO.pdf)."),
        ],
        examples: [
            "healthlog -p dad report --last 8w", "healthlog report --last 30d --lang zh-Hans -o 爸爸-11月.pdf",
            "healthlog report --template summary --format png --last 4w",
        ])

    let range: DateRangeOptions
    let options: ReportOptions
    let png: Bool
    let dpi: Int
    let output: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        range = try DateRangeOptions(arguments, today: context.today)
        options = try ReportOptions(arguments, context: context)
        let format = arguments.value("--format") ?? "pdf"
        guard format == "pdf" || format == "png" else { throw .data("--format '\(format)' is not pdf or png") }
        png = format == "png"
        dpi = try arguments.dpi()
        output = arguments.value("--output")
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let request = try options.request(context: context, range: range)
        let summary = request.summary
        let path = output ?? "healthlog-\(summary.profile.id)-\(summary.from)_\(summary.to).\(png ? "png" : "pdf")"
        let rendered: RenderedOutput
        do {
            rendered = try ReportRenderer.render(request, format: png ? .png(dpi: dpi) : .pdf, to: path)
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
        options: DateRangeOptions.specs + [
            OptionSpec("--lang", value: "LANG", help: "en or zh-Hans (default: from $LANG)."),
            OptionSpec("--format", value: "FORMAT", help: "png (default), svg or pdf."),
            OptionSpec("--dpi", value: "N", help: "PNG resolution, 50–600 (default 150)."),
            OptionSpec("--output", short: "-o", value: "FILE", help: "Output file (default healthlog-PROFILE-chart-FROM_TO.png)."),
        ],
        examples: ["healthlog -p dad chart --last 4w", "healthlog chart --last 3m --format svg -o trend.svg"])

    let range: DateRangeOptions
    let options: ReportOptions
    let format: ChartRenderer.Format
    let dpi: Int
    let output: String?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        range = try DateRangeOptions(arguments, today: context.today)
        options = try ReportOptions(arguments, context: context)
        format = try arguments.parsed("--format", as: "png, svg or pdf", ChartRenderer.Format.init(rawValue:)) ?? .png
        dpi = try arguments.dpi()
        output = arguments.value("--output")
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let request = try options.request(context: context, range: range)
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

/// The options `report` and `chart` share: template, language, guideline.
struct ReportOptions {
    let templateName: String
    let language: Language
    let guideline: Guideline

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        templateName = arguments.value("--template") ?? "clinic"
        if let code = arguments.value("--lang") {
            guard let language = Language(code: code) else {
                throw .data("--lang '\(code)' is not available; use \(Language.allCases.map(\.code).joined(separator: " or "))")
            }
            self.language = language
        } else {
            language = Language(environment: context.environment)
        }
        guideline = try parseGuideline(arguments)
    }

    /// Loads the template and strings, then the profile's summary over `range`.
    func request(context: CommandContext, range: DateRangeOptions) throws(CLIError) -> ReportRequest {
        let template: ReportTemplate
        let strings: StringTable
        do {
            let library = try TemplateLibrary.locate(environment: context.environment)
            template = try library.template(templateName)
            strings = try library.strings(language)
        } catch {
            throw CLIError(error)
        }
        let (summary, tags) = try loadSummary(context, range: range, options: AnalysisOptions(guideline: guideline))
        return ReportRequest(
            summary: summary, tagDefinitions: tags, template: template, strings: strings, generatedAt: context.now,
            programVersion: HealthLogMain.version)
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
