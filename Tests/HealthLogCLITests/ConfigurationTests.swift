import Foundation
import HealthCommandLine
import HealthCore
import HealthLogCLI
import Testing

/// The configuration file and its settings: what stays set, what overrides what, and a broken
/// file or variable named in one line before anything is written.
@Suite struct ConfigurationTests {
    private func configFile(_ cli: CLIHarness) -> String { cli.directory.file(".config/healthlog/config") }

    @Test func optionsOverrideTheEnvironmentWhichOverridesTheFile() {
        let cli = CLIHarness()
        #expect(cli.ok("classify", "138/86").contains("(ESH 2023)"), "the default without settings")
        #expect(cli.ok("config", "set", "guideline", "aha") == "Set guideline = aha in \(configFile(cli))\n")
        #expect(cli.ok("classify", "138/86").contains("(ACC/AHA 2017)"), "the file's setting")
        cli.environment["HEALTHLOG_GUIDELINE"] = "esc"
        #expect(cli.ok("classify", "138/86").contains("ESC"), "the environment over the file")
        #expect(cli.ok("classify", "138/86", "--guideline", "esh").contains("(ESH 2023)"), "the option over both")
        #expect(cli.ok("config", "get", "guideline") == "esc\n")
        let list = cli.ok("config", "list")
        #expect(list.contains("guideline = esc   (environment HEALTHLOG_GUIDELINE)"))
        #expect(list.contains("template  = clinic   (default)"))
        cli.environment["HEALTHLOG_GUIDELINE"] = nil
        #expect(cli.ok("config", "list").contains("guideline = aha   (\(configFile(cli)):1)"))
        // The language setting comes before the locale, and picks the language's guideline.
        cli.ok("config", "unset", "guideline")
        cli.environment["LANG"] = "en_US.UTF-8"
        cli.ok("config", "set", "language", "zh-Hans")
        #expect(cli.ok("config", "get", "guideline") == "china\n")
        #expect(cli.ok("config", "get", "language") == "zh-Hans\n")
    }

    /// `profile = dad` on dad's machine: `add 138/86` needs no `-p dad`. `-p` comes first, then
    /// HEALTHLOG_PROFILE, then the file, then the log's own default (`profile default`).
    @Test func theProfileStaysSetBelowTheOptionAndTheEnvironment() throws {
        let cli = CLIHarness()
        cli.ok("profile", "add", "dad", "--name", "爸爸")
        cli.ok("profile", "add", "mom", "--name", "妈妈")
        #expect(cli.run("add", "138/86", "--at", "07:00").status == ExitCode.dataError, "two profiles and nothing to choose")
        #expect(cli.ok("config", "set", "profile", "dad") == "Set profile = dad in \(configFile(cli))\n")
        #expect(cli.ok("add", "138/86", "--at", "07:00").contains(" · dad · "), "the file's setting")
        cli.ok("profile", "default", "mom")
        #expect(cli.ok("add", "137/85", "--at", "07:05").contains(" · dad · "), "this machine's setting before the log's default")
        cli.environment["HEALTHLOG_PROFILE"] = "mom"
        #expect(cli.ok("add", "121/77", "--at", "07:10").contains(" · mom · "), "the environment before the file")
        cli.environment["HEALTHLOG_PROFILE"] = nil
        #expect(cli.ok("-p", "mom", "add", "122/78", "--at", "07:15").contains(" · mom · "), "the option before the file")
        #expect(try cli.readings(profile: "dad").count == 2)
        #expect(cli.ok("config", "get", "profile") == "dad\n")
        #expect(cli.ok("config", "list").contains("profile   = dad   (\(configFile(cli)):1)"))
        cli.ok("config", "unset", "profile")
        #expect(cli.ok("add", "123/79", "--at", "07:20").contains(" · mom · "), "the log's default again")
        #expect(cli.ok("config", "list").contains("profile   =    (default: the log's default profile, else its only one)"))
        let bad = cli.run("config", "set", "profile", "Dad")
        #expect(bad.status == ExitCode.usage)
        #expect(bad.stderr.contains("profile 'Dad' is not a profile id (1–32 lowercase letters, digits and '-'); use a profile id, such as dad"), "\(bad.stderr)")
        cli.ok("config", "set", "profile", "grandma")
        let missing = cli.run("add", "130/80", "--at", "07:25")
        #expect(missing.status == ExitCode.dataError)
        #expect(missing.stderr.contains("grandma"), "\(missing.stderr)")
    }

