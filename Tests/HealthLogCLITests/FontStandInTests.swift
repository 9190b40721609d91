import Foundation
import HealthLogCLI
import Testing

/// A report that had to draw a stand-in for a character says so in one line, naming the
/// characters and what would supply them; one that drew everything says nothing.
@Suite struct FontStandInTests {
    @Test func aCharacterNoFontHasIsNamedOnStandardError() {
        let harness = CLIHarness()
        harness.ok("add", "138/86", "--at", "2026-11-29 07:30")
        let clean = harness.run("report", "-o", harness.directory.file("clean.pdf"))
        #expect(clean.status == 0)
        #expect(!clean.stderr.contains("Warning"), "\(clean.stderr)")
        harness.ok("add", "141/88", "-n", "hieroglyph 𓀀", "--at", "2026-11-29 19:30")
        // The chart draws no notes, but its heading draws the profile's name.
        harness.ok("profile", "edit", "me", "--name", "𓀀")
        for command in [["report", "-o", harness.directory.file("r.pdf")], ["chart", "-o", harness.directory.file("c.png")]] {
            let result = harness.run(command)
            #expect(result.status == 0)
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stdout) / \(result.stderr)")
            #expect(result.stderr.contains("1 character has no font here and was drawn as codes: 𓀀 (U+13000); none of the template's fonts has them."))
        }
    }

    /// Without fonts-droid-fallback (hidden in a private mount namespace), a Chinese name is
    /// drawn as codes, and the warning names the package.
    @Test func aMissingFontPackageIsNamed() throws {
        guard getuid() == 0, FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/droid") else { return }
        let directory = TemporaryDirectory()
        let environment = processEnvironment(directory)
        _ = try runProcess(["profile", "add", "dad", "--name", "爸爸"], environment: environment)
        _ = try runProcess(["add", "138/86", "--at", "2026-11-29 07:30"], environment: environment)
        try FileManager.default.createDirectory(atPath: directory.file("empty"), withIntermediateDirectories: true)
        let result = try run(
            executable: "/usr/bin/unshare",
            ["-m", "/bin/sh", "-c", "mount --bind \"$0\" /usr/share/fonts/truetype/droid && exec \"$1\" report -o \"$2\"",
             directory.file("empty"), try healthlogExecutable(), directory.file("r.pdf")],
            environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("爸 (U+7238)"), "\(result.stderr)")
        #expect(result.stderr.contains("install fonts-droid-fallback (Droid Sans Fallback)."), "\(result.stderr)")
    }
}
