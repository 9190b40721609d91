import HealthAnalytics
import HealthCore
import HealthRecords
import HealthReport

/// `healthlog report`: the A4 doctor report, as PDF or PNG pages.
struct ReportCommand: Command {
    static let spec = CommandSpec(
        ["report"], abstract: "Make the doctor report: summary, trend chart and full log on A4.",
        options: ReportOptions.declarations + [
            templateOption, logOption, formatOption, Options.dpi,
            Options.output.helping("Output file (default healthlog-PROFILE-FROM_TO.pdf); .png picks PNG; - writes the PDF to stdout."),
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
        "--template", value: "NAME|PATH", help: "clinic (default: summary, chart, log), summary (one page), or a .json file.")

    let options: ReportOptions
    let templateName: String
    let format: Format
    let dpi: Int
    let output: String?
    let logLayout: LogLayout?

    init(_ arguments: ParsedArguments, context: CommandContext) throws(CLIError) {
        options = try ReportOptions(arguments, context: context)
        templateName = try arguments.value(ReportCommand.templateOption) ?? "clinic"
        output = try arguments.value(Options.output)
        format = try OutputName.format(
            given: try arguments.value(ReportCommand.formatOption), output: output, default: .pdf, arguments: arguments,
            otherwise: "the report is pdf or png; 'healthlog chart' draws an SVG")
        dpi = try arguments.value(Options.dpi) ?? 150
        logLayout = try arguments.value(ReportCommand.logOption)
        if output == "-" && format == .png { throw arguments.usage("-o - writes a PDF; PNG pages need file names") }
    }

    func run(_ context: CommandContext) throws(CLIError) {
        let request = try options.request(context: context, template: templateName, logLayout: logLayout)
        let summary = request.summary
        if output == "-" {
            // Drawn into a private spool with no name first: a failed or interrupted render writes
            // nothing to standard output and leaves nothing behind.
            let pages: Int
            do {
                let spool = try OutputFile(spoolIn: OutputName.temporaryFolder(context.environment))
                pages = try ReportRenderer.renderPDF(request, spooledInto: spool)
                try spool.readBack { context.stdout.write(bytes: Array($0)) }
            } catch let error as ReportError {
                throw CLIError(error)
            } catch let error as OutputError {
                throw CLIError(error)
            } catch {
                throw .io("\(error)")
            }
            context.stderr.line("Wrote the report for \(summary.profile.name), \(request.rangeText) (\(counted(pages, "page"))) to standard output.".visibleControls())
            return
        }
        let path = output ?? "healthlog-\(summary.profile.id)-\(summary.from)_\(summary.to).\(format.rawValue)"
        let rendered: RenderedOutput
        do {
            rendered = try ReportRenderer.render(request, format: format == .png ? .png(dpi: dpi) : .pdf, to: path)
        } catch {
            throw CLIError(error)
        }
        let pages = counted(rendered.pages, "page")
        context.stdout.line("Wrote the report for \(summary.profile.name), \(request.rangeText) (\(pages)):".visibleControls())
        for file in rendered.files { context.stdout.line("  \(file.visibleControls())") }
    }
}

/// Output names: the format an `-o` name's extension picks, and a private temporary file.
enum OutputName {
    /// `--format` when given (it must agree with the name's extension), else the extension's
    /// format, else `fallback`. An extension naming no format of this command is a usage error.
    static func format<Format: RawRepresentable & CaseIterable>(
        given: Format?, output: String?, default fallback: Format, arguments: ParsedArguments, otherwise: String
    ) throws(CLIError) -> Format where Format.RawValue == String {
        var fromName: Format?
        if let output, output != "-", let dot = output.lastIndex(of: "."), !output[dot...].contains("/") {
            let ext = output[output.index(after: dot)...].lowercased()
            fromName = Format.allCases.first { $0.rawValue == ext }
            if fromName == nil && ["png", "svg", "pdf"].contains(ext) {
                throw arguments.usage("-o \(output): \(otherwise)")
            }
        }
        if let given, let fromName, given != fromName {
            throw arguments.usage("-o \(output!) names a .\(fromName.rawValue) file but --format is \(given.rawValue)")
        }
        return given ?? fromName ?? fallback
    }

    /// The temporary folder: `$TMPDIR`, else /tmp.
    static func temporaryFolder(_ environment: [String: String]) -> String {
        environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
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
        output = try arguments.value(Options.output)
        format = try OutputName.format(
            given: try arguments.value(ChartCommand.formatOption), output: output, default: .png, arguments: arguments,
            otherwise: "the chart is png, svg or pdf")
        dpi = try arguments.value(Options.dpi) ?? 150
        if output == "-" { throw arguments.usage("-o - is for the report's PDF; give the chart a file name") }
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
    func request(context: CommandContext, template name: String, logLayout: LogLayout? = nil) throws(CLIError) -> ReportRequest {
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
            programVersion: HealthLogMain.version, filter: self.summary.filters.description(strings: strings, tagLabel: label),
            logLayout: logLayout)
    }
}

extension CLIError {
    /// Maps a report error to what the user is told and the exit code.
    init(_ error: ReportError) {
        switch error {
        case .output: self = .cannotCreate(error.description)
        case .writeFailed: self = .io(error.description)
        case .template, .unknownTemplate: self = .data(error.description)
        case .templatesMissing, .drawing: self = .io(error.description)
        }
    }
}
