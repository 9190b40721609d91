import Foundation
import HealthAnalytics
import HealthCore
import HealthPresentation
import HealthReport
import HealthUseCases
import Testing

/// Real reports, drawn with Cairo and Pango and read back with poppler.
@Suite struct ReportRendererTests {
    /// Controls and bidirectional overrides in a name or a note are drawn as visible escapes:
    /// an override would otherwise reverse the text that follows it on the page.
    @Test func controlsInUserTextAreDrawnNotObeyed() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("report.pdf")
        var data = readings(20)
        data[19].note = "evil\u{202E}gnp.exe \u{1B}[2J"
        let profile = Profile(id: "dad", name: "Dad\u{202E}olleh")
        try ReportRenderer.render(try request(data, profile: profile), format: .pdf, to: path)
        let text = try poppler("pdftotext", [path, "-"])
        #expect(text.contains("Dad\\u{202E}olleh"))
        #expect(text.contains("evil\\u{202E}gnp.exe \\e[2J"))
        #expect(!text.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) || $0.value == 0x1B })
    }

    @Test func eightWeeksInEnglish() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("report.pdf")
        let data = readings(224, notes: true)
        let request = try request(data)
        let output = try ReportRenderer.render(request, format: .pdf, to: path)
        #expect(output.files == [path])
        #expect(try a4PageCount(path) == output.pages)
        #expect(output.pages >= 3)
        try expectEveryWordInsideTheMargins(path)
        let firstPage = try poppler("pdftotext", ["-l", "1", path, "-"])
        #expect(firstPage.contains("Home Blood Pressure Report"))
        #expect(firstPage.contains("爸爸"))
        #expect(firstPage.contains("born 1954 (age 72)"))
        #expect(firstPage.contains(request.rangeText))
        #expect(firstPage.contains("Page 1 of \(output.pages)"))
        let summary = try ReportLog(data).log.summary(SummaryRequest()).summary
        let overall = summary.overall
        // The whole range's mean is in the period table, on the details page after page 1.
        let details = try poppler("pdftotext", ["-f", "2", "-l", "2", path, "-"])
        #expect(details.contains("Details") && details.contains("\(Int(overall.systolic.mean!.rounded()))/\(Int(overall.diastolic.mean!.rounded()))"))
        let protocolAverage = try #require(summary.protocolAverage)
        #expect(firstPage.contains("\(Int(protocolAverage.systolic.rounded()))/\(Int(protocolAverage.diastolic.rounded()))"))
        let all = try poppler("pdftotext", [path, "-"])
        #expect(all.contains("Page \(output.pages) of \(output.pages)"))
        // The log's closing rows: the overall mean systolic with one decimal.
        #expect(all.contains(String(format: "%.1f", overall.systolic.mean!)))
        #expect(all.contains("Maximum"))
        #expect(all.contains("有点累 note 0"))
        let fonts = try poppler("pdffonts", [path])
        let fontRows = fonts.split(separator: "\n").dropFirst(2)
        #expect(!fontRows.isEmpty)
        #expect(fontRows.allSatisfy { $0.contains(" yes yes ") }, "every font embedded as a subset:\n\(fonts)")
        let info = try poppler("pdfinfo", [path])
        #expect(info.contains("Author:          爸爸"))
        #expect(info.contains("Creator:         HealthLog 0.1.0"))
        #expect(info.contains("Title:           Home Blood Pressure Report — 爸爸"))
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // Bookmarks: Summary, Chart, Log and a month under it.
        let raw = try #require(FileManager.default.contents(atPath: path))
        #expect(raw.range(of: Data("/Outlines".utf8)) != nil)
    }

    @Test func chineseReport() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("报告.pdf")
        let output = try ReportRenderer.render(try request(readings(60), language: .chinese), format: .pdf, to: path)
        let text = try poppler("pdftotext", ["-l", "1", path, "-"])
        #expect(text.contains("家庭血压报告"))
        #expect(text.contains("第 1 页，共 \(output.pages) 页"))
        #expect(text.contains("降压药"))
        let fonts = try poppler("pdffonts", [path])
        #expect(fonts.contains("NotoSans-Regular") && fonts.contains("DroidSansFallback"))
        // Every font embedded, as a subset.
        let rows = fonts.split(separator: "\n").dropFirst(2)
        #expect(!rows.isEmpty && rows.allSatisfy { $0.contains("+") && $0.contains(" yes ") })
        // Only the template's families, never another font that happens to be installed (Cairo
        // names the synthesised bold of Droid Sans Fallback CairoFont).
        #expect(rows.allSatisfy { row in ["NotoSans-", "DroidSansFallback", "DejaVuSans", "CairoFont-"].contains { row.contains($0) } })
        #expect(!rows.contains { $0.contains("CJK") })
    }

    /// Too few readings for the protocol: the badge says so, never a verdict, in both languages.
    @Test func tooFewReadingsClaimNoVerdict() throws {
        let directory = TemporaryDirectory()
        for (language, tooFew, verdicts) in [
            (Language.english, "Too few readings", ["At or above target", "Below target"]), (.chinese, "数据不足", ["达到或超过目标", "低于目标"]),
        ] {
            let path = directory.file("few-\(language.code).pdf")
            try ReportRenderer.render(try request(readings(5), template: "summary", language: language), format: .pdf, to: path)
            let page = try poppler("pdftotext", ["-l", "1", path, "-"])
            #expect(page.contains(tooFew))
            // The badge words never appear alone; only inside the legend's "… target 135/85".
            for verdict in verdicts { #expect(!page.contains(verdict + "\n")) }
        }
    }

    /// A range that crosses a year puts the year on its dates: the extremes, the log, the axis;
    /// a range within one year leaves it off.
    @Test func datesCarryTheirYearAcrossNewYear() throws {
        let directory = TemporaryDirectory()
        let within = directory.file("within.pdf")
        try ReportRenderer.render(try request(readings(120)), format: .pdf, to: within)
        let short = try poppler("pdftotext", ["-l", "1", within, "-"])
        #expect(short.contains(" Nov)") || short.contains(" Oct)"))
        #expect(!short.contains(" 2026)"))
        let twoYears = directory.file("twoYears.pdf")
        try ReportRenderer.render(try request(readings(2 * 400)), format: .pdf, to: twoYears)
        let long = try poppler("pdftotext", [twoYears, "-"])
        #expect(long.contains(" 2025)") || long.contains(" 2026)"))
        #expect(long.contains("Jan 2026"))
        #expect(long.contains("2025 ") || long.contains(" 2025\n"))
    }

    /// A character no template font has is drawn as a stand-in that names it, never as a box.
    @Test func charactersNoFontHasAreNamedNotBoxed() throws {
        var data = readings(6)
        data[2].note = "took the pill 💊 then ✈ home"
        let directory = TemporaryDirectory()
        let path = directory.file("emoji.pdf")
        try ReportRenderer.render(try request(data), format: .pdf, to: path)
        let text = try poppler("pdftotext", [path, "-"])
        #expect(text.contains("[U+1F48A]"))
        #expect(!text.contains("💊"))
    }

    @Test(arguments: ["one", "twoYears", "weightOnly", "undefinedTags", "longNote"])
    func edgeCasesRender(name: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("\(name).pdf")
        var data: [Reading]
        switch name {
        case "one": data = Array(readings(1))
        case "twoYears": data = readings(2 * 730)
        case "weightOnly":
            data = (0..<10).map { Reading(profileID: "dad", takenAt: ZonedInstant(utcSeconds: 1_795_000_000 + Int64($0) * 86_400, offsetMinutes: 480), weightGrams: 78_000 + $0 * 100) }
        case "undefinedTags": data = readings(30, tags: ["old-tag", "bp-med"])
        default:
            data = readings(10)
            let sentence = "A very long note about dizziness after the walk. 头晕。"
            data[3].note = String(repeating: sentence, count: ValueLimits.note.maximum / sentence.count)
        }
        let output = try ReportRenderer.render(try request(data), format: .pdf, to: path)
        #expect(try a4PageCount(path) == output.pages)
        try expectEveryWordInsideTheMargins(path)
        let text = try poppler("pdftotext", [path, "-"])
        #expect(text.contains("Page 1 of \(output.pages)"))
        switch name {
        case "twoYears":
            // Two years of twice-daily readings would take 30 pages one row a reading: the daily sheet is chosen.
            #expect(text.contains("One row per measurement day"))
            #expect(output.pages <= 2 + 24)
        case "weightOnly": #expect(text.contains("78.0 → 78.9 kg"))
        case "undefinedTags": #expect(text.contains("old-tag"))
        case "longNote":
            // Capped at the template's line limit and cut with an ellipsis: one row, never a page of its own.
            #expect(output.pages == 3)
        // Page 1, the details page, the log.
        default: #expect(output.pages == 3)
        }
    }

    @Test func summaryTemplateIsOnePage() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("summary.pdf")
        let output = try ReportRenderer.render(try request(readings(224), template: "summary"), format: .pdf, to: path)
        #expect(output.pages == 1)
        #expect(try a4PageCount(path) == 1)
    }

    @Test func pngPagesAtTheRequestedResolution() throws {
        let directory = TemporaryDirectory()
        let output = try ReportRenderer.render(try request(readings(120)), format: .png(dpi: 72), to: directory.file("dad.png"))
        #expect(output.files == (1...output.pages).map { directory.file("dad-\($0).png") })
        for file in output.files {
            let data = try #require(FileManager.default.contents(atPath: file))
            #expect(data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            // IHDR width and height, big-endian, at 72 dpi: 595 × 842.
            #expect(data[16..<24] == Data([0, 0, 2, 0x53, 0, 0, 3, 0x4A]))
        }
    }

    @Test func anUnwritableTargetLeavesNothingBehind() throws {
        let directory = TemporaryDirectory()
        let target = directory.file("missing-folder/report.pdf")
        let error186 = #expect(throws: ReportError.self) {
            try ReportRenderer.render(try request(readings(10)), format: .pdf, to: target)
        }
        #expect(error186?.description == "cannot write \(target): the folder \(directory.file("missing-folder")) does not exist")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func theChartAlone() throws {
        let directory = TemporaryDirectory()
        for format in ChartRenderer.Format.allCases {
            let path = directory.file("chart.\(format.rawValue)")
            try ChartRenderer.render(try request(readings(56, tags: ["bp-med", "old-tag"])), format: format, dpi: 72, to: path)
            let data = try #require(FileManager.default.contents(atPath: path))
            switch format {
            case .png: #expect(data.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            case .svg: #expect(String(decoding: data.prefix(200), as: UTF8.self).contains("<svg"))
            case .pdf: #expect(data.prefix(5) == Data("%PDF-".utf8))
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["chart.pdf", "chart.png", "chart.svg"])
    }
}

