import Foundation
import HealthLogCLI
import Testing

/// The manual page and the shell completions are made from the command specs, load in their
/// programs, and complete what the log in use holds.
@Suite struct DocumentationCommandTests {
    /// A log with a profile, a tag and an event, and a real process's environment for it.
    private func family() throws -> (TemporaryDirectory, [String: String]) {
        let directory = TemporaryDirectory()
        var environment = processEnvironment(directory)
        environment["PATH"] = URL(fileURLWithPath: try healthlogExecutable()).deletingLastPathComponent().path + ":/usr/bin:/bin"
        for arguments in [
            ["profile", "add", "dad", "--name", "爸爸"], ["profile", "add", "mom"], ["tag", "add", "salt", "--label", "salty meal"],
            ["-p", "dad", "event", "add", "amlodipine started", "--at", "2026-11-01 08:00"],
        ] {
            let result = try runProcess(arguments, environment: environment)
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
        }
        return (directory, environment)
    }

    private func installed(_ program: String) -> Bool {
        ["/usr/bin/", "/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + program) }
    }

    /// Issue 37: `man healthlog` under a Chinese locale is Chinese. make install (and so the
    /// .deb) puts the Chinese page, made from the same specs, under man/zh_CN/man1, whatever the
    /// locale of the one installing, and make uninstall takes it away.
    @Test func theChinesePageIsInstalledBesideTheEnglishOne() throws {
        let folder = TemporaryDirectory()
        let root = folder.file("usr")
        let script = repositoryPath + "/Tests/Scripts/install.sh"
        let environment = ["PATH": "/usr/bin:/bin", "LANG": "zh_CN.UTF-8", "HOME": folder.path]
        let installed = try run(executable: "/bin/bash", [script, "install", try healthlogExecutable(), root], environment: environment)
        try #require(installed.status == 0, "\(installed.stderr)")
        let page = { (path: String) in try runShell("gzip -dc \"$0\"", [root + path], environment: environment).stdout }
        #expect(try page("/share/man/man1/healthlog.1.gz").contains(".SH EXIT STATUS"))
        let chinese = try page("/share/man/zh_CN/man1/healthlog.1.gz")
        #expect(chinese.contains(".SH 退出状态"))
        #expect(chinese.contains("healthlog undo"))
        let removed = try run(executable: "/bin/bash", [script, "uninstall", root], environment: environment)
        #expect(removed.status == 0)
        #expect(!FileManager.default.fileExists(atPath: root + "/share/man"))
    }

    /// Issue 37: the package's changelog is written for the people who use it, an entry for
    /// this version first, not the developers' commit messages.
    @Test func thePackagesChangelogIsTheUsersOne() throws {
        let changelog = try String(contentsOfFile: repositoryPath + "/Packaging/changelog", encoding: .utf8)
        #expect(changelog.hasPrefix("healthlog (\(HealthLogMain.version)) unstable; urgency=medium\n"))
        #expect(changelog.contains("healthlog undo"))
        let script = try String(contentsOfFile: repositoryPath + "/Tests/Scripts/make_deb.sh", encoding: .utf8)
        #expect(script.contains("< Packaging/changelog > \"$doc/changelog.Debian.gz\""))
        #expect(!script.contains("git log"))
    }

    /// Issue 37: `apt purge healthlog` after `apt remove` works. The package has no
    /// configuration files, so without a postrm dpkg forgets it at remove and apt then says
    /// "Unable to locate package" (exit 100). The package ships Packaging/postrm; purging runs it
    /// and it says the logs stay, and it leaves the home folder alone. (make fresh-root-check runs
    /// remove then purge on a real Debian root.)
    @Test func thePackageHasAPostrmSoPurgeAfterRemoveWorks() throws {
        let postrm = repositoryPath + "/Packaging/postrm"
        #expect(FileManager.default.isExecutableFile(atPath: postrm))
        let script = try String(contentsOfFile: repositoryPath + "/Tests/Scripts/make_deb.sh", encoding: .utf8)
        #expect(script.contains("install -m 0755 Packaging/postrm \"$root/DEBIAN/postrm\""))
        let home = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: home.file(".local/share/healthlog"), withIntermediateDirectories: true)
        try "log".write(toFile: home.file(".local/share/healthlog/healthlog.sqlite"), atomically: true, encoding: .utf8)
        let environment = ["PATH": "/usr/bin:/bin", "HOME": home.path]
        for action in ["remove", "purge", "upgrade", "abort-install"] {
            let result = try run(executable: "/bin/sh", [postrm, action], environment: environment)
            #expect(result.status == 0, "\(action): \(result.stderr)")
            #expect(result.stdout.contains("log stays") == (action == "purge"), "\(action): \(result.stdout)")
        }
        #expect(FileManager.default.fileExists(atPath: home.file(".local/share/healthlog/healthlog.sqlite")))
    }

