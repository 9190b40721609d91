import HealthCore

/// How a run of text looks (font, size, weight, colour), with its shaped layouts cached.
///
/// Layouts belong to the render's ``FontSet``, not to a surface: text is laid out once into a
/// ``TextBox`` that a frame holds, and that box is what is drawn, on the PDF or on each PNG page.
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
    private let fonts: FontSet
    private let font: FontDescription
    /// Shaped layouts by what they show and how: single lines by text and width, wrapped text
    /// also by its lines and alignment. Two generations: a full cache becomes the old one, and
    /// a layout found there moves back, so the strings a log repeats (times, periods, tag
    /// sets) stay shaped however many distinct ones (dates, notes) pass through.
    private var cache = LayoutCache()
    /// Characters the fonts lack, found once each: drawn as a stand-in such as `[U+1F48A]`.
    private var missing: [Unicode.Scalar: Bool] = [:]
    private let probe: PangoLayout

    init(fonts: FontSet, families: [String], size: Double, bold: Bool = false, color: Color) {
        self.fonts = fonts
        self.size = size
        self.color = color
        font = FontDescription(families: families, size: size, bold: bold)
        let sample = PangoLayout(fonts: fonts, font: font)
        sample.setText("Ag血")
        lineHeight = sample.size.height
        probe = PangoLayout(fonts: fonts, font: font)
    }

    /// The natural width of `text` on one line.
    func width(of text: String) -> Double { layout(text, width: nil).size.width }

    /// `text` on one line, aligned in `width` and cut with "…" if it does not fit: one line
    /// high whatever it says, so it is shaped only when it is drawn (from the style's cache).
    func line(_ text: String, width: Double? = nil, alignment: Alignment = .left) -> TextBox {
        TextBox(height: lineHeight, content: .line(text, width: width, alignment: alignment), style: self)
    }

    /// The single-line layout of `text` and where it starts within `width`.
    fileprivate func laidOutLine(_ text: String, width: Double?, alignment: Alignment) -> (PangoLayout, offset: Double) {
        let layout = layout(text, width: width)
        guard let width, alignment != .left else { return (layout, 0) }
        let natural = layout.size.width
        return (layout, alignment == .right ? width - natural : (width - natural) / 2)
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

    /// `text` laid out wrapped at `width` (at most `maxLines` lines), kept to be drawn as it was
    /// measured.
    func box(_ text: String, width: Double, maxLines: Int, alignment: Alignment = .left) -> TextBox {
        // Text that fits on one line is that line, however it is drawn.
        if fitsOnOneLine(text, width: width) { return line(text, width: width, alignment: alignment) }
        let key = LayoutCache.Key(text: text, width: width, maxLines: maxLines, alignment: alignment)
        let layout = cache.layout(key) {
            let layout = PangoLayout(fonts: fonts, font: font)
            configureWrapped(layout, text, width: width, maxLines: maxLines, alignment: alignment)
            return layout
        }
        return TextBox(height: layout.size.height, content: .wrapped(layout), style: self)
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
            // No combining mark comes before U+0300: ASCII and Latin-1 need no look-up.
            if scalar.value >= 0x300, scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark {
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
        cache.layout(LayoutCache.Key(text: text, width: width)) {
            let layout = PangoLayout(fonts: fonts, font: font)
            if let width {
                layout.setWidth(width)
                layout.setEllipsized(maxLines: 1)
            }
            // One line: a line break shows as ⏎, and controls as visible escapes.
            setDrawable(layout, text.visibleControls(lineBreaks: .symbol))
            return layout
        }
    }
}

/// One style's shaped layouts, in two generations of at most ``limit`` each (see ``TextStyle``).
private struct LayoutCache {
    /// What a layout shows and how: a single line has no `maxLines`.
    struct Key: Hashable {
        let text: String
        /// The width's bits (no width: nil), compared exactly as the layout was made.
        let width: UInt64?
        let maxLines: Int?
        let alignment: TextStyle.Alignment?

        init(text: String, width: Double?, maxLines: Int? = nil, alignment: TextStyle.Alignment? = nil) {
            self.text = text
            self.width = width?.bitPattern
            self.maxLines = maxLines
            self.alignment = alignment
        }
    }

    static let limit = 256
    private var current: [Key: PangoLayout] = [:]
    private var old: [Key: PangoLayout] = [:]

    /// The layout cached for `key`, else the one `make` shapes, cached.
    mutating func layout(_ key: Key, _ make: () -> PangoLayout) -> PangoLayout {
        if let cached = current[key] { return cached }
        let layout = old.removeValue(forKey: key) ?? make()
        if current.count >= LayoutCache.limit {
            old = current
            current = [:]
            current.reserveCapacity(LayoutCache.limit)
        }
        current[key] = layout
        return layout
    }
}

/// Text laid out once by a ``TextStyle``: its height, and what is drawn in it. Wrapped text
/// keeps the layout it was measured with; a single line (one line high whatever it says) keeps
/// its text, width and alignment, and is shaped from the style's cache when it is drawn, so a log
/// of years is paginated without shaping every cell twice.
struct TextBox {
    fileprivate enum Content {
        case line(String, width: Double?, alignment: TextStyle.Alignment)
        case wrapped(PangoLayout)
    }

    let height: Double
    fileprivate let content: Content
    fileprivate let style: TextStyle

    /// What the box says: the line as given, or the wrapped layout's text.
    var text: String {
        switch content {
        case .line(let text, _, _): text
        case .wrapped(let layout): layout.text
        }
    }

    /// Draws the text on `context` with its box's top-left corner at (x, y), in its style's
    /// colour or `color`.
    func draw(on context: GraphicsContext, x: Double, y: Double, color: Color? = nil) {
        context.setColor(color ?? style.color)
        switch content {
        case .wrapped(let layout):
            layout.draw(on: context, x: x, y: y)
        case .line(let text, let width, let alignment):
            let (layout, offset) = style.laidOutLine(text, width: width, alignment: alignment)
            layout.draw(on: context, x: x + offset, y: y)
        }
    }
}
