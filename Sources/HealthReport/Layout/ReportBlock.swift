import HealthAnalytics
import HealthCore

/// A part of a page, laid out from its measured text: the planner asks each block its height
/// at the page's width and places it below the one before, so no block ever overlaps another.
protocol ReportBlock {
    /// The height of the block at `width`, from its laid-out text.
    func height(width: Double, styles: ReportStyles) -> Double
    /// Draws the block with its top-left corner at (x, y).
    func draw(context: GraphicsContext, styles: ReportStyles, x: Double, y: Double, width: Double)
}

/// Space between blocks, and under a block's heading.
enum BlockSpacing {
    static let between = 10.0
    static let underHeading = 3.0
}

extension ReportStyles {
    /// The height a heading line takes, with the space under it.
    var headingHeight: Double { heading.lineHeight + BlockSpacing.underHeading }
}

/// A part of the report drawn from one request: its summary, strings and template by name.
protocol DrawnFromRequest {
    var request: ReportRequest { get }
}

extension DrawnFromRequest {
    var summary: BPSummary { request.summary }
    var strings: StringTable { request.strings }
    var template: ReportTemplate { request.template }
}
