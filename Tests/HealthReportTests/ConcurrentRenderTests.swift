import Dispatch
import Foundation
import HealthCore
import HealthReport
import Testing

/// Each render has its own font map and Pango context: reports drawn on several threads at
/// once embed exactly the template's fonts, never a font of the machine's that a thread
/// without the template's set would fall back to.
@Suite struct ConcurrentRenderTests {
    /// PostScript names of the faces of `families` on this machine.
    private func postScriptNames(of families: [String]) throws -> Set<String> {
        var names = Set<String>()
        for family in families {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
            process.arguments = ["--format", "%{postscriptname}\\n", family]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            for name in String(decoding: data, as: UTF8.self).split(separator: "\n") { names.insert(String(name)) }
        }
        return names
    }

    @Test func fourThreadsEmbedOnlyTheTemplatesFonts() throws {
        // Text the template's fonts lack (Bengali, Ethiopic, an emoji): a machine font would be
        // pulled in for it by a render that used the machine's whole configuration.
        var data = readings(120, notes: true)
        data[100].note = "বাংলা ሰላም 💊 Ελληνικά 血压"
        data[101].note = "עברית العربية"
        let log = try ReportLog(data)
        let requests = try [Language.english, .chinese, .english, .chinese].map { try log.request(language: $0) }
        let directory = TemporaryDirectory()
        let paths = (0..<4).map { directory.file("report-\($0).pdf") }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            do {
                try ReportRenderer.render(requests[index], format: .pdf, to: paths[index])
            } catch {
                failures.add("\(index): \(error)")
            }
        }
        #expect(failures.all.isEmpty)
        let template = try templates.template("clinic")
        let allowed = try postScriptNames(of: template.fonts)
        #expect(!allowed.isEmpty)
        for path in paths {
            let rows = try poppler("pdffonts", [path]).split(separator: "\n").dropFirst(2)
            #expect(!rows.isEmpty)
            for row in rows {
                // "ABCDEF+NotoSans-Regular CID TrueType …": the subset tag comes off. Cairo writes
                // the outlines of a face it emboldens itself (bold Chinese in Droid Sans Fallback,
                // which has no bold) as a CFF font of its own name.
                let name = String(row.split(separator: " ")[0].split(separator: "+").last!)
                let synthesized = name.hasPrefix("CairoFont-")
                #expect(allowed.contains(name) || synthesized, "\(path) embeds \(name), not one of the template's fonts")
            }
        }
    }
}

/// Failures collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    func add(_ failure: String) {
        lock.lock()
        list.append(failure)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return list
    }
}
