import CCairo
import CPango

/// The fonts one render draws with, and no others: the template's families, found through the
/// machine's fontconfig and given to a Pango font map of their files alone, with the one Pango
/// context every text of the render is laid out in. It owns both and releases them in `deinit`.
///
/// Each render makes its own, so renders on several threads never share Pango state, and none
/// draws with a font the template did not choose. Matching a character against every font on
/// the machine (hundreds, with fonts-noto-core) would cost more than drawing a short report;
/// against the template's few files it is nothing. A character none of them has is drawn as a
/// visible stand-in (see ``TextStyle``).
///
/// Text is laid out with unhinted metrics, the same whatever surface it is drawn on, so a
/// page measured once is drawn alike on a PDF and on PNG images.
final class FontSet {
    /// The Pango context texts are laid out in.
    let context: OpaquePointer
    private let map: UnsafeMutablePointer<PangoFontMap>
    /// The font files the set holds (empty when none of the families is installed, and the
    /// machine's whole configuration is used instead).
    let files: [String]
    /// Characters some text of this render needed and none of the fonts has, drawn as stand-ins
    /// (`[U+7238]`), so the render can say so.
    private(set) var standIns: Set<Unicode.Scalar> = []
    /// The template's families with no file on this machine.
    let missingFamilies: [String]

    /// Notes that `scalar` was drawn as a stand-in.
    func noteStandIn(_ scalar: Unicode.Scalar) { standIns.insert(scalar) }

    private static let synthesizeBold = """
        <?xml version="1.0"?>
        <fontconfig>
          <match target="font">
            <test name="weight" compare="less_eq"><const>medium</const></test>
            <test target="pattern" name="weight" compare="more_eq"><const>bold</const></test>
            <edit name="embolden" mode="assign"><bool>true</bool></edit>
            <edit name="weight" mode="assign"><const>bold</const></edit>
          </match>
        </fontconfig>
        """

    init(families: [String]) throws(ReportError) {
        guard let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            throw .drawing("cannot make a font map (is fontconfig installed?)")
        }
        self.map = map
        var files: [String] = []
        var missing: [String] = []
        // The process's fontconfig configuration is only read, to find the families' files.
        if let restricted = FcConfigCreate() {
            // Bold asked of a face that has none (Droid Sans Fallback) is synthesised, as the
            // machine's own configuration (90-synthetic.conf) would.
            _ = FontSet.synthesizeBold.withCString {
                FcConfigParseAndLoadFromMemory(restricted, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self), 0)
            }
            for family in families {
                var found = false
                for file in FontSet.files(of: [family]) {
                    if files.contains(file) {
                        found = true
                        continue
                    }
                    let added = file.withCString { FcConfigAppFontAddFile(restricted, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
                    if added != 0 {
                        files.append(file)
                        found = true
                    }
                }
                if !found { missing.append(family) }
            }
            if !files.isEmpty { healthlog_font_map_set_config(map, restricted) }
            FcConfigDestroy(restricted)  // the font map holds its own reference
        }
        self.files = files
        missingFamilies = missing
        context = pango_font_map_create_context(map)
        // Unhinted metrics: positions do not snap to the device's pixels, so a PDF and a PNG of
        // the same page break their lines at the same places.
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        // Glyphs at their fonts' exact advances. Rounded to whole units (Pango's default), a
        // PDF carries a position correction for nearly every glyph, and the spacing is uneven.
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(map))
    }

    /// The files of `families` in the process's fontconfig configuration, in family order.
    private static func files(of families: [String]) -> [String] {
        var files: [String] = []
        for family in families {
            guard let pattern = FcPatternCreate(), let properties = FcObjectSetCreate() else { continue }
            defer {
                FcPatternDestroy(pattern)
                FcObjectSetDestroy(properties)
            }
            _ = family.withCString { FcPatternAddString(pattern, "family", UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            _ = FcObjectSetAdd(properties, "file")
            guard let fonts = FcFontList(nil, pattern, properties) else { continue }
            defer { FcFontSetDestroy(fonts) }
            for index in 0..<Int(fonts.pointee.nfont) {
                var file: UnsafeMutablePointer<FcChar8>?
                guard let font = fonts.pointee.fonts[index], FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { continue }
                let path = String(cString: file)
                if !files.contains(path) { files.append(path) }
            }
        }
        return files
    }
}
