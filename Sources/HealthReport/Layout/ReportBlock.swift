/// A part of a page. The planner lays each block out once at the page's width into a ``Frame``
/// and places it below the one before; the page is then drawn from those same frames, so what
/// was measured is what is drawn and no block ever overlaps another.
protocol ReportBlock {
    /// The block laid out at `width`: its height and its items, from one measurement.
    func laidOut(width: Double, styles: ReportStyles) -> Frame
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
