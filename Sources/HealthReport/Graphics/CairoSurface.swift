import CCairo
import HealthCore

/// A Cairo surface: a PDF or SVG written to an ``OutputFile``, or an image in memory. Destroyed
/// in `deinit`.
///
/// Vector surfaces write through a stream callback into the output, never to a path of their
/// own, so every write is checked: a full disk puts the surface in an error state that
/// ``finish()`` reports, and the output is never committed half-written.
final class CairoSurface {
    let handle: OpaquePointer
    /// Points across and down.
    let width: Double
    let height: Double
    /// Where a vector surface writes; kept alive as long as the surface, which points at it.
    private let output: OutputFile?

    private init(handle: OpaquePointer, width: Double, height: Double, what: String, output: OutputFile? = nil) throws(ReportError) {
        self.handle = handle
        self.width = width
        self.height = height
        self.output = output
        // Cairo signals failure with an error status on the object it returns, never with NULL.
        let status = cairo_surface_status(handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .drawing("cannot create \(what): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    deinit {
        cairo_surface_destroy(handle)
    }

    /// A PDF written into `output` as pages are finished.
    static func pdf(into output: OutputFile, width: Double, height: Double) throws(ReportError) -> CairoSurface {
        try CairoSurface(
            handle: cairo_pdf_surface_create_for_stream(CairoSurface.writeToOutput, Unmanaged.passUnretained(output).toOpaque(), width, height),
            width: width, height: height, what: "PDF \(output.path)", output: output)
    }

    /// An SVG written into `output`.
    static func svg(into output: OutputFile, width: Double, height: Double) throws(ReportError) -> CairoSurface {
        try CairoSurface(
            handle: cairo_svg_surface_create_for_stream(CairoSurface.writeToOutput, Unmanaged.passUnretained(output).toOpaque(), width, height),
            width: width, height: height, what: "SVG \(output.path)", output: output)
    }

    /// Cairo's write callback: appends to the ``OutputFile`` behind `closure`, and reports its
    /// first failure as a write error, which puts the surface in an error state.
    private static let writeToOutput: cairo_write_func_t = { closure, data, length in
        let output = Unmanaged<OutputFile>.fromOpaque(closure!).takeUnretainedValue()
        if let data { output.write(UnsafeRawBufferPointer(start: data, count: Int(length))) }
        return output.failure == nil ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
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

    /// Writes an image surface as PNG into `output` (not committed).
    func writePNG(into output: OutputFile) throws(ReportError) {
        let status = cairo_surface_write_to_png_stream(handle, CairoSurface.writeToOutput, Unmanaged.passUnretained(output).toOpaque())
        if let failure = output.failure { throw ReportError(failure) }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .output(path: output.path, reason: Phrase(verbatim: String(cString: cairo_status_to_string(status))))
        }
    }

    /// Flushes everything to the output and checks that it all went well (the output is not committed).
    func finish() throws(ReportError) {
        cairo_surface_finish(handle)
        if let failure = output?.failure { throw ReportError(failure) }
        try checkStatus()
    }

    func checkStatus() throws(ReportError) {
        let status = cairo_surface_status(handle)
        guard status == CAIRO_STATUS_SUCCESS else { throw .drawing(String(cString: cairo_status_to_string(status))) }
    }
}
