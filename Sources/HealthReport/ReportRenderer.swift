import HealthAnalytics
public import HealthCore

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
    /// Characters the report's fonts lack, drawn as stand-ins such as `[U+7238]`, in code
    /// point order; empty when every character was drawn.
    public let standIns: [Unicode.Scalar]

    /// The template's font families not installed on this machine.
    public let missingFontFamilies: [String]

    public init(files: [String], pages: Int, standIns: [Unicode.Scalar] = [], missingFontFamilies: [String] = []) {
        self.files = files
        self.pages = pages
        self.standIns = standIns
        self.missingFontFamilies = missingFontFamilies
    }

    init(files: [String], pages: Int, fonts: FontSet) {
        self.init(files: files, pages: pages, standIns: fonts.standIns.sorted { $0.value < $1.value }, missingFontFamilies: fonts.missingFamilies)
    }

    /// The Debian packages of the families HealthLog's templates use.
    static let fontPackages = [
        "Noto Sans": "fonts-noto-core", "Noto Sans Thai": "fonts-noto-core", "Droid Sans Fallback": "fonts-droid-fallback",
        "DejaVu Sans": "fonts-dejavu-core",
    ]

    /// The template family that would draw `scalar` when installed: Droid Sans Fallback for
    /// Chinese, Japanese and Korean, Noto Sans or DejaVu Sans for Latin, Greek, Cyrillic and
    /// symbols; nil for a script none of them covers.
    static func family(covering scalar: Unicode.Scalar, among families: [String]) -> String? {
        let value = scalar.value
        let cjk: [ClosedRange<UInt32>] = [0x2E80...0x2FFF, 0x3000...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFFEF, 0x20000...0x3FFFF]
        let western: [ClosedRange<UInt32>] = [0x0000...0x058F, 0x1D00...0x1FFF, 0x2000...0x2BFF]
        if cjk.contains(where: { $0.contains(value) }) { return families.first { $0 == "Droid Sans Fallback" } }
        if western.contains(where: { $0.contains(value) }) { return families.first { $0 == "Noto Sans" || $0 == "DejaVu Sans" } }
        if (0x0E00...0x0E7F).contains(value) { return families.first { $0 == "Noto Sans Thai" } }
        return nil
    }

    /// One line saying which characters were drawn as stand-ins and what would supply them, or
    /// nil when every character was drawn: "Warning: 2 characters have no font here and were
    /// drawn as codes: 爸 (U+7238), 𓀀 (U+13000); install fonts-droid-fallback (Droid Sans
    /// Fallback) for 爸; none of the template's fonts has 𓀀."
    public var standInWarning: String? {
        guard !standIns.isEmpty else { return nil }
        func named(_ scalar: Unicode.Scalar) -> String {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let shown = scalar.properties.generalCategory == .nonspacingMark ? "◌" + String(scalar) : String(scalar)
            return "\(shown) (U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex))"
        }
        func listed(_ scalars: [Unicode.Scalar]) -> String {
            scalars.prefix(4).map { String($0) }.joined(separator: ", ") + (scalars.count > 4 ? " and \(scalars.count - 4) more" : "")
        }
        let shown = standIns.prefix(6).map(named).joined(separator: ", ") + (standIns.count > 6 ? " and \(standIns.count - 6) more" : "")
        let noun = standIns.count == 1 ? "1 character has" : "\(standIns.count) characters have"
        // Each character to the missing family that would draw it, or to none.
        var byPackage: [(package: String, scalars: [Unicode.Scalar])] = []
        var uncovered: [Unicode.Scalar] = []
        for scalar in standIns {
            if let family = RenderedOutput.family(covering: scalar, among: missingFontFamilies) {
                let package = RenderedOutput.fontPackages[family].map { "\($0) (\(family))" } ?? "the font \(family)"
                if let index = byPackage.firstIndex(where: { $0.package == package }) {
                    byPackage[index].scalars.append(scalar)
                } else {
                    byPackage.append((package, [scalar]))
                }
            } else {
                uncovered.append(scalar)
            }
        }
        var remedies = byPackage.map { "install \($0.package)" + (uncovered.isEmpty && byPackage.count == 1 ? "" : " for \(listed($0.scalars))") }
        if !uncovered.isEmpty {
            remedies.append(byPackage.isEmpty ? "none of the template's fonts has them" : "none of the template's fonts has \(listed(uncovered))")
        }
        return "Warning: \(noun) no font here and \(standIns.count == 1 ? "was" : "were") drawn as codes: \(shown); \(remedies.joined(separator: "; "))."
    }
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
    /// Nothing appears at `path` until the whole report is written; a failure leaves what was there.
    @discardableResult
    public static func render(_ request: ReportRequest, format: ReportFormat, to path: String) throws(ReportError) -> RenderedOutput {
        switch format {
        case .pdf:
            let output: OutputFile
            do { output = try OutputFile(path) } catch { throw ReportError(error) }
            return try renderPDF(request, into: output, commits: true)
        case .png(let dpi):
            let styles = try ReportStyles(template: request.template)
            let plan = ReportPlan(request: request, styles: styles)
            let template = request.template
            let sink = PNGPageSink(path: path, pages: plan.pages.count, width: template.page.width, height: template.page.height, dpi: dpi)
            return try draw(plan, request: request, sink: sink, styles: styles)
        }
    }

    /// Renders the report as a PDF into `output`, a spool the caller reads back (`-o -`); it is
    /// not committed; ``RenderedOutput/files`` is empty.
    public static func renderPDF(_ request: ReportRequest, spooledInto output: OutputFile) throws(ReportError) -> RenderedOutput {
        try renderPDF(request, into: output, commits: false)
    }

    private static func renderPDF(_ request: ReportRequest, into output: OutputFile, commits: Bool) throws(ReportError) -> RenderedOutput {
        let template = request.template
        let styles = try ReportStyles(template: template)
        let plan = ReportPlan(request: request, styles: styles)
        let pdf = try PDFPageSink(
            output: output, commits: commits, width: template.page.width, height: template.page.height, info: documentInfo(request))
        return try draw(plan, request: request, sink: pdf, styles: styles)
    }

    /// Draws every page of `plan` into `sink` and finishes it; on any failure the sink's
    /// output is discarded.
    private static func draw(_ plan: ReportPlan, request: ReportRequest, sink: any PageSink, styles: ReportStyles) throws(ReportError) -> RenderedOutput {
        do {
            try drawPages(plan, request: request, sink: sink, styles: styles)
            return RenderedOutput(files: try sink.finish(), pages: plan.pages.count, fonts: styles.fonts)
        } catch {
            sink.abandon()
            throw error
        }
    }

    /// Draws the pages as they were planned: every block from the layout the plan measured, on
    /// whatever context the sink gives each page.
    private static func drawPages(_ plan: ReportPlan, request: ReportRequest, sink: any PageSink, styles: ReportStyles) throws(ReportError) {
        let frame = PageFrame(request: request)
        var logOutline: Int32?
        var lastMonth = (year: 0, month: 0)
        let left = request.template.page.margin.left
        let width = request.template.contentWidth
        for (index, page) in plan.pages.enumerated() {
            let number = index + 1
            let context = try sink.beginPage()
            styles.draw(on: context)
            frame.draw(page: number, of: plan.pages.count, context: context, styles: styles)
            var y = frame.contentTop
            for placed in page.blocks {
                switch placed {
                case .block(let block, let outline):
                    if let outline { sink.addOutline(outline, page: number, parent: nil) }
                    block.draw(context, left, y)
                    y += block.height + BlockSpacing.between
                case .chart(let height):
                    sink.addOutline(request.strings.text("chart"), page: number, parent: nil)
                    ChartBlock(request: request, chartHeight: height).draw(context: context, styles: styles, x: left, y: y, width: width)
                    y += styles.headingHeight + height + BlockSpacing.between
                case .log(let logPage, let isFirst):
                    guard let log = plan.log else { continue }
                    if isFirst {
                        logOutline = sink.addOutline(request.strings.text("log"), page: number, parent: nil)
                    }
                    for date in log.dates(on: logPage) where (date.year, date.month) != lastMonth {
                        lastMonth = (date.year, date.month)
                        sink.addOutline(request.strings.monthLabel(date), page: number, parent: logOutline)
                    }
                    let heading = request.strings.text(isFirst ? "log" : "logContinued")
                    styles.heading.draw(heading, x: left, y: y)
                    let legendX = left + styles.heading.width(of: heading) + 10
                    styles.small.draw(
                        log.legend, x: legendX, y: y + styles.heading.lineHeight - styles.small.lineHeight - 1,
                        width: left + width - legendX)
                    log.draw(page: logPage, context: context, styles: styles, top: y + styles.headingHeight)
                }
            }
            try sink.endPage()
        }
    }

    private static func documentInfo(_ request: ReportRequest) -> DocumentInfo {
        // The metadata reaches other programs (pdfinfo, a file manager) as it is: controls in a
        // name show as visible escapes, as on the pages.
        let name = request.summary.profile.name.visibleControls()
        return DocumentInfo(
            title: "\(request.strings.text("title")) — \(name), \(request.rangeText)",
            author: name,
            subject: "\(request.strings.text("title")) (\(request.summary.options.guideline.rawValue.uppercased())), \(request.rangeText)",
            creator: "HealthLog \(request.programVersion)",
            created: request.generatedAt.iso8601)
    }
}

