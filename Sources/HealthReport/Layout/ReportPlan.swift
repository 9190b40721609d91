import HealthPresentation

/// Which blocks go on which page, worked out before anything is drawn: each block is laid out
/// once at the page's width into a frame and placed below the one before; a block that does not
/// fit starts the next page. The chart's height is settled here; the log's pages come from its
/// pagination.
struct ReportPlan {
    enum Placed {
        /// A block laid out at the page's width, and the bookmark it starts (if any).
        case block(Frame, outline: String?)
        /// The chart and its height: it grows into space left at the bottom of its page.
        case chart(height: Double)
        case log(LogPagination.Page, isFirst: Bool)
    }

    struct Page {
        var blocks: [Placed]
    }

    let pages: [Page]
    /// The chart's content, as this template draws it.
    let chart: ChartSection
    /// The log, when the template has one, and its section.
    let log: (any LogSheet)?
    let logSection: LogSection?

    init(request: ReportRequest, styles: ReportStyles) {
        let template = request.template
        let frame = PageFrame(request: request)
        let space = frame.contentBottom(styles) - frame.contentTop
        let chart = request.chart
        self.chart = chart
        let lanes = Double(TrendChart(chart: chart, styles: styles, template: template).laneRows)
        let chartHeight = min(template.chart.height + lanes * TrendChart.laneHeight, space - styles.headingHeight)
        let logSection = template.sections.contains(.log) ? request.document.log : nil
        self.logSection = logSection
        let log = logSection.map { LogSheets.make($0, request: request, styles: styles, space: space - styles.headingHeight) }
        self.log = log
        // A chart gives up height for the block after it down to 3/4 of its full height, never below.
        let shortest = chartHeight * 0.75
        let sections = template.sections
        let blocks = SummaryBlocks(document: request.document, template: template)
        var pages = ReportPlan.paginate(
            request: request, blocks: blocks, styles: styles, log: log, sections: sections, chartHeight: chartHeight, shortest: shortest, space: space)
        // A template without a log is meant as one page: its chart gives up height to stay on it,
        // keeping 140 points of plot above its lanes; past that the notes give way, then the plot.
        if !sections.contains(.log), sections.contains(.chart), pages.count > 1 {
            let lanesHeight = lanes * TrendChart.laneHeight
            let withoutNotes = sections.filter { $0 != .notes }
            let attempts = [(sections, 140 + lanesHeight), (withoutNotes, 140 + lanesHeight), (withoutNotes, 140)]
            search: for (kept, floor) in attempts {
                for height in stride(from: chartHeight - 20, through: min(chartHeight, floor), by: -20) {
                    let shorter = ReportPlan.paginate(
                        request: request, blocks: blocks, styles: styles, log: log, sections: kept, chartHeight: height, shortest: shortest,
                        space: space)
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
    /// block after it): each block laid out and placed below the one before, a block that does
    /// not fit starting the next page.
    private static func paginate(
        request: ReportRequest, blocks: SummaryBlocks, styles: ReportStyles, log: (any LogSheet)?, sections: [ReportTemplate.Section],
        chartHeight: Double, shortest: Double, space: Double
    ) -> [Page] {
        let width = request.template.contentWidth
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
            case .summary, .details:
                // The details start a page of their own: page 1 is what a doctor reads in a minute.
                if section == .details, !current.blocks.isEmpty {
                    pages.append(current)
                    current = Page(blocks: [])
                    used = 0
                }
                let (placed, outline) = section == .summary
                    ? (blocks.summarySection, request.document.summaryHeading) : (blocks.detailsSection, request.document.detailsHeading)
                for (index, block) in placed.enumerated() {
                    let laidOut = block.laidOut(width: width, styles: styles)
                    place(.block(laidOut, outline: index == 0 ? outline : nil), height: laidOut.height)
                }
            case .trend, .events, .tags, .notes:
                let found: TableBlock? =
                    switch section {
                    case .trend: blocks.trendTable
                    case .events: blocks.eventTable
                    case .tags: blocks.tagTable
                    default: blocks.notesTable
                    }
                guard let table = found else { continue }
                let laidOut = table.laidOut(width: width, styles: styles)
                if laidOut.height > space {
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
