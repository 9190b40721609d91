/// Sentences, one per line, each wrapped at the block's width and measured.
struct TextLinesBlock: ReportBlock {
    struct Line {
        let text: String
        var color: Color?
        var bold = false
    }

    let heading: String?
    let lines: [Line]
    static let maxLines = 6

    func height(width: Double, styles: ReportStyles) -> Double {
        let body = lines.reduce(0.0) { total, line in
            total + (line.bold ? styles.bodyBold : styles.body).wrappedHeight(line.text, width: width, maxLines: TextLinesBlock.maxLines) + 1
        }
        return (heading == nil ? 0 : styles.headingHeight) + body
    }

    func draw(context: GraphicsContext, styles: ReportStyles, x: Double, y: Double, width: Double) {
        var lineY = y
        if let heading {
            styles.heading.draw(heading, x: x, y: lineY, width: width)
            lineY += styles.headingHeight
        }
        for line in lines {
            let style = line.bold ? styles.bodyBold : styles.body
            style.drawWrapped(line.text, x: x, y: lineY, width: width, maxLines: TextLinesBlock.maxLines, color: line.color)
            lineY += style.wrappedHeight(line.text, width: width, maxLines: TextLinesBlock.maxLines) + 1
        }
    }
}