    @Test func theManualPageNamesEveryCommandAndManReadsIt() throws {
        let harness = CLIHarness()
        let page = harness.ok("manpage")
        for command in ["add", "list", "report", "profile add", "tag remove", "event list", "completions", "restore"] {
            #expect(page.contains(".SS \"healthlog \(command.replacingOccurrences(of: "-", with: "\\-"))\""), "\(command)")
        }
        for section in ["EXIT STATUS", "ENVIRONMENT", "FILES"] { #expect(page.contains(".SH \(section)")) }
        #expect(page.contains("HEALTHLOG_TEMPLATES"))
        // Every line that starts as a roff request is one of the few the page uses: no text
        // starting with "." or "'" is taken for a request.
        let requests: Set<Substring> = ["TH", "SH", "SS", "TP", "B", "I", "PP", "RS", "RE", "nf", "fi", "br"]
        for line in page.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(requests.contains(line.dropFirst().split(separator: " ").first ?? ""), "\(line)")
        }
        guard installed("man") else { return }
        let directory = TemporaryDirectory()
        try page.write(toFile: directory.file("healthlog.1"), atomically: true, encoding: .utf8)
        let shown = try runShell("man -l \"$0\" 2>&1", [directory.file("healthlog.1")], environment: ["PATH": "/usr/bin:/bin", "MANWIDTH": "80", "TERM": "dumb", "LANG": "C.UTF-8"])
        #expect(shown.status == 0)
        #expect(shown.stdout.contains("EXIT STATUS"))
        #expect(shown.stdout.contains("healthlog profile add"))
        #expect(!shown.stdout.contains("warning"), "\(shown.stdout.prefix(400))")
    }