/// Which blocks go on which page, worked out before anything is drawn: each block is
/// measured at the page's width and placed below the one before; a block that does not fit
/// starts the next page.
struct ReportPlan {
    enum Placed {
        /// A block laid out at the page's width, and the bookmark it starts (if any).
        case block(LaidOutBlock, outline: String?)
        /// The chart and its height: it grows into space left at the bottom of its page.
        case chart(height: Double)
        case log(LogPagination.Page, isFirst: Bool)
    }

    struct Page {
        var blocks: [Placed]
    }

    let pages: [Page]
    /// The log, when the template has one.
    let log: (any LogSheet)?

    init(request: ReportRequest, styles: ReportStyles) {
        let template = request.template
        let frame = PageFrame(request: request)
        let space = frame.contentBottom(styles) - frame.contentTop
        let lanes = Double(TrendChart(request: request, styles: styles, showsPulse: false).laneRows)
        let chartHeight = min(template.chart.height + lanes * TrendChart.laneHeight, space - styles.headingHeight)
        let log = template.sections.contains(.log) ? LogSheets.make(request: request, styles: styles, space: space - styles.headingHeight) : nil
        self.log = log
        // A chart gives up height for the block after it down to 3/4 of its full height, never below.
        let shortest = chartHeight * 0.75
        let sections = template.sections
        var pages = ReportPlan.paginate(
            request: request, styles: styles, log: log, sections: sections, chartHeight: chartHeight, shortest: shortest, space: space)
        // A template without a log is meant as one page: its chart gives up height to stay on it,
        // keeping 140 points of plot above its lanes; past that the notes give way, then the plot.
        if !sections.contains(.log), sections.contains(.chart), pages.count > 1 {
            let lanesHeight = lanes * TrendChart.laneHeight
            let withoutNotes = sections.filter { $0 != .notes }
            let attempts = [(sections, 140 + lanesHeight), (withoutNotes, 140 + lanesHeight), (withoutNotes, 140)]
            search: for (kept, floor) in attempts {
                for height in stride(from: chartHeight - 20, through: min(chartHeight, floor), by: -20) {
                    let shorter = ReportPlan.paginate(
                        request: request, styles: styles, log: log, sections: kept, chartHeight: height, shortest: shortest, space: space)
                    if shorter.count == 1 {
                        pages = shorter
                        break search
                    }
                }
            }
        }
        self.pages = pages
    }

