import HealthCore

/// The page a render is drawing now: text is laid out without one, and drawn on it.
final class Canvas {
    var context: GraphicsContext?
}

/// How a run of text looks (font, size, weight, colour), with its shaped layouts cached.
///
/// Layouts belong to the render's ``FontSet``, not to a surface: what is measured while the
/// pages are planned is exactly what is drawn, on the PDF or on each PNG page.
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
    private let canvas: Canvas
    private let fonts: FontSet
    private let font: FontDescription
    private let scratch: PangoLayout
    private var cache: [String: PangoLayout] = [:]
    private static let cacheLimit = 512
    /// Characters the fonts lack, found once each: drawn as a stand-in such as `[U+1F48A]`.
    private var missing: [Unicode.Scalar: Bool] = [:]
    private let probe: PangoLayout

    init(fonts: FontSet, canvas: Canvas, families: [String], size: Double, bold: Bool = false, color: Color) {
        self.fonts = fonts
        self.canvas = canvas
        self.size = size
        self.color = color
        font = FontDescription(families: families, size: size, bold: bold)
        scratch = PangoLayout(fonts: fonts, font: font)
        scratch.setText("Ag血")
        lineHeight = scratch.size.height
        probe = PangoLayout(fonts: fonts, font: font)
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
        guard let context = canvas.context else { return }
        context.setColor(color ?? self.color)
        layout.draw(on: context, x: left, y: y)
    }

    /// True when `text` certainly fits on one line of `width`, known without shaping it, from
    /// generous bounds on character widths: ASCII digits, spaces and punctuation at most
    /// 0.65 em, other ASCII 1 em, anything else (CJK, symbols) 1.1 em.
    private func surelyFits(_ text: String, width: Double) -> Bool {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: return false
            case 0x20...0x40, 0x5B...0x60, 0x7B...0x7E: ems += 0.65
            case 0x41...0x7A: ems += 1.0
            default: ems += 1.1
            }
        }
        return ems * size <= width
    }

    /// True when `text` is one line that fits in `width`.
    private func fitsOnOneLine(_ text: String, width: Double) -> Bool {
        surelyFits(text, width: width) || (!text.contains("\n") && self.width(of: text) <= width)
    }

    /// The height of `text` wrapped at `width`, at most `maxLines` lines.
    func wrappedHeight(_ text: String, width: Double, maxLines: Int) -> Double {
        if fitsOnOneLine(text, width: width) { return lineHeight }
        configureWrapped(scratch, text, width: width, maxLines: maxLines, alignment: .left)
        return scratch.size.height
    }

    /// Draws `text` wrapped at `width`, at most `maxLines` lines (the last cut with "…").
    func drawWrapped(
        _ text: String, x: Double, y: Double, width: Double, maxLines: Int, alignment: Alignment = .left, color: Color? = nil
    ) {
        box(text, width: width, maxLines: maxLines, alignment: alignment).draw(x: x, y: y, color: color)
    }

    /// `text` laid out wrapped at `width` (at most `maxLines` lines), kept to be drawn as it was
    /// measured.
    func box(_ text: String, width: Double, maxLines: Int, alignment: Alignment = .left) -> TextBox {
        if fitsOnOneLine(text, width: width) {
            let layout = layout(text, width: width)
            let natural = layout.size.width
            let offset = alignment == .left ? 0 : alignment == .right ? width - natural : (width - natural) / 2
            return TextBox(height: lineHeight, layout: layout, offset: offset, style: self)
        }
        let layout = PangoLayout(fonts: fonts, font: font)
        configureWrapped(layout, text, width: width, maxLines: maxLines, alignment: alignment)
        return TextBox(height: layout.size.height, layout: layout, offset: 0, style: self)
    }

    /// Draws a laid-out layout in this style's colour, or `color`.
    fileprivate func draw(_ layout: PangoLayout, x: Double, y: Double, color: Color?) {
        guard let context = canvas.context else { return }
        context.setColor(color ?? self.color)
        layout.draw(on: context, x: x, y: y)
    }

    private func configureWrapped(_ layout: PangoLayout, _ text: String, width: Double, maxLines: Int, alignment: Alignment) {
        layout.setWidth(width)
        layout.setWrapping()
        layout.setEllipsized(maxLines: maxLines)
        layout.setAlignment(alignment)
        // Text from people and files is drawn, never obeyed: controls and bidirectional
        // overrides become visible escapes; line breaks stay, as wrapped text's own.
        setDrawable(layout, text.visibleControls(lineBreaks: .keep))
    }

    /// Sets `text` on `layout`, with any character no font can draw replaced by a visible
    /// stand-in naming it (`[U+1F48A]`), so nothing is drawn as an anonymous box. Text is
    /// first bounded (see ``TextStyle/bounded(_:)``), so drawing time is linear in what is shown.
    private func setDrawable(_ layout: PangoLayout, _ text: String) {
        let text = TextStyle.bounded(text)
        layout.setText(text)
        guard layout.unknownGlyphCount > 0 else { return }
        var replaced = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x80 && isMissing(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                replaced += "[U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)]"
            } else {
                replaced.unicodeScalars.append(scalar)
            }
        }
        layout.setText(replaced)
    }

    /// The most characters one cell or line ever shows; a longer text is cut with "…".
    static let drawnScalarLimit = 4000
    /// The most combining marks drawn on one base character (Vietnamese and Thai stack two;
    /// more would rise out of a table row into the one above). Pango's time also grows with the
    /// square of a cluster's length, and a note of one letter with 60,000 accents would take
    /// half a minute.
    static let marksPerCharacter = 3

    /// `text` as it can be drawn in bounded time: at most ``drawnScalarLimit`` code points,
    /// and at most ``marksPerCharacter`` combining marks on any character (the rest are
    /// dropped). Short, ordinary text comes back unchanged.
    static func bounded(_ text: String) -> String {
        let scalars = text.unicodeScalars
        var marks = 0
        var needsWork = false
        var count = 0
        for scalar in scalars {
            count += 1
            if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark {
                marks += 1
                if marks > marksPerCharacter { needsWork = true; break }
            } else {
                marks = 0
            }
            if count > drawnScalarLimit { needsWork = true; break }
        }
        guard needsWork else { return text }
        var result = String.UnicodeScalarView()
        marks = 0
        count = 0
        for scalar in scalars {
            let isMark = scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark
            marks = isMark ? marks + 1 : 0
            if isMark && marks > marksPerCharacter { continue }
            count += 1
            if count > drawnScalarLimit {
                result.append("…")
                break
            }
            result.append(scalar)
        }
        return String(result)
    }

    private func isMissing(_ scalar: Unicode.Scalar) -> Bool {
        if let known = missing[scalar] { return known }
        // Joiners and variation selectors draw nothing on their own, and are never boxes. A
        // combining mark is probed like any character: a Thai vowel sign no font has is a box too.
        if scalar.properties.generalCategory == .format || (0xFE00...0xFE0F).contains(scalar.value) {
            missing[scalar] = false
            return false
        }
        probe.setText(String(scalar))
        let lacking = probe.unknownGlyphCount > 0
        missing[scalar] = lacking
        if lacking { fonts.noteStandIn(scalar) }
        return lacking
    }

    /// The cached single-line layout of `text`, ellipsized at `width` when one is given.
    private func layout(_ text: String, width: Double?) -> PangoLayout {
        let key = width.map { "\($0)\u{1}\(text)" } ?? text
        if let cached = cache[key] { return cached }
        if cache.count >= TextStyle.cacheLimit { cache.removeAll(keepingCapacity: true) }
        let layout = PangoLayout(fonts: fonts, font: font)
        if let width {
            layout.setWidth(width)
            layout.setEllipsized(maxLines: 1)
        }
        // One line: a line break shows as ⏎, and controls as visible escapes.
        setDrawable(layout, text.visibleControls(lineBreaks: .symbol))
        cache[key] = layout
        return layout
    }
}

/// Text laid out once by a ``TextStyle``: its height, and its drawing from that same layout.
struct TextBox {
    let height: Double
    fileprivate let layout: PangoLayout
    /// Where the text starts within its width (right or centre alignment of one line).
    fileprivate let offset: Double
    fileprivate let style: TextStyle

    /// Draws the text with its box's top-left corner at (x, y).
    func draw(x: Double, y: Double, color: Color? = nil) {
        style.draw(layout, x: x + offset, y: y, color: color)
    }
}
