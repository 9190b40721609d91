import HealthAnalytics
import HealthCore

/// The output format of a report.
public enum ReportFormat: Equatable, Sendable {
    /// One A4 PDF.
    case pdf
    /// One PNG per page (`NAME-1.png`, …) at the given resolution, for sending by message.
    case png(dpi: Int)
}

/// What a render produced.
public struct RenderedOutput: Equatable, Sendable {
    /// The files written, in page order for PNG.
    public let files: [String]
    /// The number of pages.
    public let pages: Int
}

/// Lays out and draws the doctor report.
///
/// ```swift
/// let files = try ReportRenderer.render(request, format: .pdf, to: "dad.pdf")
/// ```
///
/// Pages are planned first (so every footer can say "Page 1 of N"), then drawn and
/// streamed out one at a time; no whole-document tree is ever held.
public enum ReportRenderer {
    /// Renders the report to `path` (for PNG, `path` without `.png` plus `-1.png`, `-2.png`, …).
    @discardableResult
    public static func render(_ request: ReportRequest, format: ReportFormat, to path: String) throws(ReportError) -> RenderedOutput {
        let template = request.template
        let sink: any PageSink
        let measuring: GraphicsContext
        switch format {
        case .pdf:
            let pdf = try PDFPageSink(path: path, width: template.page.width, height: template.page.height, info: documentInfo(request))
            sink = pdf
            // Measure on the PDF's own context: nothing is drawn while planning, and its
            // fonts and glyphs are then loaded once for both jobs.
            measuring = pdf.context
        case .png(let dpi):
            sink = PNGPageSink(path: path, width: template.page.width, height: template.page.height, dpi: dpi)
            // Pixels would round text metrics; measure on a vector surface so PNG paginates like PDF.
            measuring = try GraphicsContext(surface: CairoSurface.recording())
        }
        let measuringStyles = ReportStyles(context: measuring, template: template)
        let plan = ReportPlan(request: request, styles: measuringStyles)
        do {
            try draw(plan, request: request, sink: sink, reusing: (measuring, measuringStyles))
            return RenderedOutput(files: try sink.finish(), pages: plan.pages.count)
        } catch {
            sink.abandon()
            throw error
        }
    }

    private static func draw(
        _ plan: ReportPlan, request: ReportRequest, sink: any PageSink, reusing measured: (GraphicsContext, ReportStyles)
    ) throws(ReportError) {
        let frame = PageFrame(request: request)
        let table = plan.table
        var stylesByContext: (ObjectIdentifier, ReportStyles)? = (ObjectIdentifier(measured.0), measured.1)
        var logOutline: Int32?
        var lastMonth = (year: 0, month: 0)
        for (index, page) in plan.pages.enumerated() {
            let number = index + 1
            let context = try sink.beginPage()
            let styles: ReportStyles
            if let cached = stylesByContext, cached.0 == ObjectIdentifier(context) {
                styles = cached.1
            } else {
                styles = ReportStyles(context: context, template: request.template)
                stylesByContext = (ObjectIdentifier(context), styles)
            }
            frame.draw(page: number, of: plan.pages.count, context: context, styles: styles)
            let left = request.template.page.margin.left
            var y = frame.contentTop
            for block in page.blocks {
                switch block {
                case .summary:
                    sink.addOutline(request.strings.text("summary"), page: number, parent: nil)
                    SummarySection(request: request, styles: styles).draw(context: context, top: y)
                    y += plan.summaryHeight + ReportPlan.gap
                case .chart(let height):
                    sink.addOutline(request.strings.text("chart"), page: number, parent: nil)
                    styles.heading.draw(request.strings.text("chart"), x: left, y: y)
                    TrendChart(request: request, styles: styles, showsPulse: request.template.chart.pulse)
                        .draw(context: context, x: left, y: y + ReportPlan.headingHeight, width: request.template.contentWidth, height: height)
                    y += ReportPlan.headingHeight + height + ReportPlan.gap
                case .log(let logPage, let isFirst):
                    if isFirst {
                        logOutline = sink.addOutline(request.strings.text("log"), page: number, parent: nil)
                    }
                    for row in logPage.rows {
                        let date = request.summary.readings[row].takenAt.localDate
                        if (date.year, date.month) != lastMonth {
                            lastMonth = (date.year, date.month)
                            sink.addOutline(request.strings.monthLabel(date), page: number, parent: logOutline)
                        }
                    }
                    styles.heading.draw(request.strings.text(isFirst ? "log" : "logContinued"), x: left, y: y)
                    styles.small.draw(
                        request.strings.text("legendLog"), x: left + styles.heading.width(of: request.strings.text(isFirst ? "log" : "logContinued")) + 10,
                        y: y + styles.heading.lineHeight - styles.small.lineHeight - 1)
                    table.draw(page: logPage, rowHeights: plan.rowHeights, context: context, styles: styles, top: y + ReportPlan.headingHeight)
                }
            }
            try sink.endPage()
        }
    }

