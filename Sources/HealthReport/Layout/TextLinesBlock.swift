import HealthPresentation

/// Sentences, one per line, each wrapped at the block's width and measured, in their tone's colour.
struct TextLinesBlock: ReportBlock {
    let heading: String?
    let lines: [Line]
    let template: ReportTemplate
    static let maxLines = 6

    func laidOut(width: Double, styles: ReportStyles) -> Frame {
        let headingHeight = heading == nil ? 0 : styles.headingHeight
        var frame = Frame(width: width, height: headingHeight)
        if let heading { frame.text(heading, styles.heading, x: 0, y: 0, width: width) }
        for line in lines {
            let box = (line.emphasised ? styles.bodyBold : styles.body).box(line.text, width: width, maxLines: TextLinesBlock.maxLines)
            frame.text(box, x: 0, y: frame.height, color: template.color(of: line.tone))
            frame.height += box.height + 1
        }
        return frame
    }
}

extension ReportTemplate {
    /// The colour a tone is drawn in: nil for plain text (the style's own).
    func color(of tone: Tone) -> Color? {
        switch tone {
        case .plain: nil
        case .good: color("good")
        case .bad: color("bad")
        case .muted: color("muted")
        case .accent: color("accent")
        }
    }
}
