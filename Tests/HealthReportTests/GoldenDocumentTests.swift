import Foundation
import HealthCore
import HealthPresentation
@testable import HealthReport
import HealthUseCases
import Testing

/// The document of five logs whose headlines differ, in English and Chinese, pinned as golden
/// files (`Golden/<log>.<language>.txt`): the words of page 1 as the presentation layer says
/// them. `stats` (its text and its JSON) and page 1's frames must then carry every one of those
/// words, read from the frames the report is drawn from, not from a PDF.
///
/// A change of wording changes a golden file and nothing else. To accept one on purpose, run
/// the suite with `HEALTHLOG_WRITE_GOLDEN=1` and read the difference before committing it.
@Suite struct GoldenDocumentTests {
    /// Logs whose headlines differ: above the threshold and sufficient, at a target of its own,
    /// too few readings, one day only, weights only (as `HeadlineAgreementTests` makes them
    /// through the command line).
    static let logs = ["above-sufficient", "own-target-met", "too-few", "one-day", "weights-only"]

    static func reading(_ day: Int, _ hour: Int, _ minute: Int, _ systolic: Int, _ diastolic: Int, tags: [String] = [], site: MeasurementSite = .home)
        -> Reading
    {
        Reading(
            profileID: "dad", takenAt: ZonedInstant(date: CivilDate(year: 2026, month: 11, day: day)!, hour: hour, minute: minute, offsetMinutes: 480),
            bloodPressure: BloodPressure(systolic: systolic, diastolic: diastolic), tagIDs: tags, site: site)
    }

    static func log(_ name: String) throws -> ReportLog {
        var profile = Profile(id: "dad", name: "Dad", birthYear: 1954)
        var readings: [Reading] = []
        switch name {
        case "above-sufficient":
            for day in 16...29 {
                readings.append(reading(day, 7, 10, 140 + day % 7, 90 + day % 5, tags: ["bp-med"]))
                readings.append(reading(day, 21, 5, 130 + day % 8, 80 + day % 6))
            }
            readings.append(reading(25, 10, 0, 150, 95, site: .office))
        case "own-target-met":
            profile = Profile(id: "dad", name: "Dad", birthYear: 1954, target: BloodPressure(systolic: 140, diastolic: 90))
            for day in 16...29 {
                readings.append(reading(day, 7, 10, 130 + day % 7, 80 + day % 5))
                readings.append(reading(day, 21, 5, 120 + day % 8, 80 + day % 6, tags: ["exercise"]))
            }
        case "too-few":
            for day in 26...29 { readings.append(reading(day, 7, 10, 140 + day % 7, 90 + day % 5)) }
        case "one-day":
            readings = [reading(29, 7, 10, 138, 86), reading(29, 7, 15, 134, 84)]
        default:
            readings = (10...29).map { day in
                Reading(
                    profileID: "dad", takenAt: ZonedInstant(date: CivilDate(year: 2026, month: 11, day: day)!, hour: 7, minute: 10, offsetMinutes: 480),
                    weightGrams: 70_000 + (day % 3) * 1000 + (day % 10) * 100)
            }
        }
        return try ReportLog(readings, profile: profile)
    }