    @Test func theLogPathAndTheTemplateStaySet() throws {
        let cli = CLIHarness()
        cli.environment["HEALTHLOG_DB"] = nil
        cli.ok("config", "set", "db", "~/family/log.sqlite")
        try FileManager.default.createDirectory(atPath: cli.directory.file("family"), withIntermediateDirectories: true)
        cli.ok("add", "138/86", "--at", "07:00")
        #expect(FileManager.default.fileExists(atPath: cli.directory.file("family/log.sqlite")), "~ is the home folder")
        #expect(!FileManager.default.fileExists(atPath: cli.directory.file(".local/share/healthlog/healthlog.sqlite")))
        cli.ok("config", "set", "template", "summary")
        let report = cli.ok("report", "-o", cli.directory.file("r.pdf"))
        #expect(report.contains("(1 page)"), "the summary template is one page: \(report)")
        #expect(cli.ok("report", "--template", "clinic", "-o", cli.directory.file("c.pdf")).contains("pages)"))
    }

    @Test func colourFollowsTheOptionTheEnvironmentAndTheFile() {
        let cli = CLIHarness()
        cli.ok("add", "150/95", "--at", "07:00")
        let escape = "\u{1B}["
        #expect(!cli.ok("list").contains(escape), "a pipe gets no colour by default")
        #expect(cli.ok("--color", "always", "list").contains(escape))
        #expect(cli.ok("list", "--color=always").contains(escape), "after the command too")
        cli.ok("config", "set", "color", "always")
        #expect(cli.ok("list").contains(escape))
        cli.environment["NO_COLOR"] = "1"
        #expect(!cli.ok("list").contains(escape), "NO_COLOR over the file")
        #expect(cli.ok("--color", "always", "list").contains(escape), "the option over NO_COLOR")
        cli.environment["NO_COLOR"] = nil
        cli.onTerminal = true
        #expect(!cli.ok("--color", "never", "list").contains(escape), "never, even on a terminal")
        let bad = cli.run("--color", "sometimes", "list")
        #expect(bad.status == ExitCode.usage)
        #expect(bad.stderr.contains("auto, always or never"))
    }

    @Test func aBrokenFileOrVariableIsOneLineAndNothingIsWritten() throws {
        let cli = CLIHarness()
        let path = configFile(cli)
        try FileManager.default.createDirectory(atPath: cli.directory.file(".config/healthlog"), withIntermediateDirectories: true)
        let cases: [(String, String)] = [
            ("# mine\nguideline = aha\ncolour = never\n", "\(path):3: unknown setting 'colour' (did you mean 'color'?)"),
            ("guideline = who\n", "\(path):1: guideline 'who' is not a guideline; use esh, aha, china or esc"),
            ("just some words\n", "\(path):1: expected 'key = value'"),
            ("db = relative/log.sqlite\n", "\(path):1: db 'relative/log.sqlite' is not an absolute path"),
        ]
        for (text, message) in cases {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let result = cli.run("add", "138/86")
            #expect(result.status == ExitCode.configError, "\(text)")
            #expect(result.stderr.hasPrefix("Error: \(message)"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: cli.databasePath), "nothing written")
            // Help still works, and config names the line, so the file can be mended.
            #expect(cli.run("help", "environment").status == 0)
            // config list shows the good lines and names the bad one (issue 37), exit 0.
            let listed = cli.run("config", "list")
            #expect(listed.status == 0)
            #expect(listed.stderr.hasPrefix("Not used: \(message)"), "\(listed.stderr)")
            #expect(listed.stdout.contains("guideline = aha   (\(path):2)") == text.hasPrefix("# mine"))
        }
        try "\u{1B}[31m = 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(!cli.run("list").stderr.contains("\u{1B}"), "a control character is shown, never obeyed")
        try FileManager.default.removeItem(atPath: path)
        cli.environment["HEALTHLOG_GUIDELINE"] = "who"
        let variable = cli.run("stats")
        #expect(variable.status == ExitCode.configError)
        #expect(variable.stderr == "Error: HEALTHLOG_GUIDELINE 'who' is not a guideline; use esh, aha, china or esc\n")
    }

