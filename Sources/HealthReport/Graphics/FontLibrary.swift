import CPango

/// The fonts a report draws with, and no others: the template's families, found once through
/// the machine's fontconfig and given to Pango as a configuration of their files alone.
///
/// Matching a character against every font on the machine (hundreds, with fonts-noto-core)
/// costs more than drawing a short report; with the template's few files it is nothing. A
/// character none of them has is drawn as a visible stand-in (see ``TextStyle``), never in a
/// font the template did not choose.
enum FontLibrary {
    /// The families installed for, so a second report in one process reuses the font map.
    nonisolated(unsafe) private static var installed: [String]?

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

    /// Makes Pango's default font map hold only the files of `families`. Families that are not
    /// installed are skipped; when none is, the machine's whole configuration stays.
    static func use(_ families: [String]) {
        guard installed != families else { return }
        guard let machine = FcInitLoadConfigAndFonts() else { return }
        defer { FcConfigDestroy(machine) }
        guard let restricted = FcConfigCreate() else { return }
        // Bold asked of a face that has none (Droid Sans Fallback) is synthesised, as the
        // machine's own configuration (90-synthetic.conf) would.
        _ = FontLibrary.synthesizeBold.withCString {
            FcConfigParseAndLoadFromMemory(restricted, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self), 0)
        }
        var added = 0
        for family in families {
            guard let pattern = FcPatternCreate(), let properties = FcObjectSetCreate() else { continue }
            defer {
                FcPatternDestroy(pattern)
                FcObjectSetDestroy(properties)
            }
            _ = family.withCString { FcPatternAddString(pattern, "family", UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
            _ = FcObjectSetAdd(properties, "file")
            guard let fonts = FcFontList(machine, pattern, properties) else { continue }
            defer { FcFontSetDestroy(fonts) }
            for index in 0..<Int(fonts.pointee.nfont) {
                var file: UnsafeMutablePointer<FcChar8>?
                guard let font = fonts.pointee.fonts[index], FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { continue }
                if FcConfigAppFontAddFile(restricted, file) != 0 { added += 1 }
            }
        }
        guard added > 0, let map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) else {
            FcConfigDestroy(restricted)
            return
        }
        healthlog_font_map_set_config(map, restricted)
        FcConfigDestroy(restricted)  // the font map holds its own reference
        pango_cairo_font_map_set_default(OpaquePointer(map))
        g_object_unref(UnsafeMutableRawPointer(map))
        installed = families
    }
}
