import Foundation
import HealthAnalytics
import HealthCore
import HealthReport
import Testing

/// Every log shape a family can produce, rendered with both shipped templates in both
/// languages: `Tests/Scripts/pdf-overlaps` reads each PDF's word boxes and must find no text
/// that collides with other text or runs off the page. The 100,000-reading log (about 80 s of
/// rendering and checking) runs in `make soak` (HEALTHLOG_SOAK=1); `make test` draws the others.
@Suite struct ReportLayoutMatrixTests {
    static let logs = [
        "one reading", "one day", "five readings", "only noon", "only weight", "three years", "twenty in a day",
        "twelve tags", "long Chinese name", "ten-thousand-character notes", "every reading an alert", "three UTC offsets",
    ] + (ProcessInfo.processInfo.environment["HEALTHLOG_SOAK"] == "1" ? ["100,000 readings"] : [])

    static func at(_ date: String, _ hour: Int, _ minute: Int = 0, offset: Int = 480) -> ZonedInstant {
        ZonedInstant(date: CivilDate(iso: date)!, hour: hour, minute: minute, offsetMinutes: offset)
    }

    /// The readings (and the profile and tag definitions) of the log called `name`.
    static func log(_ name: String) -> (profile: Profile, readings: [Reading], tags: [StatusTag]) {
        var profile = dad
        var tags = StatusTag.builtIns
        var data: [Reading]
        switch name {
        case "one reading": data = [Reading(profileID: "dad", takenAt: at("2026-11-30", 7), bloodPressure: BloodPressure(systolic: 138, diastolic: 86))]
        case "one day": data = [7, 8, 20, 21].map { Reading(profileID: "dad", takenAt: at("2026-11-30", $0), bloodPressure: BloodPressure(systolic: 130 + $0, diastolic: 80)) }
        case "five readings":
            data = [("2026-11-29", 7), ("2026-11-29", 21), ("2026-11-30", 7), ("2026-11-30", 7), ("2026-11-30", 21)].enumerated().map {
                Reading(profileID: "dad", takenAt: at($0.element.0, $0.element.1, $0.offset), bloodPressure: BloodPressure(systolic: 140 + $0.offset, diastolic: 88))
            }
        case "only noon":
            data = (0..<10).map { Reading(profileID: "dad", takenAt: at(CivilDate(iso: "2026-11-20")!.adding(days: $0).description, 13), bloodPressure: BloodPressure(systolic: 128, diastolic: 82), pulse: 70) }
        case "only weight":
            data = (0..<30).map { Reading(profileID: "dad", takenAt: at(CivilDate(iso: "2026-11-01")!.adding(days: $0).description, 7), weightGrams: 78_000 - $0 * 50) }
        case "three years":
            data = readings(3 * 730)
        case "twenty in a day":
            data = (0..<20).map { Reading(profileID: "dad", takenAt: at("2026-11-30", 5 + $0 / 2, ($0 % 2) * 30), bloodPressure: BloodPressure(systolic: 120 + $0, diastolic: 80), pulse: 70) }
        case "twelve tags":
            tags += (0..<4).map { StatusTag(id: "custom-\($0)", label: "custom stamp number \($0)", labelZh: "自定义标记\($0)", color: "#336699") }
            let ids = tags.map(\.id)
            data = readings(120).enumerated().map { index, reading in
                var tagged = reading
                tagged.tagIDs = Array(ids[(index % ids.count)...].prefix(4))
                return tagged
            }
        case "long Chinese name":
            profile = Profile(id: "grandpa", name: String(repeating: "张王李赵", count: 10), birthYear: 1940, sex: .male)
            data = readings(60).map { var reading = $0; reading.profileID = "grandpa"; return reading }
        case "ten-thousand-character notes":
            data = readings(40).enumerated().map { index, reading in
                var noted = reading
                // As long as a note may be: 10,000 characters.
                let text = index % 2 == 0 ? "头晕，早上没吃药。" : "dizzy after climbing stairs "
                if index % 5 == 0 { noted.note = String(repeating: text, count: ValueLimits.note.maximum / text.count) }
                return noted
            }
        case "every reading an alert":
            data = readings(60).enumerated().map { index, reading in
                var alert = reading
                alert.bloodPressure = index % 2 == 0 ? BloodPressure(systolic: 186, diastolic: 118) : BloodPressure(systolic: 85, diastolic: 55)
                return alert
            }
        case "three UTC offsets":
            data = readings(90).enumerated().map { index, reading in
                var moved = reading
                moved.takenAt = ZonedInstant(utcSeconds: reading.takenAt.utcSeconds, offsetMinutes: [480, -300, 60][index / 30])
                return moved
            }
        default:
            // Ten a day: 27 years back, all after the profile's birth.
            data = readings(100_000, perDay: 10)
        }
        return (profile, data, tags)
    }

    @Test(arguments: logs)
    func noTextCollidesOrRunsOffThePage(log name: String) throws {
        let (profile, data, tags) = Self.log(name)
        let directory = TemporaryDirectory()
        // The figures come from a real log through the call `healthlog report` makes.
        let log = try ReportLog(data, profile: profile, tags: tags)
        for template in ["clinic", "summary"] {
            for language in [Language.english, .chinese] {
                let request = try log.request(template: template, language: language)
                let path = directory.file("\(template)-\(language.code).pdf")
                let output = try ReportRenderer.render(request, format: .pdf, to: path)
                #expect(output.pages >= 1)
                // HEALTHLOG_KEEP_REPORTS=DIR keeps every PDF, to look at the pages.
                if let keep = ProcessInfo.processInfo.environment["HEALTHLOG_KEEP_REPORTS"] {
                    try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
                    try? FileManager.default.copyItem(atPath: path, toPath: "\(keep)/\(name)-\(template)-\(language.code).pdf")
                }
                let check = try runOverlaps(path)
                #expect(check.status == 0, "\(name), \(template), \(language.code): \(check.output)")
            }
        }
    }

    /// Runs the repository's copy of pdf-overlaps on `path`.
    func runOverlaps(_ path: String) throws -> (status: Int32, output: String) {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scripts/pdf-overlaps").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
