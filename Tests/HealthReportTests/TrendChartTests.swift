import HealthCore
import HealthReport
import Testing

/// The trend chart's axes, read back from the page's text.
@Suite struct TrendChartTests {
    /// The page's lines as `pdftotext -layout` sets them, runs of spaces made one.
    static func layoutLines(_ request: ReportRequest) throws -> [String] {
        let directory = TemporaryDirectory()
        let path = directory.file("report.pdf")
        try ReportRenderer.render(request, format: .pdf, to: path)
        return try poppler("pdftotext", ["-layout", "-l", "1", path, "-"]).split(separator: "\n").map {
            $0.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }

    /// A year's chart names every month under its axis, and the years under the first month and January.
    @Test(arguments: [
        (Language.english, "Dec Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov", "2025 2026"),
        (.chinese, "12月 1月 2月 3月 4月 5月 6月 7月 8月 9月 10月 11月", "2025年 2026年"),
    ])
    func aYearNamesEveryMonth(language: Language, months: String, years: String) throws {
        for template in ["summary", "clinic"] {
            let lines = try TrendChartTests.layoutLines(try request(readings(730), template: template, language: language))
            let axis = try #require(lines.firstIndex { $0.hasSuffix(months) }, "no axis line \(months) in \(lines)")
            #expect(lines[axis + 1].hasSuffix(years))
        }
    }

    /// Pulse has its own axis in beats per minute; the mmHg axis is not stretched down to reach it.
    @Test func pulseIsDrawnOnItsOwnAxis() throws {
        // Pulse about 50, diastolic about 88: on a shared axis the scale would run down to 40.
        let data = readings(56).map { reading in
            var slow = reading
            slow.pulse = 48 + (reading.pulse ?? 60) % 6
            slow.bloodPressure = BloodPressure(systolic: 150, diastolic: 88)
            return slow
        }
        let lines = try TrendChartTests.layoutLines(try request(data, template: "summary"))
        #expect(lines.contains { $0.contains("Pulse (bpm)") })
        #expect(lines.contains { $0.hasSuffix("bpm") })
        // The mmHg labels start at the gutter: "mmHg 180", then one a line down to the axis's foot.
        let mmHgLabels = lines.compactMap { line -> Int? in
            let words = line.split(separator: " ")
            guard words.count <= 3, let value = words.first.flatMap({ Int($0) }), value % 10 == 0, value >= 20 else { return nil }
            return value
        }
        #expect(!mmHgLabels.isEmpty)
        #expect(mmHgLabels.allSatisfy { $0 >= 60 }, "mmHg axis stretched to pulse: \(mmHgLabels)")
        // The clinic template leaves pulse out of its chart.
        let clinic = try TrendChartTests.layoutLines(try request(data))
        #expect(!clinic.contains { $0.contains("Pulse (bpm)") })
    }
}
