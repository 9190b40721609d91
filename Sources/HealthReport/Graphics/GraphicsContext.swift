import CCairo

/// A Cairo drawing context. It owns the `cairo_t` and keeps its surface alive.
final class GraphicsContext {
    let handle: OpaquePointer
    let surface: CairoSurface

    init(surface: CairoSurface) throws(ReportError) {
        self.surface = surface
        handle = cairo_create(surface.handle)
        let status = cairo_status(handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .drawing("cannot create a drawing context: \(String(cString: cairo_status_to_string(status)))")
        }
    }

    deinit {
        cairo_destroy(handle)
    }

    func setColor(_ color: Color) {
        cairo_set_source_rgba(handle, color.red, color.green, color.blue, color.alpha)
    }

    func fillRectangle(x: Double, y: Double, width: Double, height: Double, color: Color) {
        setColor(color)
        cairo_rectangle(handle, x, y, width, height)
        cairo_fill(handle)
    }

    func strokeRectangle(x: Double, y: Double, width: Double, height: Double, color: Color, lineWidth: Double) {
        setColor(color)
        cairo_set_line_width(handle, lineWidth)
        cairo_rectangle(handle, x, y, width, height)
        cairo_stroke(handle)
    }

    /// A straight line; `dash` gives on/off lengths for a dashed one.
    func line(from start: (Double, Double), to end: (Double, Double), color: Color, width: Double, dash: [Double] = []) {
        setColor(color)
        cairo_set_line_width(handle, width)
        cairo_set_dash(handle, dash, Int32(dash.count), 0)
        cairo_move_to(handle, start.0, start.1)
        cairo_line_to(handle, end.0, end.1)
        cairo_stroke(handle)
        if !dash.isEmpty { cairo_set_dash(handle, nil, 0, 0) }
    }

    /// A polyline through `points`.
    func polyline(_ points: [(Double, Double)], color: Color, width: Double) {
        guard let first = points.first else { return }
        setColor(color)
        cairo_set_line_width(handle, width)
        cairo_set_line_join(handle, CAIRO_LINE_JOIN_ROUND)
        cairo_move_to(handle, first.0, first.1)
        for point in points.dropFirst() { cairo_line_to(handle, point.0, point.1) }
        cairo_stroke(handle)
    }

    func fillCircle(x: Double, y: Double, radius: Double, color: Color) {
        setColor(color)
        cairo_new_sub_path(handle)
        cairo_arc(handle, x, y, radius, 0, 2 * Double.pi)
        cairo_fill(handle)
    }

    /// A filled polygon through `points`.
    func fillPolygon(_ points: [(Double, Double)], color: Color) {
        guard polygonPath(points) else { return }
        setColor(color)
        cairo_fill(handle)
    }

    /// A closed polygon's outline.
    func strokePolygon(_ points: [(Double, Double)], color: Color, lineWidth: Double) {
        guard polygonPath(points) else { return }
        setColor(color)
        cairo_set_line_width(handle, lineWidth)
        cairo_stroke(handle)
    }

    /// Makes `points` the current path, closed; false when there are none.
    private func polygonPath(_ points: [(Double, Double)]) -> Bool {
        guard let first = points.first else { return false }
        cairo_new_path(handle)
        cairo_move_to(handle, first.0, first.1)
        for point in points.dropFirst() { cairo_line_to(handle, point.0, point.1) }
        cairo_close_path(handle)
        return true
    }

    /// A circle's outline.
    func strokeCircle(x: Double, y: Double, radius: Double, color: Color, lineWidth: Double) {
        setColor(color)
        cairo_new_sub_path(handle)
        cairo_arc(handle, x, y, radius, 0, 2 * Double.pi)
        cairo_set_line_width(handle, lineWidth)
        cairo_set_dash(handle, nil, 0, 0)
        cairo_stroke(handle)
    }

    /// A filled rectangle with rounded corners, for badges.
    func fillRoundedRectangle(x: Double, y: Double, width: Double, height: Double, radius: Double, color: Color) {
        setColor(color)
        cairo_new_sub_path(handle)
        cairo_arc(handle, x + width - radius, y + radius, radius, -Double.pi / 2, 0)
        cairo_arc(handle, x + width - radius, y + height - radius, radius, 0, Double.pi / 2)
        cairo_arc(handle, x + radius, y + height - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(handle, x + radius, y + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(handle)
        cairo_fill(handle)
    }

    /// Scales all later drawing (points to pixels for PNG pages).
    func scale(_ factor: Double) { cairo_scale(handle, factor, factor) }

    /// Runs `body` with drawing clipped to a rectangle.
    func clipped(x: Double, y: Double, width: Double, height: Double, _ body: () throws -> Void) rethrows {
        cairo_save(handle)
        cairo_rectangle(handle, x, y, width, height)
        cairo_clip(handle)
        defer { cairo_restore(handle) }
        try body()
    }

    /// Ends the page (PDF: emits it).
    func showPage() { cairo_show_page(handle) }

    func checkStatus() throws(ReportError) {
        let status = cairo_status(handle)
        guard status == CAIRO_STATUS_SUCCESS else { throw .drawing(String(cString: cairo_status_to_string(status))) }
    }
}
