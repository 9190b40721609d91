/// The text styles of one drawing context, made from the template.
final class ReportStyles {
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

    init(context: GraphicsContext, template: ReportTemplate) {
        let fonts = template.fonts
        let sizes = template.fontSizes
        let text = template.color("text")
        title = TextStyle(context: context, families: fonts, size: sizes.title, bold: true, color: template.color("accent"))
        subtitle = TextStyle(context: context, families: fonts, size: sizes.small + 1, color: template.color("muted"))
        heading = TextStyle(context: context, families: fonts, size: sizes.heading, bold: true, color: template.color("accent"))
        body = TextStyle(context: context, families: fonts, size: sizes.body, color: text)
        bodyBold = TextStyle(context: context, families: fonts, size: sizes.body, bold: true, color: text)
        bodyMuted = TextStyle(context: context, families: fonts, size: sizes.body, color: template.color("muted"))
        small = TextStyle(context: context, families: fonts, size: sizes.small, color: template.color("muted"))
        smallBold = TextStyle(context: context, families: fonts, size: sizes.small, bold: true, color: text)
        figure = TextStyle(context: context, families: fonts, size: sizes.figure, bold: true, color: text)
        badge = TextStyle(context: context, families: fonts, size: sizes.body, bold: true, color: .white)
    }
}