    @Test func setChecksTheValueAndKeepsTheFilesComments() throws {
        let cli = CLIHarness()
        let path = configFile(cli)
        try FileManager.default.createDirectory(atPath: cli.directory.file(".config/healthlog"), withIntermediateDirectories: true)
        try "# Dad's laptop\nguideline = esh\n\n# colour off for the old terminal\ncolor = never\n".write(toFile: path, atomically: true, encoding: .utf8)
        cli.ok("config", "set", "guideline", "china")
        cli.ok("config", "set", "template", "summary")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# Dad's laptop\nguideline = china\n\n# colour off for the old terminal\ncolor = never\ntemplate = summary\n")
        let before = try String(contentsOfFile: path, encoding: .utf8)
        let wrong = cli.run("config", "set", "language", "fr")
        #expect(wrong.status == ExitCode.usage)
        #expect(wrong.stderr.hasPrefix("Error: language 'fr' is not a language HealthLog has; use en or zh-Hans"))
        #expect(cli.run("config", "set", "guidline", "aha").stderr.contains("did you mean 'guideline'?"))
        #expect(cli.run("config", "set", "template", "a\u{1B}b").status == ExitCode.usage)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before, "a refused value changes nothing")
        #expect(cli.ok("config", "unset", "color") == "Removed color from \(path)\n")
        #expect(cli.ok("config", "unset", "color") == "color is not set in \(path); nothing changed.\n")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(cli.ok("config", "list", "--format", "json").utf8)) as? [String: Any])
        #expect(json["schema"] as? Int == 1)
        let settings = try #require(json["settings"] as? [[String: String]])
        #expect(settings.map { $0["key"] } == ["guideline", "profile", "language", "template", "db", "color"])
        #expect(settings.first?["source"] == "\(path):2")
    }

    @Test func helpAndTheManualListEveryVariable() {
        let cli = CLIHarness()
        let help = cli.ok("help", "environment")
        let manual = cli.ok("manpage")
        for name in ["HEALTHLOG_DB", "HEALTHLOG_PROFILE", "HEALTHLOG_GUIDELINE", "HEALTHLOG_LANGUAGE", "HEALTHLOG_TEMPLATE", "HEALTHLOG_COLOR",
                     "HEALTHLOG_CONFIG", "HEALTHLOG_TEMPLATES", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "NO_COLOR", "LANG"] {
            #expect(help.contains(name), "help environment: \(name)")
            #expect(manual.contains(name), "manpage: \(name)")
        }
        #expect(help.replacingOccurrences(of: "\n", with: " ").contains("A command-line option overrides its environment variable, which overrides the file."))
        // It fits an 80-column terminal, in English and in Chinese.
        let chinese = CLIHarness()
        chinese.environment["LANG"] = "zh_CN.UTF-8"
        for (text, language) in [(help, "en"), (chinese.ok("help", "environment"), "zh")] {
            for line in text.split(separator: "\n") { #expect(String(line).terminalColumns <= 80, "\(language): '\(line)' is \(String(line).terminalColumns) wide") }
        }
        #expect(manual.contains("78"), "the configuration exit status")
    }
}
