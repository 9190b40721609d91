import CCairo
import HealthCore

/// Where finished pages go: one PDF streamed page by page, or one PNG file per page.
///
/// Output is written to private temporary files and renamed into place only
/// when everything succeeded, so a failed or interrupted render never leaves a
/// partial file at the target.
protocol PageSink: AnyObject {
    /// A context for the next page, in points with the origin at the top left.
    func beginPage() throws(ReportError) -> GraphicsContext
    /// Ends the current page.
    func endPage() throws(ReportError)
    /// Adds a bookmark to `page` (1-based); ignored by formats without bookmarks.
    @discardableResult func addOutline(_ title: String, page: Int, parent: Int32?) -> Int32
    /// Completes the output and moves it into place. Returns the files written.
    func finish() throws(ReportError) -> [String]
    /// Removes temporary files after a failure.
    func abandon()
}

/// PDF metadata.
struct DocumentInfo {
    let title: String
    let author: String
    let subject: String
    let creator: String
    /// ISO 8601, e.g. `2026-11-30T08:00:00+08:00`.
    let created: String
}

/// A single PDF: each page is emitted as soon as it ends, so memory stays flat.
final class PDFPageSink: PageSink {
    private let path: String
    private let temporary: String
    private let surface: CairoSurface
    /// The one context every page is drawn on.
    let context: GraphicsContext

    init(path: String, width: Double, height: Double, info: DocumentInfo) throws(ReportError) {
        self.path = path
        do {
            temporary = try AtomicFile.reserveTemporary(for: path)
        } catch {
            throw .output(path: path, reason: error.reason)
        }
        do {
            surface = try CairoSurface.pdf(path: temporary, width: width, height: height)
            context = try GraphicsContext(surface: surface)
        } catch {
            AtomicFile.discard(temporary)
            throw error
        }
        surface.setMetadata(CAIRO_PDF_METADATA_TITLE, info.title)
        surface.setMetadata(CAIRO_PDF_METADATA_AUTHOR, info.author)
        surface.setMetadata(CAIRO_PDF_METADATA_SUBJECT, info.subject)
        surface.setMetadata(CAIRO_PDF_METADATA_CREATOR, info.creator)
        surface.setMetadata(CAIRO_PDF_METADATA_CREATE_DATE, info.created)
    }

    func beginPage() throws(ReportError) -> GraphicsContext { context }

    func endPage() throws(ReportError) {
        context.showPage()
        try context.checkStatus()
    }

    func addOutline(_ title: String, page: Int, parent: Int32?) -> Int32 {
        surface.addOutline(title, page: page, parent: parent ?? Int32(CAIRO_PDF_OUTLINE_ROOT))
    }

    func finish() throws(ReportError) -> [String] {
        do {
            try surface.finish()
            try AtomicFile.commit(temporary, to: path)
        } catch let error as ReportError {
            abandon()
            throw error
        } catch let error as AtomicFile.WriteError {
            throw .output(path: path, reason: error.reason)
        } catch {
            abandon()
            throw .output(path: path, reason: "\(error)")
        }
        return [path]
    }

    func abandon() { AtomicFile.discard(temporary) }
}

/// One PNG per page, `NAME-1.png`, `NAME-2.png`, …, at `dpi`; a one-page render given
/// `NAME.png` is written to exactly that name.
final class PNGPageSink: PageSink {
    private let path: String
    private let base: String
    private let width: Double
    private let height: Double
    private let scale: Double
    private var current: GraphicsContext?
    private var written: [(temporary: String, target: String)] = []

    init(path: String, width: Double, height: Double, dpi: Int) {
        self.path = path
        base = path.lowercased().hasSuffix(".png") ? String(path.dropLast(4)) : path
        self.width = width
        self.height = height
        scale = Double(dpi) / 72
    }

    func beginPage() throws(ReportError) -> GraphicsContext {
        let surface = try CairoSurface.image(pixelsWide: Int((width * scale).rounded()), pixelsHigh: Int((height * scale).rounded()))
        let context = try GraphicsContext(surface: surface)
        context.fillRectangle(x: 0, y: 0, width: surface.width, height: surface.height, color: .white)
        context.scale(scale)
        current = context
        return context
    }

    func endPage() throws(ReportError) {
        guard let current else { return }
        let target = "\(base)-\(written.count + 1).png"
        let temporary: String
        do {
            temporary = try AtomicFile.reserveTemporary(for: target)
        } catch {
            abandon()
            throw .output(path: target, reason: error.reason)
        }
        written.append((temporary, target))
        try current.checkStatus()
        try current.surface.writePNG(to: temporary)
        self.current = nil
    }

    func addOutline(_ title: String, page: Int, parent: Int32?) -> Int32 { 0 }

    func finish() throws(ReportError) -> [String] {
        if written.count == 1 && path.lowercased().hasSuffix(".png") { written[0].target = path }
        for (temporary, target) in written {
            do {
                try AtomicFile.commit(temporary, to: target)
            } catch {
                abandon()
                throw .output(path: target, reason: error.reason)
            }
        }
        return written.map(\.target)
    }

    func abandon() {
        for (temporary, _) in written { AtomicFile.discard(temporary) }
    }
}
