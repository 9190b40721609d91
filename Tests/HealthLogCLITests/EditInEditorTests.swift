import Foundation
import HealthCommandLine
import Testing

/// `edit ID` with no new values opens the reading in `$EDITOR`, as `git commit` and `crontab -e`
/// do; what is saved is checked as `edit`'s options are, and an invalid result changes nothing,
/// says why, and keeps what was typed.
@Suite struct EditInEditorTests {
    /// A log with one reading, and an EDITOR that is a script: it keeps the form it was shown,
    /// then runs `change` (shell lines on "$1", the file) as a person editing it would.
    private func reading(editing change: String) throws -> (CLIHarness, String) {
        let cli = CLIHarness()
        cli.ok("add", "138/86", "72", "-t", "bp-med", "-n", "头有点晕", "--at", "07:30")
        let id = try #require(try cli.readings().first?.id)
        let script = cli.directory.file("editor.sh")
        try "#!/bin/sh\ncp \"$1\" '\(cli.directory.file("shown.txt"))'\n\(change)\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        cli.environment["EDITOR"] = script
        cli.environment["TMPDIR"] = cli.directory.path
        cli.environment["PATH"] = "/usr/bin:/bin"
        return (cli, id)
    }

    private func shown(_ cli: CLIHarness) -> String { (try? String(contentsOfFile: cli.directory.file("shown.txt"), encoding: .utf8)) ?? "" }

    @Test func theReadingOpensInTheEditorAndWhatIsSavedIsTheEdit() throws {
        let (cli, id) = try reading(editing: "sed -i -e 's/^pulse: 72$/pulse: 66/' -e 's/^bp: .*/bp: 136\\/84/' \"$1\"")
        let result = cli.run("edit", String(id.prefix(8)))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Updated \(id.prefix(8))"), "\(result.stdout)")
        #expect(result.stdout.contains("136/84 mmHg · pulse 66"))
        let form = shown(cli)
        for line in ["bp: 138/86", "pulse: 72", "weight: ", "tags: bp-med", "at: 2026-11-30 07:30", "site: home", "note: 头有点晕"] {
            #expect(form.contains("\n\(line)"), "the form shows '\(line)': \(form)")
        }
        #expect(form.hasPrefix("# Reading \(id.prefix(8)) of me: change a value after its colon, save and quit.\n"))
        let reading = try #require(try cli.readings().first)
        #expect(reading.pulse == 66 && reading.bloodPressure?.systolic == 136 && reading.bloodPressure?.diastolic == 84)
        #expect(reading.note == "头有点晕" && reading.tagIDs == ["bp-med"], "what was not touched stays")
        #expect(cli.ok("undo", "--yes").contains("72"), "the edit is one change, undone as one")
    }

    @Test func anEmptiedValueIsRemovedAndTheNoteRunsToTheEnd() throws {
        let (cli, _) = try reading(editing: "sed -i -e 's/^pulse: 72$/pulse:/' -e 's/^tags: .*/tags:/' \"$1\"\nprintf 'then better after resting\\n' >> \"$1\"")
        cli.ok("edit", String(try #require(try cli.readings().first?.id).prefix(8)))
        let reading = try #require(try cli.readings().first)
        #expect(reading.pulse == nil && reading.tagIDs.isEmpty)
        #expect(reading.note == "头有点晕\nthen better after resting")
    }

    @Test func aFileSavedUnchangedChangesNothing() throws {
        let (cli, id) = try reading(editing: "true")
        let before = cli.databaseBytes()
        #expect(cli.ok("edit", id) == "No change: reading \(id.prefix(8)) is as it was.\n")
        #expect(cli.databaseBytes() == before)
    }

    @Test func anInvalidResultIsRefusedWithItsReasonAndKept() throws {
        let cases: [(String, String)] = [
            ("s/^pulse: 72$/pulse: 400/", "pulse 400 is out of range"),
            ("s/^bp: .*/bp: 86\\/138/", "86/138"),
            ("s/^pulse: 72$/puls: 70/", "line 5: unknown field 'puls'; the fields are bp, pulse, weight, tags, at, site, note"),
            ("s/^site: home$/site: clinic/", "site 'clinic' is home or office"),
            ("s/^tags: .*/tags: no-such-tag/", "no-such-tag"),
        ]
        for (sed, reason) in cases {
            let (cli, id) = try reading(editing: "sed -i -e '\(sed)' \"$1\"")
            let before = cli.databaseBytes()
            let result = cli.run("edit", id)
            #expect(result.status == ExitCode.dataError, "\(sed): \(result.stderr)")
            #expect(result.stderr.hasPrefix("Error: the edited reading is refused: "), "\(result.stderr)")
            #expect(result.stderr.contains(reason), "\(sed): \(result.stderr)")
            let kept = cli.directory.file("healthlog-edit-\(id.prefix(8)).txt")
            #expect(result.stderr.contains("nothing was changed, and the edited text is kept in \(kept)"), "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: kept))
            #expect(cli.databaseBytes() == before, "\(sed) changed the log")
        }
    }

    @Test func anEditorThatFailsChangesNothing() throws {
        let (cli, id) = try reading(editing: "exit 3")
        let result = cli.run("edit", id)
        #expect(result.status == ExitCode.dataError)
        #expect(result.stderr.contains("did not finish (status 3); nothing was changed"))
    }

    @Test func withoutAnEditorOffATerminalItSaysWhatToGive() throws {
        let (cli, id) = try reading(editing: "true")
        cli.environment["EDITOR"] = nil
        let result = cli.run("edit", id)
        #expect(result.status == ExitCode.usage)
        #expect(result.stderr.contains("nothing to change; give new values or --clear FIELD (or set EDITOR to edit the reading in it)"))
        #expect(shown(cli).isEmpty)
    }

    @Test func theFormAndTheRefusalSpeakChinese() throws {
        let (cli, id) = try reading(editing: "sed -i -e 's/^pulse: 72$/pulse: 400/' \"$1\"")
        cli.environment["LANG"] = "zh_CN.UTF-8"
        let result = cli.run("edit", id)
        #expect(shown(cli).hasPrefix("# me 的读数 \(id.prefix(8))：修改冒号后的值，保存并退出。\n"), "\(shown(cli))")
        #expect(result.stderr.hasPrefix("错误：编辑后的读数未被接受："), "\(result.stderr)")
    }
}