    /// Page 1's words, one to a line, each with what it is: the golden form of a document.
    static func golden(_ document: SummaryDocument) -> String {
        var lines: [String] = []
        if let clinical = document.clinicalSummary { lines.append("clinical: \(clinical)") }
        let box = document.headlineBox
        lines.append("heading: \(box.heading)")
        lines.append("figure: \(box.figure ?? "-") \(box.unit)\(box.figureMuted ? " [muted]" : "")")
        if let badge = box.badge { lines.append("badge: \(badge.text) [\(badge.tone.rawValue)]") }
        for line in box.lines { lines.append("box: \(line.text) [\(line.tone.rawValue)]\(box.linesBesideSummary.contains(line) ? "" : " [details]")") }
        for figure in document.keyFigures {
            lines.append("key: \(figure.label) = \(figure.value) [\(figure.tone.rawValue)]\(figure.wholeRange ? " [details]" : "")")
        }
        for verdict in document.headline.verdicts { lines.append("verdict \(verdict.kind.rawValue): \(verdict.text) [\(verdict.tone.rawValue)]") }
        for line in document.pageOneLines { lines.append("page1: \(line.text) [\(line.tone.rawValue)]\(document.pageOneBrief.contains(line) ? "" : " [details]")") }
        lines.append("alerts: \(document.alerts.heading)")
        for sentence in document.alerts.sentences { lines.append("alert: \(sentence)") }
        if let weight = document.weight { lines.append("weight: \(weight)") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every text item of page `number` (1, 2, …) of `request`'s report, as laid out into its frames.
    static func pageText(_ request: ReportRequest, page number: Int = 1) throws -> [String] {
        let styles = try ReportStyles(template: request.template)
        let plan = ReportPlan(request: request, styles: styles)
        try #require(plan.pages.count >= number)
        let page = plan.pages[number - 1]
        return page.blocks.flatMap { placed -> [String] in
            guard case .block(let frame, _) = placed else { return [] }
            return frame.texts
        }
    }

    static func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    @Test(arguments: logs, [Language.english, .chinese])
    func theDocumentIsItsGoldenFileAndEveryFrontEndSaysIt(log name: String, language: Language) throws {
        let log = try Self.log(name)
        let request = try log.request(language: language)
        let document = request.document
        let golden = Self.golden(document)
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name).\(language.code).txt").path
        if ProcessInfo.processInfo.environment["HEALTHLOG_WRITE_GOLDEN"] == "1" {
            try golden.write(toFile: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOfFile: file, encoding: .utf8)
        #expect(golden == expected, "\(file) differs:\n\(golden)")

        // stats, as text: the figure, the badge, the clinical summary and every verdict.
        let text = SummaryText(document, emphasis: PlainText(), width: nil).render()
        let box = document.headlineBox
        var said = [box.figure].compactMap { $0 } + document.headline.verdicts.map(\.text) + [document.clinicalSummary].compactMap { $0 }
        for words in said { #expect(Self.squeezed(text).contains(Self.squeezed(words)), "stats does not say: \(words)") }
        // stats writes the badge inside its sentence, in lower case in English.
        if let badge = box.badge {
            #expect(Self.squeezed(text).lowercased().contains(Self.squeezed(badge.text).lowercased()), "stats does not say: \(badge.text)")
            said.append(badge.text)
        }

        // stats --format json: the same figure, badge and verdicts, word for word.
        guard case .object(let members) = document.json(filter: .null),
            case .object(let headline)? = members.first(where: { $0.0 == "headline" })?.1
        else {
            Issue.record("no headline in the JSON")
            return
        }
        let field = { (key: String) in headline.first { $0.0 == key }?.1 }
        #expect(field("figure") == box.figure.map { .string($0) } ?? .null)
        #expect(field("badgeText") == box.badge.map { .string($0.text) } ?? .null)
        let verdicts: [String] = {
            guard case .array(let items)? = field("verdicts") else { return [] }
            return items.compactMap { item in
                guard case .object(let fields) = item, case .string(let text)? = fields.first(where: { $0.0 == "text" })?.1 else { return nil }
                return text
            }
        }()
        #expect(verdicts == document.headline.verdicts.map(\.text))

        // Page 1, from its frames: the figure, its badge, the clinical summary, the box's lines,
        // the headline week's key figures and the lines the summary does not say.
        let page = Self.squeezed(try Self.pageText(request).joined())
        var onPage = [box.figure, box.badge?.text, document.clinicalSummary].compactMap { $0 } + box.linesBesideSummary.map(\.text)
        onPage += document.pageOneBrief.map(\.text) + [box.heading] + document.pageOneFigures.flatMap { [$0.label, $0.value] }
        for words in onPage { #expect(page.contains(Self.squeezed(words)), "page 1 does not say: \(words)") }
        // The details page: every verdict, page 1's lines in full and the whole range's figures.
        let details = Self.squeezed(try Self.pageText(request, page: 2).joined())
        for words in document.headline.verdicts.map(\.text) + document.detailLines.map(\.text) {
            #expect(details.contains(Self.squeezed(words)), "the details page does not say: \(words)")
        }
    }
}