    @Test func completionScriptsParseInTheirShells() throws {
        let harness = CLIHarness()
        let directory = TemporaryDirectory()
        for (shell, check) in [("bash", "bash -n"), ("zsh", "zsh -n"), ("fish", "fish -n")] {
            let script = harness.ok("completions", shell)
            #expect(script.contains("healthlog"))
            guard installed(shell) else {
                Issue.record("\(shell) is not installed; make test installs it")
                continue
            }
            let path = directory.file("healthlog.\(shell)")
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try runShell("\(check) \"$0\"", [path], environment: ["PATH": "/usr/bin:/bin"])
            #expect(result.status == 0, "\(shell): \(result.stderr)")
        }
        if installed("zsh") {
            let path = directory.file("healthlog.zsh")
            let loaded = try runShell(
                "autoload -U compinit && compinit -u -d \"$1\" && source \"$0\" && whence -w _healthlog", [path, directory.file("zcompdump")],
                environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path])
            #expect(loaded.stdout.contains("_healthlog: function"), "\(loaded.stderr)")
        }
    }

    @Test func bashCompletesCommandsOptionsValuesAndTheLogsIDs() throws {
        let (directory, environment) = try family()
        let script = directory.file("healthlog.bash")
        let made = try runProcess(["completions", "bash"], environment: environment)
        try made.stdout.write(toFile: script, atomically: true, encoding: .utf8)
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let result = try runShell(
                """
                source "$0"
                COMP_WORDS=(healthlog \(quoted)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=()
                _healthlog; printf '%s\\n' "${COMPREPLY[@]}"
                """, [script], environment: environment.merging(["SHELL": "/bin/bash"]) { $1 })
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["pro"]) == ["profile", "protocol"])
        #expect(try complete(["profile", ""]).contains("default"))
        #expect(Set(try complete(["profile", "show", ""])) == ["dad", "mom"])
        #expect(try complete(["add", "138/86", "-t", ""]).contains("salt"))
        #expect(try complete(["report", "--template", ""]) == ["clinic", "summary"])
        #expect(try complete(["stats", "--guideline", "a"]) == ["aha"])
        #expect(try complete(["-p", ""]).sorted() == ["dad", "mom"])
        #expect(try complete(["list", "--fo"]) == ["--format"])
        #expect(try complete(["-p", "dad", "event", "remove", ""]).count == 1)
        // Several profiles and no default: an event id names its event whoever's it is.
        #expect(try complete(["event", "remove", ""]).count == 1)
        // Tags are a comma list: the last is completed, the others kept.
        #expect(try complete(["add", "120/80", "-t", "bp-med,sa"]) == ["bp-med,salt"])
        #expect(try complete(["help", "prof"]) == ["profile"])
        // Reading ids, newest first, for show, edit and delete (bash shows the ids alone).
        for arguments in [["-p", "dad", "add", "138/86", "--at", "2026-11-29 07:30"], ["-p", "mom", "add", "118/76", "--at", "2026-11-29 07:40"],
                          ["-p", "dad", "add", "128/82", "70", "--at", "2026-11-30 07:30"]] {
            _ = try runProcess(arguments, environment: environment)
        }
        let readings = try runProcess(["completions", "--ids", "readings"], environment: environment).stdout.split(separator: "\n")
        #expect(readings.count == 3, "\(readings)")
        #expect(readings.first?.hasSuffix("\t2026-11-30 07:30 · dad · 128/82 · 70") == true, "the newest first, with its date and values: \(readings)")
        let newest = String(readings[0].prefix(8))
        #expect(try complete(["show", ""]).first == newest)
        #expect(try complete(["edit", String(newest.prefix(3))]).contains(newest))
        #expect(try complete(["delete", newest, ""]).count == 3)
        #expect(try complete(["-p", "mom", "show", ""]).count == 1, "-p narrows them to mom's")
        // A file name with a space is one completion.
        #expect(FileManager.default.createFile(atPath: directory.file("my export.csv"), contents: Data()))
        #expect(try complete(["import", directory.file("my e")]) == [directory.file("my export.csv")])
        // The log named on the line, also as --db=FILE.
        var other = environment
        other["HEALTHLOG_DB"] = directory.file("other.sqlite")
        _ = try runProcess(["profile", "add", "aunt"], environment: other)
        #expect(try complete(["--db", directory.file("other.sqlite"), "profile", "show", ""]) == ["aunt"])
        #expect(try complete(["--db=" + directory.file("other.sqlite"), "profile", "show", ""]) == ["aunt"])
    }

    /// Ids the log holds that HealthLog would never make (written by another program) are never
    /// offered, and nothing in them is ever run by the shell.
    @Test func anIdWithShellTextIsNeverOfferedOrRun() throws {
        let (directory, environment) = try family()
        let marker = directory.file("PWNED")
        let hostile = "$(touch \(marker))"
        let inserted = try run(
            executable: "/usr/bin/sqlite3",
            [directory.file("log.sqlite"), "INSERT INTO status_tags (id, label_en, color, symbol, created_at, updated_at) VALUES ('\(hostile)', 'x', '#000000', 'tag', 0, 0), ('a b', 'y', '#000000', 'tag', 0, 0), ('*', 'z', '#000000', 'tag', 0, 0)"],
            environment: ["PATH": "/usr/bin:/bin"])
        try #require(inserted.status == 0, "\(inserted.stderr)")
        let ids = try runProcess(["completions", "--ids", "tags"], environment: environment).stdout.split(separator: "\n")
        #expect(ids.contains("salt"))
        #expect(!ids.contains { $0.contains("$") || $0.contains(" ") || $0 == "*" }, "\(ids)")
        let script = directory.file("healthlog.bash")
        try (try runProcess(["completions", "bash"], environment: environment)).stdout.write(toFile: script, atomically: true, encoding: .utf8)
        for words in [["tag", "edit", ""], ["add", "1/1", "-t", ""], ["add", "1/1", "-t", "bp-med,"]] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            _ = try run(
                executable: "/bin/bash",
                ["-c", "source \"$0\"; COMP_WORDS=(healthlog \(quoted)); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); _healthlog", script],
                environment: environment)
        }
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    /// `/bin/sh -c` is dash; the bash test needs bash itself.
    private func runShell(_ script: String, _ arguments: [String], environment: [String: String]) throws -> RunResult {
        let shell = script.contains("COMP_WORDS") ? "/bin/bash" : (script.contains("compinit") ? "/usr/bin/zsh" : "/bin/sh")
        return try run(executable: shell, ["-c", script] + arguments, environment: environment)
    }

    @Test func fishCompletesTheLogsIDs() throws {
        guard installed("fish") else { return }
        let (directory, environment) = try family()
        let script = directory.file("healthlog.fish")
        try (try runProcess(["completions", "fish"], environment: environment)).stdout.write(toFile: script, atomically: true, encoding: .utf8)
        let result = try run(
            executable: "/usr/bin/fish",
            ["-c", "source $argv[1]; complete -C 'healthlog profile show '; complete -C 'healthlog report --lang '", script],
            environment: environment.merging(["HOME": directory.path]) { $1 })
        let words = result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        #expect(words == ["dad", "mom", "en", "zh-Hans"], "\(result.stderr)")
        func complete(_ line: String) throws -> [String] {
            let result = try run(
                executable: "/usr/bin/fish", ["-c", "source $argv[1]; complete -C $argv[2]", script, line],
                environment: environment.merging(["HOME": directory.path]) { $1 })
            return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        // Global options before the command, as in `healthlog -p dad add`.
        #expect(try complete("healthlog -p dad ").contains("add"))
        #expect(try complete("healthlog -p dad add 120/80 -t ").contains("salt"))
        #expect(try complete("healthlog add 120/80 -t bp-med,sa") == ["bp-med,salt"])
        #expect(try complete("healthlog -").contains("--db"))
        #expect(!(try complete("healthlog add -n list --")).contains("--limit"))
        #expect(try complete("healthlog help prof") == ["profile"])
        // A reading's id comes with its date and values.
        _ = try runProcess(["-p", "dad", "add", "128/82", "70", "--at", "2026-11-30 07:30"], environment: environment)
        let shown = try run(
            executable: "/usr/bin/fish", ["-c", "source $argv[1]; complete -C 'healthlog edit '", script],
            environment: environment.merging(["HOME": directory.path]) { $1 })
        #expect(shown.stdout.hasSuffix("\t2026-11-30 07:30 · dad · 128/82 · 70\n"), "\(shown.stdout)")
    }

    @Test func listingIDsNeverMakesALogAndAMistakeIsAUsageError() {
        let harness = CLIHarness()
        let none = harness.run("completions", "--ids", "profiles")
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: harness.databasePath))
        #expect(harness.run("completions").status == 64)
        #expect(harness.run("completions", "tcsh").stderr.contains("unknown shell 'tcsh'"))
        #expect(harness.run("completions", "bash", "--ids", "tags").status == 64)
        #expect(harness.run("completions", "--ids", "notes").status == 64)
    }
}
