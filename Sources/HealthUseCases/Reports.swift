import HealthCore
public import HealthReport

/// What a report or chart is asked for.
public struct ReportAsk: Sendable {
    /// The figures: range, filter, guideline, and the language the report is written in.
    public var summary: SummaryRequest
    /// `clinic`, `summary`, or the path of a template file.
    public var template: String
    /// The log's layout; nil chooses (daily past 8 pages).
    public var logLayout: LogLayout?

    public init(summary: SummaryRequest, template: String = "clinic", logLayout: LogLayout? = nil) {
        self.summary = summary
        self.template = template
        self.logLayout = logLayout
    }
}

extension HealthLog {
    /// Everything the report is drawn from: the template and strings from the templates folder,
    /// and the figures loaded by ``summary(_:)`` (the same call `stats` makes).
    public func reportRequest(_ ask: ReportAsk) throws(HealthLogError) -> ReportRequest {
        let language = ask.summary.language
        let environment = settings.environment
        let (template, strings) = try HealthLog.run {
            let library = try TemplateLibrary.locate(environment: environment)
            return (try library.template(ask.template), try library.strings(language))
        }
        let document = try summary(ask.summary).document(strings: strings, generatedAt: now)
        return ReportRequest(document: document, template: template, programVersion: HealthLogVersion.current, logLayout: ask.logLayout)
    }

    /// Draws the report into `path` as PDF or PNG pages; nothing appears there until it is complete.
    public func writeReport(_ request: ReportRequest, format: ReportFormat, to path: String) throws(HealthLogError) -> RenderedOutput {
        try requireOutputApartFromLog(path)
        if case .png = format {
            // Pages go to NAME-1.png, NAME-2.png …: none of them may be the log either.
            let stem = path.hasSuffix(".png") ? String(path.dropLast(4)) : path
            // A log file named like a page (`NAME-3.png`) is the only one a page could be.
            for file in logFiles where file.hasSuffix(".png") {
                guard let dash = file.lastIndex(of: "-") else { continue }
                let page = file[dash...].dropFirst().dropLast(4)
                if !page.isEmpty, page.allSatisfy(\.isASCIIDigit) { try requireOutputApartFromLog(stem + file[dash...]) }
            }
        }
        return try HealthLog.run { try ReportRenderer.render(request, format: format, to: path) }
    }

    /// Draws the report as one PDF into a private spool with no name, then hands its bytes to
    /// `emit` (standard output): a failed or interrupted render emits nothing and leaves nothing
    /// behind.
    public func writeReportPDF(_ request: ReportRequest, emit: (UnsafeRawBufferPointer) -> Void) throws(HealthLogError) -> RenderedOutput {
        let folder = temporaryFolder
        // The spool is this call's own business: its failure is said as the report's, not as a
        // file the user named.
        let spoolFailed = { (reason: Phrase) in
            HealthLogError.other(
                .failed,
                Phrase(
                    "cannot draw the report for standard output: its temporary copy in {folder} cannot be written ({reason}); nothing was written", ["folder": folder],
                    terms: ["reason": reason]))
        }
        do {
            let spool = try OutputFile(spoolIn: folder)
            let rendered = try ReportRenderer.renderPDF(request, spooledInto: spool)
            try spool.readBack(emit)
            return rendered
        } catch let error as OutputError {
            switch error {
            case .cannotCreate(_, let reason), .writeFailed(_, let reason): throw spoolFailed(reason)
            }
        } catch let error as ReportError {
            switch error {
            case .output(_, let reason), .writeFailed(_, let reason): throw spoolFailed(reason)
            default: throw HealthLogError.from(error)
            }
        } catch {
            throw HealthLogError.from(error)
        }
    }

    /// Draws the trend chart alone into `path`.
    public func writeChart(_ request: ReportRequest, format: ChartRenderer.Format, dpi: Int, to path: String) throws(HealthLogError) -> RenderedOutput {
        try requireOutputApartFromLog(path)
        return try HealthLog.run { try ChartRenderer.render(request, format: format, dpi: dpi, to: path) }
    }
}
