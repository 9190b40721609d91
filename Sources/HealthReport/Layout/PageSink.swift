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

/// A single PDF: each page is emitted as soon as it ends, so memory stays flat. It is written
/// into an ``OutputFile`` that only takes its path once the document is complete.
final class PDFPageSink: PageSink {
    private let output: OutputFile
    /// False for a spool that the caller reads back (`-o -`).
    private let commits: Bool
    private let surface: CairoSurface
    /// The one context every page is drawn on.
    let context: GraphicsContext

    init(output: OutputFile, commits: Bool, width: Double, height: Double, info: DocumentInfo) throws(ReportError) {
        self.output = output
        self.commits = commits
        surface = try CairoSurface.pdf(into: output, width: width, height: height)
        context = try GraphicsContext(surface: surface)
        surface.setMetadata(CAIRO_PDF_METADATA_TITLE, info.title)
        surface.setMetadata(CAIRO_PDF_METADATA_AUTHOR, info.author)
        surface.setMetadata(CAIRO_PDF_METADATA_SUBJECT, info.subject)
        surface.setMetadata(CAIRO_PDF_METADATA_CREATOR, info.creator)
        surface.setMetadata(CAIRO_PDF_METADATA_CREATE_DATE, info.created)
    }

    func beginPage() throws(ReportError) -> GraphicsContext { context }

    func endPage() throws(ReportError) {
        context.showPage()
        // A failed write puts Cairo in an error state too; the output's own reason says more.
        if let failure = output.failure { throw ReportError(failure) }
        try context.checkStatus()
    }

    func addOutline(_ title: String, page: Int, parent: Int32?) -> Int32 {
        surface.addOutline(title, page: page, parent: parent ?? Int32(CAIRO_PDF_OUTLINE_ROOT))
    }

    func finish() throws(ReportError) -> [String] {
        do {
            try surface.finish()
            if commits { try output.commit() }
        } catch let error as ReportError {
            abandon()
            throw error
        } catch let error as OutputError {
            abandon()
            throw ReportError(error)
        } catch {
            abandon()
            throw .output(path: output.path, reason: Phrase(verbatim: "\(error)"))
        }
        return [output.path]
    }

    func abandon() { output.discard() }
}

/// One PNG per page, `NAME-1.png`, `NAME-2.png`, …, at `dpi`; a one-page render given
/// `NAME.png` is written to exactly that name. Every page waits unnamed until all of them are
/// drawn; then each takes its name, and what a previous report of the same name left is removed
/// (its pages past this one's, such as `NAME-4.png` after a 3-page report, and `NAME.png` or
/// its pages when this one's pages take the other form), so a folder never holds two reports'
/// pages under one name. Only regular PNG files of exactly those names are removed.
final class PNGPageSink: PageSink {
    private let base: String
    private let names: [String]
    private let stale: [String]
    private let width: Double
    private let height: Double
    private let scale: Double
    private var current: GraphicsContext?
    private var written: [OutputFile] = []

    /// A sink for `pages` pages written at `path`.
    init(path: String, pages: Int, width: Double, height: Double, dpi: Int) {
        let isPNGName = path.lowercased().hasSuffix(".png")
        base = isPNGName ? String(path.dropLast(4)) : path
        let single = pages == 1 && isPNGName
        names = single ? [path] : (1...max(pages, 1)).map { PNGPageSink.pageName(base: isPNGName ? String(path.dropLast(4)) : path, page: $0) }
        // What another report of this name may have left: the one-page name, or numbered pages.
        var stale: [String] = single || !isPNGName ? [] : [path]
        var page = single ? 1 : pages + 1
        while FileSystem.isPNGFile(PNGPageSink.pageName(base: base, page: page)) {
            stale.append(PNGPageSink.pageName(base: base, page: page))
            page += 1
        }
        self.stale = stale
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
        guard written.count < names.count else { throw .drawing("more pages than were planned") }
        let output: OutputFile
        do {
            output = try OutputFile(names[written.count])
        } catch {
            abandon()
            throw ReportError(error)
        }
        written.append(output)
        try current.checkStatus()
        try current.surface.writePNG(into: output)
        self.current = nil
    }

    func addOutline(_ title: String, page: Int, parent: Int32?) -> Int32 { 0 }

    func finish() throws(ReportError) -> [String] {
        for output in written {
            do {
                try output.commit()
            } catch {
                abandon()
                throw ReportError(error)
            }
        }
        for name in stale where FileSystem.isPNGFile(name) { FileSystem.remove(name) }
        return Array(names.prefix(written.count))
    }

    static func pageName(base: String, page: Int) -> String { "\(base)-\(page).png" }

    func abandon() {
        for output in written { output.discard() }
    }
}
