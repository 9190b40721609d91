import HealthCore

/// How a run of text looks (font, size, weight, colour), with its shaped layouts cached.
///
/// Shaping text is the expensive part of drawing it. Report cells repeat a lot
/// (numbers, times, periods, tag sets), so each distinct string is shaped once
/// per style and the layout is reused; a table is never laid out cell by cell
/// from scratch.
final class TextStyle {
    enum Alignment { case left, right, center }

    let size: Double
    let color: Color
    /// The height of one line, in points.
    let lineHeight: Double
    private let context: GraphicsContext
    private let font: FontDescription
    private let scratch: PangoLayout
    private var cache: [String: PangoLayout] = [:]
    private static let cacheLimit = 4096

    init(context: GraphicsContext, families: [String], size: Double, bold: Bool = false, color: Color) {
        self.context = context
        self.size = size
        self.color = color
        font = FontDescription(families: families, size: size, bold: bold)
        scratch = PangoLayout(context: context, font: font)
        scratch.setText("Ag血")
        lineHeight = scratch.size.height
    }

    /// The natural width of `text` on one line.
    func width(of text: String) -> Double { layout(text, width: nil).size.width }

    /// Draws `text` on one line at (x, y), aligned in `width` and cut with "…" if it does not fit.
    func draw(_ text: String, x: Double, y: Double, width: Double? = nil, alignment: Alignment = .left, color: Color? = nil) {
        guard !text.isEmpty else { return }
        let layout = layout(text, width: width)
        var left = x
        if let width, alignment != .left {
            let natural = layout.size.width
            left = alignment == .right ? x + width - natural : x + (width - natural) / 2
        }
        context.setColor(color ?? self.color)
        layout.draw(x: left, y: y)
    }

    /// The height of `text` wrapped at `width`, at most `maxLines` lines.
    func wrappedHeight(_ text: String, width: Double, maxLines: Int) -> Double {
        configureWrapped(text, width: width, maxLines: maxLines)
        return scratch.size.height
    }

    /// Draws `text` wrapped at `width`, at most `maxLines` lines (the last cut with "…").
    func drawWrapped(_ text: String, x: Double, y: Double, width: Double, maxLines: Int) {
        configureWrapped(text, width: width, maxLines: maxLines)
        context.setColor(color)
        scratch.draw(x: x, y: y)
    }

    private func configureWrapped(_ text: String, width: Double, maxLines: Int) {
        scratch.setWidth(width)
        scratch.setWrapping()
        scratch.setEllipsized(maxLines: maxLines)
        // Text from people and files is drawn, never obeyed: controls and bidirectional
        // overrides become visible escapes; line breaks stay, as wrapped text's own.
        scratch.setText(text.visibleControls(lineBreaks: .keep))
    }

    /// The cached single-line layout of `text`, ellipsized at `width` when one is given.
    private func layout(_ text: String, width: Double?) -> PangoLayout {
        let key = width.map { "\($0)\u{1}\(text)" } ?? text
        if let cached = cache[key] { return cached }
        if cache.count >= TextStyle.cacheLimit { cache.removeAll(keepingCapacity: true) }
        let layout = PangoLayout(context: context, font: font)
        if let width {
            layout.setWidth(width)
            layout.setEllipsized(maxLines: 1)
        }
        // One line: a line break shows as ⏎, and controls as visible escapes.
        layout.setText(text.visibleControls(lineBreaks: .symbol))
        cache[key] = layout
        return layout
    }
}
