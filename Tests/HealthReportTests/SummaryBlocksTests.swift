import HealthCore
import HealthReport
import Testing

/// The summary sections as the one-page summary template shows them.
@Suite struct SummaryBlocksTests {
    /// The phone picture shows the notes at low readings first, and says where the rest are.
    @Test(arguments: [Language.english, .chinese])
    func theOnePageSummaryShowsTheNotesAtLowReadings(language: Language) throws {
        var data = readings(112, notes: true)
        for index in [10, 50, 90] {
            data[index].bloodPressure = BloodPressure(systolic: 86, diastolic: 52)
            data[index].note = "站起来头晕"
        }
        let directory = TemporaryDirectory()
        let path = directory.file("summary.pdf")
        let output = try ReportRenderer.render(try request(data, template: "summary", language: language), format: .pdf, to: path)
        #expect(output.pages == 1)
        let text = try poppler("pdftotext", [path, "-"])
        #expect(text.components(separatedBy: "站起来头晕").count - 1 >= 3)
        // Newer notes without a low reading wait for the full report.
        #expect(!text.contains("有点累 note 105"))
        #expect(text.contains(language == .english ? "more in the full report" : "条见完整报告"))
    }
}
