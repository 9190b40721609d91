import CCairo

/// A Cairo surface: a PDF or SVG file, or an image in memory. Destroyed in `deinit`.
final class CairoSurface {
    let handle: OpaquePointer
    /// Points across and down.
    let width: Double
    let height: Double

    private init(handle: OpaquePointer, width: Double, height: Double, what: String) throws(ReportError) {
        self.handle = handle
        self.width = width
        self.height = height
        // Cairo signals failure with an error status on the object it returns, never with NULL.
        let status = cairo_surface_status(handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .drawing("cannot create \(what): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    deinit {
        cairo_surface_destroy(handle)
    }

    /// A PDF written to `path` as pages are finished.
    static func pdf(path: String, width: Double, height: Double) throws(ReportError) -> CairoSurface {
        try CairoSurface(handle: cairo_pdf_surface_create(path, width, height), width: width, height: height, what: "PDF \(path)")
    }

    /// An SVG written to `path`.
    static func svg(path: String, width: Double, height: Double) throws(ReportError) -> CairoSurface {
        try CairoSurface(handle: cairo_svg_surface_create(path, width, height), width: width, height: height, what: "SVG \(path)")
    }

    /// An unbounded vector surface that only records; used to measure text as PDF would.
    static func recording() throws(ReportError) -> CairoSurface {
        try CairoSurface(
            handle: cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil), width: 0, height: 0,
            what: "a recording surface")
    }

    /// An RGB image of `pixelsWide` × `pixelsHigh`.
    static func image(pixelsWide: Int, pixelsHigh: Int) throws(ReportError) -> CairoSurface {
        try CairoSurface(
            handle: cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixelsWide), Int32(pixelsHigh)),
            width: Double(pixelsWide), height: Double(pixelsHigh), what: "a \(pixelsWide)×\(pixelsHigh) image")
    }

    /// Sets a PDF metadata field (title, author, …).
    func setMetadata(_ field: cairo_pdf_metadata_t, _ value: String) {
        cairo_pdf_surface_set_metadata(handle, field, value)
    }

    /// Adds a PDF bookmark pointing at `page` (1-based); returns its id for children.
    @discardableResult
    func addOutline(_ title: String, page: Int, parent: Int32 = Int32(CAIRO_PDF_OUTLINE_ROOT)) -> Int32 {
        cairo_pdf_surface_add_outline(handle, parent, title, "page=\(page)", cairo_pdf_outline_flags_t(rawValue: 0))
    }

    /// Writes an image surface as PNG.
    func writePNG(to path: String) throws(ReportError) {
        let status = cairo_surface_write_to_png(handle, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .output(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Flushes everything to the file and checks that it all went well.
    func finish() throws(ReportError) {
        cairo_surface_finish(handle)
        try checkStatus()
    }

    func checkStatus() throws(ReportError) {
        let status = cairo_surface_status(handle)
        guard status == CAIRO_STATUS_SUCCESS else { throw .drawing(String(cString: cairo_status_to_string(status))) }
    }
}
