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

    func laidOut(width: Double, styles: ReportStyles) -> LaidOutBlock {
        let boxes = lines.map { line in
            (line.bold ? styles.bodyBold : styles.body).box(line.text, width: width, maxLines: TextLinesBlock.maxLines)
        }
        let headingHeight = heading == nil ? 0 : styles.headingHeight
        return LaidOutBlock(height: boxes.reduce(headingHeight) { $0 + $1.height + 1 }) { _, x, y in
            if let heading { styles.heading.draw(heading, x: x, y: y, width: width) }
            var lineY = y + headingHeight
            for (line, box) in zip(lines, boxes) {
                box.draw(x: x, y: lineY, color: line.color)
                lineY += box.height + 1
            }
        }
    }
}
