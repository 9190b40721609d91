import HealthPresentation

/// The header band and footer of every page, laid out into the page's frame.
struct PageFrame {
    let request: ReportRequest
    static let headerHeight = 52.0

    /// The top of the content area.
    var contentTop: Double { request.template.page.margin.top + PageFrame.headerHeight }

    /// The bottom of the content area (above the footer).
    func contentBottom(_ styles: ReportStyles) -> Double {
        request.template.page.height - request.template.page.margin.bottom - styles.small.lineHeight - 6
    }

    /// The header and footer of page `page` of `pages`, added to the page's frame.
    func add(to frame: inout Frame, page: Int, of pages: Int, styles: ReportStyles) {
        let template = request.template
        let header = request.document.header
        let left = template.page.margin.left
        let width = template.contentWidth
        let top = template.page.margin.top
        frame.text(header.title, styles.title, x: left, y: top, width: width * 0.55)
        frame.text(header.otherTitle, styles.subtitle, x: left, y: top + styles.title.lineHeight + 1, width: width * 0.55)
        if let filter = header.filterLine {
            // A filtered report says so on every page, so no figure is read as the whole log's.
            frame.text(
                filter, styles.smallBold, x: left, y: top + styles.title.lineHeight + styles.subtitle.lineHeight + 2, width: width * 0.55,
                color: template.color("bad"))
        }
        let right = left + width * 0.45
        let rightWidth = width * 0.55
        // A long name is set smaller to be read in full; only past the smallest size is it cut.
        let nameStyle = [styles.heading, styles.bodyBold, styles.smallBold].first { $0.width(of: header.name) <= rightWidth } ?? styles.smallBold
        frame.text(
            header.name, nameStyle, x: right, y: top + (styles.heading.lineHeight - nameStyle.lineHeight), width: rightWidth, alignment: .right,
            color: template.color("text"))
        let detailY = top + styles.heading.lineHeight + 1
        // Long details (a pregnancy, frailty, the conditions) are set smaller before any is cut.
        let details = header.details.joined(separator: " · ")
        let detailStyle = [styles.body, styles.small].first { $0.width(of: details) <= rightWidth } ?? styles.small
        frame.text(details, detailStyle, x: right, y: detailY + (styles.body.lineHeight - detailStyle.lineHeight), width: rightWidth, alignment: .right)
        frame.text(header.range, styles.body, x: right, y: detailY + styles.body.lineHeight, width: rightWidth, alignment: .right)
        let ruleY = top + PageFrame.headerHeight - 7
        frame.line(from: (left, ruleY), to: (left + width, ruleY), color: template.color("accent"), width: 1.2)
        let footerY = template.page.height - template.page.margin.bottom - styles.small.lineHeight
        frame.line(from: (left, footerY - 4), to: (left + width, footerY - 4), color: template.color("rule"), width: 0.4)
        frame.text(
            request.document.footer(page: page, of: pages, version: request.programVersion), styles.small, x: left, y: footerY, width: width,
            alignment: .center)
    }
}
