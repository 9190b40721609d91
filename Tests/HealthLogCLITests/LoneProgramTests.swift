import Foundation
import Testing

/// Issue 37: a lone copy of the program, with no Templates folder anywhere it looks, still
/// adds, lists and makes reports, in English and Chinese, from the copy compiled into it.
@Suite struct LoneProgramTests {
    /// An environment that names no Templates folder (unlike ``processEnvironment(_:database:)``).
    private func environment(home: String, language: String = "C.UTF-8") -> [String: String] {
        ["HOME": home, "PATH": "/usr/bin:/bin", "LANG": language, "HEALTHLOG_DB": home + "/log.sqlite", "TZ": "Asia/Shanghai"]
    }

    @Test func aLoneCopyRunsWithNoTemplatesFolder() throws {
        let home = TemporaryDirectory()
        let program = home.file("healthlog")
        // Copied by cp, not in this process: a file this process holds open for writing, while
        // another test's thread forks, stays open in that child until it execs, and running the
        // copy then fails with "Text file busy".
        let copied = try run(executable: "/bin/cp", [try healthlogExecutable(), program], environment: [:])
        try #require(copied.status == 0, "\(copied.stderr)")
        let added = try run(executable: program, ["add", "138/86", "72", "-t", "bp-med", "--at", "2026-12-01 07:30"], environment: environment(home: home.path))
        #expect(added.status == 0, "\(added.stderr)")
        #expect(!added.stderr.contains("Templates"), "\(added.stderr)")
        #expect(added.stdout.contains("138/86"))
        let listed = try run(executable: program, ["list"], environment: environment(home: home.path, language: "zh_CN.UTF-8"))
        #expect(listed.status == 0 && listed.stdout.contains("时段") && listed.stdout.contains("138/86"), "\(listed.stdout)\(listed.stderr)")
        for (language, name) in [("en", "report-en.pdf"), ("zh-Hans", "report-zh.pdf")] {
            let report = try run(executable: program, ["report", "--lang", language, "-o", home.file(name)], environment: environment(home: home.path))
            #expect(report.status == 0, "\(report.stderr)")
            #expect(FileManager.default.contents(atPath: home.file(name))?.starts(with: Array("%PDF".utf8)) == true)
        }
        // A misspelt template is still named, with the built-in ones.
        let unknown = try run(executable: program, ["report", "--template", "nosuch", "-o", home.file("x.pdf")], environment: environment(home: home.path))
        #expect(unknown.status == 65 && unknown.stderr.contains("available: clinic, summary"), "\(unknown.stderr)")
    }
}
