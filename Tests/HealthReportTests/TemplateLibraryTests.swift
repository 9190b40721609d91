import Foundation
import HealthReport
import HealthCore
import Testing

@Suite struct TemplateLibraryTests {
    @Test func shippedTemplatesAndStringsLoad() throws {
        #expect(templates.templateNames() == ["clinic", "summary"])
        let clinic = try templates.template("clinic")
        #expect(clinic.sections == [.summary, .chart, .details, .events, .trend, .tags, .notes, .log])
        #expect(clinic.page.width == 595.28)
        #expect(clinic.fonts == ["Noto Sans", "Droid Sans Fallback", "DejaVu Sans", "Noto Sans Thai"])
        #expect(try templates.template("summary").sections == [.summary, .chart, .events, .notes])
        let chinese = try templates.strings(.chinese)
        #expect(chinese.text("title") == "家庭血压报告")
        #expect(chinese.longDate(CivilDate(iso: "2026-11-30")!) == "2026年11月30日")
        #expect(chinese.shortDate(CivilDate(iso: "2026-11-30")!) == "11月30日 周一")
        let english = try templates.strings(.english)
        #expect(english.longDate(CivilDate(iso: "2026-11-30")!) == "30 Nov 2026")
        #expect(english.shortDate(CivilDate(iso: "2026-11-30")!) == "Mon 30 Nov")
        #expect(english.text("footer", ["page": "1", "pages": "3", "date": "x", "version": "0.1.0"]) == "Page 1 of 3 · generated x · HealthLog 0.1.0")
    }

    @Test func unknownTemplateListsTheAvailableOnes() {
        #expect(throws: ReportError.unknownTemplate(name: "fancy", available: ["clinic", "summary"])) {
            try templates.template("fancy")
        }
    }

    /// A copy of clinic.json with `edit` applied, written to a file of its own.
    private func variant(_ edit: (inout [String: Any]) -> Void, in directory: TemporaryDirectory) throws -> String {
        let data = try #require(FileManager.default.contents(atPath: templates.directory + "/clinic.json"))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        edit(&object)
        let path = directory.file("variant.json")
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func malformedTemplatesNameTheFileAndTheKey() throws {
        let directory = TemporaryDirectory()
        let cases: [((inout [String: Any]) -> Void, String, String)] = [
            ({ $0.removeValue(forKey: "fonts") }, "fonts", "is missing"),
            ({ $0["page"] = ["width": "wide", "height": 800, "margin": ["top": 1, "right": 1, "bottom": 1, "left": 1]] }, "page.width", "must be a number"),
            ({ $0["sections"] = ["summary", "gallery"] }, "sections", "names 'gallery'; use summary, details, trend, chart, events, tags, notes, log"),
            ({ var colors = $0["colors"] as! [String: Any]; colors["systolic"] = "red"; $0["colors"] = colors }, "colors.systolic", "must be a colour like #1F4E79, not 'red'"),
            ({ var colors = $0["colors"] as! [String: Any]; colors.removeValue(forKey: "accent"); $0["colors"] = colors }, "colors.accent", "is missing"),
            ({ var log = $0["log"] as! [String: Any]; log["noteMaxLines"] = 0; $0["log"] = log }, "log.noteMaxLines", "must be 1–20"),
            ({ var log = $0["log"] as! [String: Any]; log["columns"] = [["key": "date", "width": 300], ["key": "time", "width": 300]]; $0["log"] = log }, "log.columns", "are 600 points wide; the page has 531 between its margins"),
            // Found by the soak's fuzzing: a width past Int's range crashed the message that sums them.
            ({ var log = $0["log"] as! [String: Any]; log["columns"] = [["key": "date", "width": 1e300]]; $0["log"] = log }, "log.columns.0.width", "must be 12–531 points (the page between its margins)"),
            ({ $0["page"] = ["width": 200, "height": 800, "margin": ["top": 1, "right": 100, "bottom": 1, "left": 100]] }, "page.margin", "leave less than 150 points of page between them"),
        ]
        for (edit, key, reason) in cases {
            let path = try variant(edit, in: directory)
            let error = #expect(throws: ReportError.self) { try templates.template(path) }
            #expect(error?.description == "\(path): '\(key)' \(reason)")
        }
        let broken = directory.file("broken.json")
        try Data("{ \"name\": ".utf8).write(to: URL(fileURLWithPath: broken))
        let brokenError = #expect(throws: ReportError.self) { try templates.template(broken) }
        #expect(brokenError?.description == "\(broken): it is not valid JSON (line 1: the document ends early: a value expected)")
        let missing = directory.file("missing.json")
        let missingError = #expect(throws: ReportError.self) { try templates.template(missing) }
        #expect(missingError?.description == "\(missing): it does not exist")
    }

    @Test func stringsMustDefineEveryKey() throws {
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("strings"), withIntermediateDirectories: true)
        try Data(#"{"language": "en", "months": [], "weekdays": [], "strings": {"title": "x"}}"#.utf8)
            .write(to: URL(fileURLWithPath: directory.file("strings/en.json")))
        let library = TemplateLibrary(directory: directory.path)
        #expect(throws: ReportError.template(file: directory.file("strings/en.json"), key: "strings.otherTitle", reason: "is missing")) {
            try library.strings(.english)
        }
    }
}