/// Every word `pdftotext -bbox` finds lies within the page's margins (32 pt sides, 30 pt top and bottom).
func expectEveryWordInsideTheMargins(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let xhtml = try poppler("pdftotext", ["-bbox", path, "-"])
    var words = 0
    for line in xhtml.split(separator: "\n") where line.contains("<word ") {
        func value(_ name: String) -> Double? {
            guard let range = line.range(of: "\(name)=\"") else { return nil }
            return Double(line[range.upperBound...].prefix { $0 != "\"" })
        }
        guard let xMin = value("xMin"), let xMax = value("xMax"), let yMin = value("yMin"), let yMax = value("yMax") else { continue }
        words += 1
        #expect(xMin >= 31 && xMax <= 595.28 - 31, "word off the side: \(line)", sourceLocation: sourceLocation)
        #expect(yMin >= 29 && yMax <= 841.89 - 29, "word off the top or bottom: \(line)", sourceLocation: sourceLocation)
    }
    #expect(words > 20, sourceLocation: sourceLocation)
}

@Suite struct ReportHelperFoundTests {
    /// The summary template stays one page: its chart gives up height for the events table.
    @Test func summaryTemplateStaysOnePageWithEvents() throws {
        let data = readings(224)
        let events = (0..<3).map { Event(profileID: "dad", at: data[60 + $0 * 50].takenAt, text: "change \($0)") }
        let request = try request(data, template: "summary", events: events)
        let directory = TemporaryDirectory()
        let output = try ReportRenderer.render(request, format: .pdf, to: directory.file("s.pdf"))
        #expect(output.pages == 1)
    }

