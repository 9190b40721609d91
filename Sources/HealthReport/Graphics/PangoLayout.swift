import CPango

/// A Pango layout in a render's ``FontSet``: laid out once, drawn on any page's context. It
/// owns the `PangoLayout` and unrefs it in `deinit`.
final class PangoLayout {
    let handle: OpaquePointer

    init(fonts: FontSet, font: FontDescription) {
        handle = pango_layout_new(fonts.context)
        pango_layout_set_font_description(handle, font.handle)
        // Cells keep the page's left-to-right order: a note that starts in Arabic stays in its column's place.
        pango_layout_set_auto_dir(handle, 0)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(handle))
    }

    func setText(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { pango_layout_set_text(handle, $0.baseAddress, Int32($0.count)) }
        }
    }

    /// The text laid out (without markup).
    var text: String { pango_layout_get_text(handle).map { String(cString: $0) } ?? "" }

    /// Wraps at `width` points; nil for no limit.
    func setWidth(_ width: Double?) {
        pango_layout_set_width(handle, width.map { Int32($0 * Double(PANGO_SCALE)) } ?? -1)
    }

    /// Cuts off with "…" past the width (one line), or past `maxLines` when wrapping.
    func setEllipsized(maxLines: Int?) {
        pango_layout_set_ellipsize(handle, PANGO_ELLIPSIZE_END)
        pango_layout_set_height(handle, maxLines.map { -Int32($0) } ?? -1)
    }

    func setWrapping() {
        pango_layout_set_wrap(handle, PANGO_WRAP_WORD_CHAR)
    }

    /// How lines sit within the width.
    func setAlignment(_ alignment: TextStyle.Alignment) {
        let value: PangoAlignment
        switch alignment {
        case .left: value = PANGO_ALIGN_LEFT
        case .center: value = PANGO_ALIGN_CENTER
        case .right: value = PANGO_ALIGN_RIGHT
        }
        pango_layout_set_alignment(handle, value)
    }

    /// Glyphs no font in the description's fallback list could draw (Pango would draw a box).
    var unknownGlyphCount: Int { Int(pango_layout_get_unknown_glyphs_count(handle)) }

    /// The laid-out size in points.
    var size: (width: Double, height: Double) {
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_size(handle, &width, &height)
        return (Double(width) / Double(PANGO_SCALE), Double(height) / Double(PANGO_SCALE))
    }

    /// Draws on `context` with the top-left corner at (x, y), in the context's current colour.
    func draw(on context: GraphicsContext, x: Double, y: Double) {
        cairo_move_to(context.handle, x, y)
        pango_cairo_show_layout(context.handle, handle)
    }
}

/// A Pango font description such as "Noto Sans CJK SC, DejaVu Sans Bold 8". Freed in `deinit`.
final class FontDescription {
    let handle: OpaquePointer

    init(families: [String], size: Double, bold: Bool) {
        handle = pango_font_description_from_string("\(families.joined(separator: ", "))\(bold ? " Bold" : "")")
        // An absolute size is in Cairo user units, i.e. true points on the page. A plain
        // point size would be scaled by Pango's default 96 dpi and come out a third too big.
        pango_font_description_set_absolute_size(handle, size * Double(PANGO_SCALE))
    }

    deinit {
        pango_font_description_free(handle)
    }
}