    private static func documentInfo(_ request: ReportRequest) -> DocumentInfo {
        let name = request.summary.profile.name
        return DocumentInfo(
            title: "\(request.strings.text("title")) — \(name), \(request.rangeText)",
            author: name,
            subject: "\(request.strings.text("title")) (\(request.summary.options.guideline.rawValue.uppercased())), \(request.rangeText)",
            creator: "HealthLog \(request.programVersion)",
            created: request.generatedAt.iso8601)
    }
}

/// Which blocks go on which page, worked out before anything is drawn.
struct ReportPlan {
    enum Block {
        case summary
        /// The chart and its height: it grows into space left at the bottom of its page.
        case chart(height: Double)
        case log(LogPagination.Page, isFirst: Bool)
    }

    struct Page {
        var blocks: [Block]
    }

    static let gap = 12.0
    static let headingHeight = 16.0

    let pages: [Page]
    let table: LogTable
    let rowHeights: [Double]
    let summaryHeight: Double
    let chartHeight: Double

    init(request: ReportRequest, styles: ReportStyles) {
        let template = request.template
        let frame = PageFrame(request: request)
        let space = frame.contentBottom(styles) - frame.contentTop
        summaryHeight = SummarySection(request: request, styles: styles).height
        let lanes = Double(TrendChart(request: request, styles: styles, showsPulse: false).laneTags.count)
        chartHeight = template.chart.height + lanes * TrendChart.laneHeight
        table = LogTable(request: request)
        var pages: [Page] = []
        var current = Page(blocks: [])
        var used = 0.0
        var rowHeights: [Double] = []
        for section in template.sections {
            switch section {
            case .summary, .chart:
                let height = section == .summary ? summaryHeight : ReportPlan.headingHeight + chartHeight
                if used + height > space && !current.blocks.isEmpty {
                    pages.append(current)
                    current = Page(blocks: [])
                    used = 0
                }
                current.blocks.append(section == .summary ? .summary : .chart(height: chartHeight))
                used += height + ReportPlan.gap
            case .log:
                // The log starts on a page of its own, like the record sheet it imitates.
                if !current.blocks.isEmpty {
                    pages.append(current)
                    current = Page(blocks: [])
                    used = 0
                }
                rowHeights = table.rowHeights(styles: styles)
                let pagination = LogPagination(
                    rowHeights: rowHeights, headerHeight: table.headerHeight, summaryHeight: table.summaryHeight,
                    firstPageSpace: space - ReportPlan.headingHeight, pageSpace: space - ReportPlan.headingHeight)
                for (index, logPage) in pagination.pages.enumerated() {
                    pages.append(Page(blocks: [.log(logPage, isFirst: index == 0)]))
                }
            }
        }
        if !current.blocks.isEmpty { pages.append(current) }
        // A chart at the bottom of a page takes the space left there, up to 1.6 × its template height.
        for index in pages.indices {
            guard case .chart(let height)? = pages[index].blocks.last else { continue }
            let summarySpace = summaryHeight + ReportPlan.gap
            let others = pages[index].blocks.dropLast().reduce(0.0) { total, block in
                if case .summary = block { return total + summarySpace }
                return total
            }
            let room = space - others - ReportPlan.headingHeight
            pages[index].blocks[pages[index].blocks.count - 1] = .chart(height: min(max(height, room), height * 1.6))
        }
        self.pages = pages
        self.rowHeights = rowHeights
    }
}
