import Foundation
import HealthAnalytics
import HealthCore
import HealthInterchange
import HealthPresentation
import HealthReport
import HealthUseCases
@_exported import HealthLogTestSupport
import Testing

/// The repository's Templates folder.
let templates = TemplateLibrary(directory: templatesPath)

let dad = Profile(id: "dad", name: "爸爸", birthYear: 1954, sex: .male)

/// `count` readings, morning and evening (`perDay` a day, in pairs), ending on 2026-11-30, deterministic.
func readings(_ count: Int, notes: Bool = false, tags: [String] = ["bp-med"], perDay: Int = 2) -> [Reading] {
    var generator = SplitMixGenerator(seed: 42)
    return (0..<count).map { index in
        let day = CivilDate(iso: "2026-11-30")!.adding(days: -(count - 1 - index) / perDay)
        let evening = index % 2 == 1
        let systolic = 130 + Int(generator.next() % 30)
        return Reading(
            profileID: "dad",
            takenAt: ZonedInstant(date: day, hour: evening ? 21 : 7, minute: Int(generator.next() % 50), offsetMinutes: 480),
            bloodPressure: BloodPressure(systolic: systolic, diastolic: systolic - 50 + Int(generator.next() % 10)),
            pulse: 60 + Int(generator.next() % 20), tagIDs: evening ? [] : tags,
            note: notes && index % 7 == 0 ? "有点累 note \(index)" : "")
    }
}

/// A real log holding `readings`: the profile created, `tags` defined, `events` recorded and
/// the readings imported as HealthLog CSV, through the use cases the CLI calls. The log's clock
/// stands at 2026-11-30 23:30 in China.
final class ReportLog {
    private let directory = TemporaryDirectory()
    let log: HealthLog

    init(_ readings: [Reading], profile: Profile = dad, tags: [StatusTag] = [], events: [Event] = []) throws {
        let now = ZonedInstant(iso8601: "2026-11-30T23:30:00+08:00")!
        log = HealthLog(
            HealthLog.Settings(
                databasePath: directory.file("log.sqlite"), profile: .named(profile.id), clock: { now.utcSeconds * 1000 },
                zone: FixedOffsetZone(minutes: 480), environment: ["HEALTHLOG_TEMPLATES": templates.directory]))
        try log.addProfile(profile)
        for tag in tags where !StatusTag.builtIns.contains(where: { $0.id == tag.id }) { try log.defineTag(tag) }
        for event in events { _ = try log.addEvent(event.text, kind: event.kind, at: event.at) }
        let file = directory.file("readings.csv")
        try ReadingCSVCodec.encode(readings).write(toFile: file, atomically: false, encoding: .utf8)
        _ = try log.importFile(ImportRequest(path: file))
    }

    /// The report request `healthlog report` makes: the same use-case call, the same figures.
    func request(template: String = "clinic", language: Language = .english, logLayout: LogLayout? = nil) throws -> ReportRequest {
        try log.reportRequest(ReportAsk(summary: SummaryRequest(language: language), template: template, logLayout: logLayout))
    }
}

/// The report request for `readings` of `profile`, loaded from a real log (see ``ReportLog``).
func request(
    _ readings: [Reading], template: String = "clinic", language: Language = .english, profile: Profile = dad, tags: [StatusTag] = [],
    events: [Event] = []
) throws -> ReportRequest {
    try ReportLog(readings, profile: profile, tags: tags, events: events).request(template: template, language: language)
}

/// The page count `pdfinfo` reports, with every page checked to be A4.
func a4PageCount(_ path: String) throws -> Int {
    let info = try poppler("pdfinfo", ["-f", "1", "-l", "9999", path])
    let pages = try #require(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last!) })
    let sizes = info.split(separator: "\n").filter { $0.hasPrefix("Page") && $0.contains(" size:") }
    #expect(sizes.count == pages)
    #expect(sizes.allSatisfy { $0.hasSuffix("595.28 x 841.89 pts (A4)") })
    return pages
}

/// The chart's marks as the request's template draws them.
func chartMarks(_ request: ReportRequest) -> ChartMarks {
    request.document.chart(barsUpTo: request.template.chart.barsUpTo, showsPulse: request.template.chart.pulse).marks
}
