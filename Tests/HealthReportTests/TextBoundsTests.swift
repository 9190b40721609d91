import HealthAnalytics
import HealthCore
import HealthPresentation
@testable import HealthReport
import Testing

/// Text drawn on a page is bounded first, so drawing time is linear in what is shown: a note
/// from an older log with tens of thousands of combining marks still renders at once.
@Suite struct TextBoundsTests {
    @Test func ordinaryTextIsDrawnAsItIs() {
        for text in ["头有点晕", "café", "Zoë ate crème brûlée", String(repeating: "x", count: TextStyle.drawnScalarLimit)] {
            #expect(TextStyle.bounded(text) == text)
        }
    }

    @Test func marksPastTheLimitAreDroppedAndLongTextIsCut() {
        let zalgo = "e" + String(repeating: "\u{301}", count: 60_000) + "x"
        let bounded = TextStyle.bounded(zalgo)
        #expect(bounded.unicodeScalars.count == 1 + TextStyle.marksPerCharacter + 1)
        #expect(bounded.hasSuffix("x"))
        let long = String(repeating: "血压", count: 5_000)
        let cut = TextStyle.bounded(long)
        #expect(cut.unicodeScalars.count == TextStyle.drawnScalarLimit + 1)
        #expect(cut.hasSuffix("…"))
    }

    @Test func aReportWithHugeOldTextStillRenders() throws {
        var readings = readings(20, notes: true)
        readings[3].note = "e" + String(repeating: "\u{301}", count: 60_000)
        let profile = Profile(id: "dad", name: "a" + String(repeating: "\u{300}", count: 30_000))
        // Text this long can only come from a log an older HealthLog kept (a new one refuses
        // it), so the renderer is handed it directly.
        let document = SummaryDocument(
            summary: BPSummary(profile: profile, readings: readings), tags: StatusTag.builtIns, strings: try templates.strings(.english),
            generatedAt: ZonedInstant(iso8601: "2026-11-30T08:00:00+08:00")!)
        let request = ReportRequest(document: document, template: try templates.template("clinic"), programVersion: HealthLogVersion.current)
        let directory = TemporaryDirectory()
        let output = try ReportRenderer.render(request, format: .pdf, to: directory.file("r.pdf"))
        #expect(output.pages >= 2)
    }
}