    /// The pages when the chart is `chartHeight` high (`shortest` when it gives up height for the
    /// block after it): each block measured and placed below the
    /// one before, a block that does not fit starting the next page.
    private static func paginate(
        request: ReportRequest, styles: ReportStyles, log: (any LogSheet)?, sections: [ReportTemplate.Section], chartHeight: Double,
        shortest: Double, space: Double
    ) -> [Page] {
        let template = request.template
        let width = template.contentWidth
        let blocks = SummaryBlocks(request: request)
        var pages: [Page] = []
        var current = Page(blocks: [])
        var used = 0.0
        func place(_ placed: Placed, height: Double) {
            // A chart on the page gives up height, down to `shortest`, rather than send a block
            // after it to the next page.
            if used + height > space, let index = current.blocks.firstIndex(where: { if case .chart = $0 { true } else { false } }),
                case .chart(let chart) = current.blocks[index], used + height - space <= chart - shortest
            {
                let shrink = used + height - space
                current.blocks[index] = .chart(height: chart - shrink)
                used -= shrink
            }
            if used + height > space && !current.blocks.isEmpty {
                pages.append(current)
                current = Page(blocks: [])
                used = 0
            }
            current.blocks.append(placed)
            used += height + BlockSpacing.between
        }
        for section in sections {
            switch section {
            case .summary:
                for (index, block) in blocks.summarySection.enumerated() {
                    let laidOut = block.laidOut(width: width, styles: styles)
                    place(.block(laidOut, outline: index == 0 ? request.strings.text("summary") : nil), height: laidOut.height)
                }
            case .trend, .events, .tags, .notes:
                let found: (any ReportBlock)? =
                    switch section {
                    case .trend: blocks.trendTable
                    case .events: blocks.eventTable
                    case .tags: blocks.tagTable
                    default: blocks.notesTable
                    }
                guard let block = found else { continue }
                let laidOut = block.laidOut(width: width, styles: styles)
                if laidOut.height > space, let table = block as? TableBlock {
                    // A table longer than a page continues on the next pages; a shorter one moves whole.
                    var parts = table.split(first: space - used, rest: space, width: width, styles: styles)
                    if parts.isEmpty {
                        pages.append(current)
                        current = Page(blocks: [])
                        used = 0
                        parts = table.split(first: space, rest: space, width: width, styles: styles)
                    }
                    for part in parts {
                        let laidOutPart = part.laidOut(width: width, styles: styles)
                        place(.block(laidOutPart, outline: nil), height: laidOutPart.height)
                    }
                } else {
                    place(.block(laidOut, outline: nil), height: laidOut.height)
                }
            case .chart:
                // A chart that nearly fits the rest of the page shrinks to fit rather than leave it empty.
                let room = space - used - styles.headingHeight
                let height = room < chartHeight && room >= chartHeight * 0.75 ? room : chartHeight
                place(.chart(height: height), height: styles.headingHeight + height)
            case .log:
                // The log starts on a page of its own, like the record sheet it imitates.
                if !current.blocks.isEmpty {
                    pages.append(current)
                    current = Page(blocks: [])
                    used = 0
                }
                for (index, logPage) in (log?.pagination.pages ?? []).enumerated() {
                    pages.append(Page(blocks: [.log(logPage, isFirst: index == 0)]))
                }
            }
        }
        if !current.blocks.isEmpty { pages.append(current) }
        // A chart at the bottom of a page takes the space left there, up to 1.6 × its height.
        for index in pages.indices {
            guard case .chart(let height)? = pages[index].blocks.last else { continue }
            let others = pages[index].blocks.dropLast().reduce(0.0) { total, placed in
                if case .block(let block, _) = placed { return total + block.height + BlockSpacing.between }
                return total
            }
            let room = space - others - styles.headingHeight
            pages[index].blocks[pages[index].blocks.count - 1] = .chart(height: min(max(height, room), height * 1.6))
        }
        return pages
    }
}
