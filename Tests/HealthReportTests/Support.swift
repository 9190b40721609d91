import Foundation
import HealthAnalytics
import HealthCore
import HealthReport
@_exported import HealthLogTestSupport
import Testing

/// The repository's Templates folder.
let templates = TemplateLibrary(
    directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Templates").path)

let dad = Profile(id: "dad", name: "爸爸", birthYear: 1954, sex: .male)

/// `count` readings, morning and evening, ending on 2026-11-30, deterministic.
func readings(_ count: Int, notes: Bool = false, tags: [String] = ["bp-med"]) -> [Reading] {
    var generator = SplitMixGenerator(seed: 42)
    return (0..<count).map { index in
        let day = CivilDate(iso: "2026-11-30")!.adding(days: -(count - 1 - index) / 2)
        let evening = index % 2 == 1
        let systolic = 130 + Int(generator.next() % 30)
        return Reading(
            profileID: "dad",
            takenAt: ZonedInstant(date: day, hour: evening ? 21 : 7, minute: Int(generator.next() % 50), offsetMinutes: 480),
            bloodPressure: BloodPressure(systolic: systolic, diastolic: systolic - 50 + Int(generator.next() % 10)),
            pulse: 60 + Int(generator.next() % 20), tagIDs: evening ? [] : tags,
            note: notes && index % 7 == 0 ? "头有点晕 note \(index)" : "")
    }
}

func request(
    _ readings: [Reading], template: String = "clinic", language: Language = .english, profile: Profile = dad
) throws -> ReportRequest {
    ReportRequest(
        summary: BPSummary(profile: profile, readings: readings), tagDefinitions: StatusTag.builtIns,
        template: try templates.template(template), strings: try templates.strings(language),
        generatedAt: ZonedInstant(iso8601: "2026-11-30T08:00:00+08:00")!, programVersion: "0.1.0")
}

/// Runs a poppler tool and returns its standard output.
func poppler(_ tool: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = Pipe()
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(tool) \(arguments) failed")
    return String(decoding: data, as: UTF8.self)
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
