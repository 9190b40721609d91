/// The text styles of one render, made from the template and laid out in the render's own
/// ``FontSet``.
final class ReportStyles {
    let fonts: FontSet
    let title: TextStyle
    let subtitle: TextStyle
    let heading: TextStyle
    let body: TextStyle
    let bodyBold: TextStyle
    let bodyMuted: TextStyle
    let small: TextStyle
    let smallBold: TextStyle
    let figure: TextStyle
    let badge: TextStyle

    /// Styles for `template`, with a font set of its fonts made for this render.
    convenience init(template: ReportTemplate) throws(ReportError) {
        self.init(fonts: try FontSet(families: template.fonts), template: template)
    }

    init(fonts fontSet: FontSet, template: ReportTemplate) {
        self.fonts = fontSet
        let fonts = template.fonts
        let sizes = template.fontSizes
        let text = template.color("text")
        func style(size: Double, bold: Bool = false, color: Color) -> TextStyle {
            TextStyle(fonts: fontSet, families: fonts, size: size, bold: bold, color: color)
        }
        title = style(size: sizes.title, bold: true, color: template.color("accent"))
        subtitle = style(size: sizes.small + 1, color: template.color("muted"))
        heading = style(size: sizes.heading, bold: true, color: template.color("accent"))
        body = style(size: sizes.body, color: text)
        bodyBold = style(size: sizes.body, bold: true, color: text)
        bodyMuted = style(size: sizes.body, color: template.color("muted"))
        small = style(size: sizes.small, color: template.color("muted"))
        smallBold = style(size: sizes.small, bold: true, color: text)
        figure = style(size: sizes.figure, bold: true, color: text)
        badge = style(size: sizes.body, bold: true, color: .white)
    }
}
