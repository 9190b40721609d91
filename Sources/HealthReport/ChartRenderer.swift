import HealthCore
import HealthPresentation

/// Draws the trend chart alone, for a message or a slide.
public enum ChartRenderer {
    /// The chart's output formats.
    public enum Format: String, Sendable, CaseIterable {
        case png, svg, pdf
    }

    /// The canvas: landscape, wide enough to read on a phone.
    static let width = 760.0
    static let height = 400.0

    /// Renders the chart of `request` to `path`; nothing appears there until it is complete.
    @discardableResult
    public static func render(_ request: ReportRequest, format: Format, dpi: Int = 150, to path: String) throws(ReportError) -> RenderedOutput {
        let styles = try ReportStyles(template: request.template)
        let output: OutputFile
        do { output = try OutputFile(path) } catch { throw ReportError(error) }
        do {
            let scale = format == .png ? Double(dpi) / 72 : 1
            let surface: CairoSurface
            switch format {
            case .png: surface = try .image(pixelsWide: Int(width * scale), pixelsHigh: Int(height * scale))
            case .svg: surface = try .svg(into: output, width: width, height: height)
            case .pdf: surface = try .pdf(into: output, width: width, height: height)
            }
            let context = try GraphicsContext(surface: surface)
            if format == .png {
                context.fillRectangle(x: 0, y: 0, width: surface.width, height: surface.height, color: .white)
                context.scale(scale)
            }
            let chart = request.chart
            var frame = Frame(width: width, height: height)
            frame.text("\(request.document.header.name) · \(chart.heading) · \(request.rangeText)", styles.heading, x: 20, y: 14, width: width - 40)
            frame.place(TrendChart(chart: chart, styles: styles, template: request.template).laidOut(width: width - 40, height: height - 52), x: 20, y: 36)
            context.draw(frame)
            context.showPage()
            try context.checkStatus()
            if format == .png { try surface.writePNG(into: output) }
            try surface.finish()
            try output.commit()
        } catch let error as ReportError {
            output.discard()
            throw error
        } catch let error as OutputError {
            throw ReportError(error)
        } catch {
            output.discard()
            throw .output(path: path, reason: Phrase(verbatim: "\(error)"))
        }
        return RenderedOutput(files: [path], pages: 1, fonts: styles.fonts)
    }
}