    /// More tags than lanes: the rest are named under the chart, none dropped silently.
    @Test func tagsPastTheLastLaneAreNamed() throws {
        var definitions = StatusTag.builtIns
        definitions += (0..<8).map { StatusTag(id: "extra-\($0)", label: "extra \($0)") }
        let ids = definitions.map(\.id)
        let data = readings(80).enumerated().map { index, reading in
            var tagged = reading
            tagged.tagIDs = [ids[index % ids.count]]
            return tagged
        }
        let request = try request(data, tags: definitions)
        let directory = TemporaryDirectory()
        let path = directory.file("tags.pdf")
        try ReportRenderer.render(request, format: .pdf, to: path)
        let text = try poppler("pdftotext", ["-l", "2", path, "-"])
        #expect(text.contains("more tags not drawn as lanes"))
    }
}

/// A tag is called by one rule in every part of the report, the rule `list` and `stats` use
/// (``TagLabels``): of a removed and a current definition of one id, the current one names it.
@Suite struct TagLabelTests {
    @Test func aCurrentDefinitionNamesTheTagOverARemovedOne() throws {
        let data = readings(40, tags: ["walk"])
        let base = try request(data, tags: [StatusTag(id: "walk", label: "walking", color: "#3377AA")])
        let removed = StatusTag(id: "walk", label: "after walking", color: "#AA3377", removed: true)
        let current = StatusTag(id: "walk", label: "walking", color: "#3377AA")
        let summary = try ReportLog(data, tags: [current]).log.summary(SummaryRequest()).summary
        let document = SummaryDocument(
            summary: summary, tags: [removed, current], strings: try templates.strings(.english), generatedAt: base.document.generatedAt)
        let request = ReportRequest(document: document, template: base.template, programVersion: base.programVersion)
        let directory = TemporaryDirectory()
        let path = directory.file("tags.pdf")
        try ReportRenderer.render(request, format: .pdf, to: path)
        let text = try poppler("pdftotext", [path, "-"])
        #expect(text.contains("walking"))
        #expect(!text.contains("after walking"))
        #expect(TagLabels([removed, current], language: .english).label(of: "walk") == "walking")
    }
}
