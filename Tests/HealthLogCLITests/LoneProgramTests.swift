import Foundation
import Testing

/// Issue 37: a lone copy of the program, with no Templates folder anywhere it looks, still
/// adds, lists and makes reports, in English and Chinese, from the copy compiled into it.
@Suite struct LoneProgramTests {
    /// Runs the program copied to `directory`, with an environment that names no Templates folder.
    private func run(_ program: String, _ arguments: [String], home: String, language: String = "C.UTF-8") throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": language, "HEALTHLOG_DB": home + "/log.sqlite", "TZ": "Asia/Shanghai"]
        process.currentDirectoryURL = URL(fileURLWithPath: home)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = PipeDrain(out.fileHandleForReading)
        let stderr = PipeDrain(err.fileHandleForReading)
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout.wait(), as: UTF8.self), String(decoding: stderr.wait(), as: UTF8.self))
    }

    @Test func aLoneCopyRunsWithNoTemplatesFolder() throws {
        let home = TemporaryDirectory()
        let program = home.file("healthlog")
        try FileManager.default.copyItem(atPath: try healthlogExecutable(), toPath: program)
        let added = try run(program, ["add", "138/86", "72", "-t", "bp-med", "--at", "2026-12-01 07:30"], home: home.path)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(!added.stderr.contains("Templates"), "\(added.stderr)")
        #expect(added.stdout.contains("138/86"))
        let listed = try run(program, ["list"], home: home.path, language: "zh_CN.UTF-8")
        #expect(listed.status == 0 && listed.stdout.contains("时段") && listed.stdout.contains("138/86"), "\(listed.stdout)\(listed.stderr)")
        for (language, name) in [("en", "report-en.pdf"), ("zh-Hans", "report-zh.pdf")] {
            let report = try run(program, ["report", "--lang", language, "-o", name], home: home.path)
            #expect(report.status == 0, "\(report.stderr)")
            #expect(FileManager.default.contents(atPath: home.file(name))?.starts(with: Array("%PDF".utf8)) == true)
        }
        // A misspelt template is still named, with the built-in ones.
        let unknown = try run(program, ["report", "--template", "nosuch", "-o", "x.pdf"], home: home.path)
        #expect(unknown.status == 65 && unknown.stderr.contains("available: clinic, summary"), "\(unknown.stderr)")
    }
}
