public import HealthCore
import HealthPresentation

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
/// Pages are planned first (so every footer can say "Page 1 of N"): each block is laid out once
/// into a ``Frame`` and placed. Each page is then laid out into one frame (its header and footer,
/// its blocks, its chart, its part of the log), which the sink walks and streams out; no frame
/// of a later page is held while one is drawn.
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

    /// Draws the pages as they were planned: each page laid out into one frame, from the frames
    /// the plan measured, and walked on whatever context the sink gives it.
    private static func drawPages(_ plan: ReportPlan, request: ReportRequest, sink: any PageSink, styles: ReportStyles) throws(ReportError) {
        let pageFrame = PageFrame(request: request)
        let template = request.template
        let left = template.page.margin.left
        let width = template.contentWidth
        var logOutline: Int32?
        var lastMonth: Int?
        for (index, page) in plan.pages.enumerated() {
            let number = index + 1
            var frame = Frame(width: template.page.width, height: template.page.height)
            pageFrame.add(to: &frame, page: number, of: plan.pages.count, styles: styles)
            var y = pageFrame.contentTop
            for placed in page.blocks {
                switch placed {
                case .block(let block, let outline):
                    if let outline { sink.addOutline(outline, page: number, parent: nil) }
                    frame.place(block, x: left, y: y)
                    y += block.height + BlockSpacing.between
                case .chart(let height):
                    sink.addOutline(plan.chart.heading, page: number, parent: nil)
                    let chart = ChartBlock(chart: plan.chart, template: template).laidOut(width: width, chartHeight: height, styles: styles)
                    frame.place(chart, x: left, y: y)
                    y += chart.height + BlockSpacing.between
                case .log(let logPage, let isFirst):
                    guard let log = plan.log, let section = plan.logSection else { continue }
                    if isFirst { logOutline = sink.addOutline(section.heading, page: number, parent: nil) }
                    for month in log.months(on: logPage) where month.key != lastMonth {
                        lastMonth = month.key
                        sink.addOutline(month.label, page: number, parent: logOutline)
                    }
                    let heading = isFirst ? section.heading : section.continuedHeading
                    frame.text(heading, styles.heading, x: left, y: y)
                    let legendX = left + styles.heading.width(of: heading) + 10
                    frame.text(
                        log.legend, styles.small, x: legendX, y: y + styles.heading.lineHeight - styles.small.lineHeight - 1,
                        width: left + width - legendX)
                    frame.place(log.laidOut(page: logPage, styles: styles), x: left, y: y + styles.headingHeight)
                }
            }
            let context = try sink.beginPage()
            context.draw(frame)
            try sink.endPage()
        }
    }

    private static func documentInfo(_ request: ReportRequest) -> DocumentInfo {
        // The metadata reaches other programs (pdfinfo, a file manager) as it is: controls in a
        // name show as visible escapes, as on the pages.
        let header = request.document.header
        let name = header.name.visibleControls()
        return DocumentInfo(
            title: "\(header.title) — \(name), \(header.range)",
            author: name,
            subject: "\(header.title) (\(header.guidelineCode)), \(header.range)",
            creator: "HealthLog \(request.programVersion)",
            created: request.document.generatedAt.iso8601)
    }
}

