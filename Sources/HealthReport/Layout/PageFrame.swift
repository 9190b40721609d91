/// The header band and footer drawn on every page.
struct PageFrame {
    let request: ReportRequest
    static let headerHeight = 52.0

    /// The top of the content area.
    var contentTop: Double { request.template.page.margin.top + PageFrame.headerHeight }

    /// The bottom of the content area (above the footer).
    func contentBottom(_ styles: ReportStyles) -> Double {
        request.template.page.height - request.template.page.margin.bottom - styles.small.lineHeight - 6
    }

    func draw(page: Int, of pages: Int, context: GraphicsContext, styles: ReportStyles) {
        let template = request.template
        let strings = request.strings
        let profile = request.summary.profile
        let left = template.page.margin.left
        let width = template.contentWidth
        let top = template.page.margin.top
        styles.title.draw(strings.text("title"), x: left, y: top, width: width * 0.55)
        styles.subtitle.draw(strings.text("otherTitle"), x: left, y: top + styles.title.lineHeight + 1, width: width * 0.55)
        if let filter = request.filter {
            // A filtered report says so on every page, so no figure is read as the whole log's.
            styles.smallBold.draw(
                strings.text("filter", ["filter": filter]), x: left, y: top + styles.title.lineHeight + styles.subtitle.lineHeight + 2,
                width: width * 0.55, color: template.color("bad"))
        }
        let right = left + width * 0.45
        let rightWidth = width * 0.55
        // A long name is set smaller to be read in full; only past the smallest size is it cut.
        let nameStyle = [styles.heading, styles.bodyBold, styles.smallBold].first { $0.width(of: profile.name) <= rightWidth } ?? styles.smallBold
        nameStyle.draw(
            profile.name, x: right, y: top + (styles.heading.lineHeight - nameStyle.lineHeight), width: rightWidth, alignment: .right,
            color: template.color("text"))
        var details: [String] = []
        if let year = profile.birthYear {
            details.append(strings.text("born", ["year": String(year), "age": String(request.generatedAt.localDate.year - year)]))
        }
        if let sex = profile.sex { details.append(strings.text(sex.rawValue)) }
        let detailY = top + styles.heading.lineHeight + 1
        styles.body.draw(details.joined(separator: " · "), x: right, y: detailY, width: rightWidth, alignment: .right)
        styles.body.draw(request.rangeText, x: right, y: detailY + styles.body.lineHeight, width: rightWidth, alignment: .right)
        let ruleY = top + PageFrame.headerHeight - 7
        context.line(from: (left, ruleY), to: (left + width, ruleY), color: template.color("accent"), width: 1.2)
        let footer = strings.text("footer", [
            "page": String(page), "pages": String(pages), "date": strings.longDate(request.generatedAt.localDate),
            "version": request.programVersion,
        ])
        let footerY = template.page.height - template.page.margin.bottom - styles.small.lineHeight
        context.line(from: (left, footerY - 4), to: (left + width, footerY - 4), color: template.color("rule"), width: 0.4)
        styles.small.draw(footer, x: left, y: footerY, width: width, alignment: .center)
    }
}
