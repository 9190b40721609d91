import HealthAnalytics
import HealthCore

/// A part of a page. The planner lays each block out once at the page's width and places it
/// below the one before; the page is then drawn from that same layout, so what was measured is
/// what is drawn and no block ever overlaps another.
protocol ReportBlock {
    /// The block laid out at `width`: its height, and how to draw it, from one measurement.
    func laidOut(width: Double, styles: ReportStyles) -> LaidOutBlock
}

/// A block laid out at a width: its height, and its drawing at a top-left corner, made from
/// the same measured text.
struct LaidOutBlock {
    let height: Double
    let draw: (_ context: GraphicsContext, _ x: Double, _ y: Double) -> Void
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
