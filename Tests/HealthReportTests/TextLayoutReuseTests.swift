@testable import HealthReport
import Testing

/// A log repeats the same few hundred strings in columns of different widths: each is shaped
/// once per style, and only a line too wide for its column gets a layout of its own.
@Suite struct TextLayoutReuseTests {
    @Test func aLineThatFitsIsShapedOnceWhateverItsWidth() throws {
        let styles = try ReportStyles(template: try templates.template("clinic"))
        let natural = styles.body.laidOutLine("138/86", width: nil, alignment: .left)
        let centred = styles.body.laidOutLine("138/86", width: 40, alignment: .center)
        let left = styles.body.laidOutLine("138/86", width: 120, alignment: .left)
        #expect(centred.0 === natural.0)
        #expect(left.0 === natural.0)
        // Still placed in its column as before: centred in 40 points, from the left in 120.
        #expect(abs(centred.offset - (40 - natural.0.size.width) / 2) < 0.0001)
        #expect(left.offset == 0)
    }

    @Test func aLineTooWideIsCutInItsOwnLayout() throws {
        let styles = try ReportStyles(template: try templates.template("clinic"))
        let text = "after climbing the stairs to the fourth floor"
        let natural = styles.body.laidOutLine(text, width: nil, alignment: .left)
        let cut = styles.body.laidOutLine(text, width: 40, alignment: .left)
        #expect(cut.0 !== natural.0)
        #expect(cut.0.size.width <= 40)
        #expect(natural.0.size.width > 40)
    }
}
