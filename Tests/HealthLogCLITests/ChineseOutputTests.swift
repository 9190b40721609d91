import Foundation
import Testing

/// Under a Chinese locale the real program speaks Chinese on every human-readable line, and its
/// JSON and CSV keep the keys they have in English.
@Suite struct ChineseOutputTests {
    /// A small log made by the real program: two profiles, a week of readings, an office
    /// reading, one after midnight. Made once; each test works in a copy of its own.
    private static let madeLog: MadeLog = {
        var commands: [[String]] = [
            ["profile", "add", "dad", "--name", "爸爸", "--birth-year", "1956", "--sex", "male"], ["profile", "add", "mom", "--name", "妈妈"],
            ["profile", "default", "dad"],
        ]
        for day in 22...29 {
            commands.append(["add", "13\(day % 10)/8\(day % 7)", "7\(day % 5)", "-t", "bp-med", "--at", "2026-11-\(day) 07:30"])
            commands.append(["add", "14\(day % 10)/9\(day % 7)", "--at", "2026-11-\(day) 21:00", "-n", "饭后"])
        }
        commands.append(["add", "125/80", "70", "--at", "2026-11-30 00:40", "--weight", "72.5"])
        commands.append(["add", "150/95", "--office", "--at", "2026-11-30 10:00"])
        return MadeLog(
            changes: { environment in
                var environment = environment
                environment["TZ"] = "Asia/Shanghai"
                environment["LANG"] = "zh_CN.UTF-8"
                return environment
            }, commands: commands)
    }()

    private func log() throws -> (TemporaryDirectory, [String: String]) { try Self.madeLog.copy() }

    /// The English words a Chinese line must not hold, found once.
    private static let forbiddenWords: Result<Set<String>, WordsFailure> = Result { () throws(WordsFailure) -> Set<String> in
        do { return try englishWords() } catch { throw WordsFailure(reason: "\(error)") }
    }

    private struct WordsFailure: Error { let reason: String }

    /// English words the string tables use, that a Chinese line must not: every word of two or
    /// more letters of the English strings, less those the Chinese strings use too (command
    /// and option names, mmHg, SD) and those of the log's own data (tag labels).
    private static func englishWords() throws -> Set<String> {
        let english = try TerminalWordsTests.strings("en")
        let chinese = try TerminalWordsTests.strings("zh-Hans")
        var words = english.values.reduce(into: Set<String>()) { $0.formUnion(TerminalWordsTests.englishWords(in: $1)) }
        // The libraries' sentences too (see PhraseCatalogueTests).
        var translations: [String] = []
        for module in PhraseCatalogueTests.modules {
            for (pattern, translation) in try PhraseCatalogueTests.translations(of: module) {
                words.formUnion(TerminalWordsTests.englishWords(in: pattern.replacing(/\{\w+\}/, with: " ")))
                translations.append(translation)
            }
        }
        for text in chinese.values + translations { words.subtract(TerminalWordsTests.englishWords(in: text)) }
        let tagLabels = ["black coffee", "body movement", "BP medication", "low-fat meal", "exercise", "good sleep", "irregular heartbeat", "possible AFib"]
        for text in tagLabels { words.subtract(TerminalWordsTests.englishWords(in: text)) }
        return words
    }

    @Test(arguments: [
        ["list"], ["list", "--last", "7d"], ["stats"], ["stats", "--by", "week"], ["protocol", "--to", "2026-11-29"], ["profile", "list"],
        ["tag", "list"], ["compare", "2026-11-22..2026-11-25", "2026-11-26..2026-11-30"], ["profile", "show", "dad"], ["--help"],
        ["list", "-t", "bpmed"], ["-p", "Dad", "list"], ["-p", "grandpa", "stats"], ["lsit"], ["add", "138", "86"], ["add", "13x/86"],
        ["add", "190/115", "80", "-n", "头晕"], ["add", "85/55"], ["stats", "--from", "2025-01-01", "--to", "2025-01-31"],
        ["event", "add", "开始服用氨氯地平", "--at", "2026-11-25 08:00"], ["event", "list"], ["delete", "ffffffff"],
        ["profile", "remove", "mom"], ["tag", "remove", "diet"], ["list", "--format", "jsn"], ["list", "--from", "2026-13-01"],
        ["list", "--last", "7x"], ["compare", "a", "b"], ["stats", "--guideline", "jnc7"], ["add", "120/80", "--bogus"], ["show"],
        ["show", "ffffffff"], ["config", "list"], ["config", "set", "guideline", "aha"], ["config", "unset", "color"],
        ["classify", "185/115"], ["classify", "85/55"], ["check"], ["export", "--format", "json", "-o", "/dev/null"],
        ["help", "environment"],
        // The libraries' sentences: values out of range, times, ids, files.
        ["add", "400/20"], ["add", "120/130"], ["add", "120/80", "--at", "2099-01-01 07:00"], ["add", "120/80", "--at", "明天"],
        ["add", "120/80", "--at", "1890-01-01 07:00"], ["add", "120/", "72"], ["add", "120/80", "--weight", "900"],
        ["profile", "add", "grandma", "--target", "200/50"], ["tag", "add", "tea", "--label", "Tea", "--color", "#12345"],
        ["event", "add", "体检", "--at", "2031-01-01 08:00"], ["report", "-o", "/nonexistent/folder/report.pdf"],
        ["import", "/nonexistent/file.csv"], ["restore", "/nonexistent/backup.sqlite"], ["export", "--format", "csv", "-o", "/dev/full"],
        ["config", "set", "guideline", "jnc7"], ["delete", "abc"], ["report", "--template", "/nonexistent/mine.json", "-o", "/dev/null"],
    ])
    func everyLineIsChinese(arguments: [String]) throws {
        let (directory, environment) = try log()
        let result = try withExtendedLifetime(directory) { try runProcess(arguments, environment: environment) }
        let forbidden = try Self.forbiddenWords.get()
        let lines = (result.stdout + result.stderr).split(separator: "\n").map(String.init)
        #expect(!lines.isEmpty)
        #expect(lines.contains { $0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }, "\(arguments): no Chinese at all")
        for line in lines {
            #expect(!line.contains("cli."), "\(arguments): a string is missing: '\(line)'")
            // What is typed stays as typed: options, <placeholders>, quoted command lines, file
            // paths, and in help the command names.
            var prose = line.replacingOccurrences(
                of: #"'healthlog[^']*'|--?[A-Za-z][A-Za-z-]*|<[^>]*>|(?<![\w])/[A-Za-z0-9._/-]+"#, with: " ", options: .regularExpression)
            if arguments == ["--help"] { prose = prose.replacingOccurrences(of: #"^  [a-z-]+  "#, with: " ", options: .regularExpression) }
            let english = TerminalWordsTests.englishWords(in: prose).intersection(forbidden)
            #expect(english.isEmpty, "\(arguments): '\(line)' has English words \(english.sorted())")
        }
    }

    /// An import names the format it read and every row it refused, in Chinese, from the
    /// libraries' own sentences.
    @Test func importSaysEveryRefusedRowInChinese() throws {
        let (directory, environment) = try log()
        let forbidden = try Self.forbiddenWords.get()
        let file = directory.write(
            "readings.csv", "taken_at,systolic,diastolic,pulse\n2026-11-20T07:30:00+08:00,400,80,70\nyesterday,120,80,70\n2026-11-21T07:30:00+08:00,120,80,70\n")
        let result = try withExtendedLifetime(directory) { try runProcess(["import", file, "--skip-invalid"], environment: environment) }
        #expect(result.status == 0, "\(result.stderr)")
        let lines = (result.stdout + result.stderr).split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("按 HealthLog CSV 文件读取 ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("跳过无效记录：") && $0.contains("readings.csv:2: 收缩压 400 超出范围（50–300 mmHg）") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("跳过无效记录：") && $0.contains("readings.csv:3: taken_at 'yesterday' 不是") }, "\(lines)")
        for line in lines {
            let prose = line.replacingOccurrences(of: #"(?<![\w])/[A-Za-z0-9._/-]+"#, with: " ", options: .regularExpression)
            let english = TerminalWordsTests.englishWords(in: prose).intersection(forbidden)
            #expect(english.isEmpty, "'\(line)' has English words \(english.sorted())")
        }
        // Without --skip-invalid the file is refused, each row named, in Chinese.
        let refused = try withExtendedLifetime(directory) { try runProcess(["import", file], environment: environment) }
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("错误：") && refused.stderr.contains("条无效记录"), "\(refused.stderr)")
    }

    @Test func addSaysWhatItAddedAndWhatToDoInChinese() throws {
        let (directory, environment) = try log()
        let result = try withExtendedLifetime(directory) { try runProcess(["add", "190/115", "80", "-n", "头晕"], environment: environment) }
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(result.status == 0)
        #expect(lines.first?.hasPrefix("已添加 ") == true, "\(lines)")
        #expect(lines.first?.contains("脉搏 80") == true, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("注意：读数很高（180/110 或以上）") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("注意：备注提到头晕") }, "\(lines)")
    }

    /// A pulse out of range, or not a number, is refused with its unit in Chinese (次/分), never
    /// "bpm"; nothing is added.
    @Test(arguments: [(["add", "138/86", "400"], 65), (["add", "138/86", "--pulse", "400"], 65), (["add", "138/86", "7x"], 64)] as [([String], Int32)])
    func aRefusedPulseNamesItsUnitInChinese(arguments: [String], status: Int32) throws {
        let (directory, environment) = try log()
        let before = try withExtendedLifetime(directory) { try runProcess(["list", "--format", "csv"], environment: environment) }
        let result = try withExtendedLifetime(directory) { try runProcess(arguments, environment: environment) }
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.contains("20–250 次/分") && !result.stderr.contains("bpm"), "\(result.stderr)")
        let after = try withExtendedLifetime(directory) { try runProcess(["list", "--format", "csv"], environment: environment) }
        #expect(after.stdout == before.stdout)
    }

    @Test func theConfiguredLanguageWinsOverTheLocale() throws {
        let (directory, environment) = try log()
        var english = environment
        english["LANG"] = "C.UTF-8"
        english["HEALTHLOG_LANGUAGE"] = "zh"
        let chosen = try withExtendedLifetime(directory) { try runProcess(["profile", "list"], environment: english) }
        #expect(chosen.stdout.contains("姓名"), "\(chosen.stdout)")
        english["HEALTHLOG_LANGUAGE"] = "en"
        english["LANG"] = "zh_CN.UTF-8"
        let plain = try withExtendedLifetime(directory) { try runProcess(["profile", "list"], environment: english) }
        #expect(plain.stdout.contains("Name"), "\(plain.stdout)")
    }

    /// Every command's help is Chinese: no key is missing, and every option and argument is
    /// explained in Chinese.
    @Test func everyHelpPageIsChinese() throws {
        let english = CLIHarness()
        let chinese = CLIHarness()
        chinese.environment["LANG"] = "zh_CN.UTF-8"
        let names = { (help: String, section: String) -> [String] in
            guard let body = help.components(separatedBy: "\n\(section):\n").dropFirst().first else { return [] }
            return body.components(separatedBy: "\n\n")[0].split(separator: "\n")
                .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map { String($0.dropFirst(2).prefix { $0 != " " }) }
        }
        var pages = names(english.run("--help").stdout, "COMMANDS").map { [$0] }
        for group in pages where !names(english.run(["help"] + group).stdout, "SUBCOMMANDS").isEmpty {
            pages += names(english.run(["help"] + group).stdout, "SUBCOMMANDS").map { group + [$0] }
        }
        #expect(pages.count > 35, "\(pages)")
        for page in pages {
            let result = chinese.run(["help"] + page)
            #expect(result.status == 0, "\(page): \(result.stderr)")
            #expect(!result.stdout.contains("cli."), "\(page): a help string is missing:\n\(result.stdout)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            // A full-width colon carries its own space: "用法：healthlog add", never "用法： healthlog add".
            // An example's command line is as written; what it does is said in Chinese.
            for line in lines.drop(while: { $0 != "示例：" }).dropFirst() where line.contains("   ") {
                let meaning = line.drop { $0 == " " }.split(separator: "   ", maxSplits: 1).last ?? ""
                #expect(meaning.unicodeScalars.contains { !$0.isASCII }, "\(page): example '\(line)' is not explained in Chinese")
            }
            for line in lines where line.hasPrefix("概述：") || line.hasPrefix("用法：") {
                #expect(!line.hasPrefix("概述： ") && !line.hasPrefix("用法： "), "\(page): '\(line)'")
            }
            for (index, line) in lines.enumerated() where line.hasPrefix("  -") || line.hasPrefix("  <") {
                // A long synopsis has its explanation on the next line.
                let explained = line.dropFirst(2).contains("  ") ? line : lines[index + 1]
                #expect(explained.unicodeScalars.contains { !$0.isASCII }, "\(page): '\(line)' is not explained in Chinese")
            }
        }
    }

    /// The manual page is Chinese under a Chinese locale: its headings, and every option,
    /// argument, exit status, variable and file explained in Chinese.
    @Test func theManualPageIsChinese() throws {
        let chinese = CLIHarness()
        chinese.environment["LANG"] = "zh_CN.UTF-8"
        let page = chinese.ok("manpage")
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for heading in ["名称", "概要", "描述", "全局选项", "命令", "退出状态", "环境变量", "文件", "参见"] {
            #expect(lines.contains(".SH \(heading)"), "no section \(heading)")
        }
        var explained = 0
        for (index, line) in lines.enumerated() where line == ".TP" && index + 2 < lines.count {
            #expect(lines[index + 2].unicodeScalars.contains { !$0.isASCII }, "'\(lines[index + 1])' is explained in English: \(lines[index + 2])")
            explained += 1
        }
        #expect(explained > 100)
        #expect(CLIHarness().ok("manpage").contains(".SH NAME"), "English stays English")
        // fish shows each option's help beside it: in Chinese too.
        let described = chinese.ok("completions", "fish").split(separator: "\n").filter { $0.contains(" -d '") }
        #expect(described.count > 100)
        for line in described { #expect(line.unicodeScalars.contains { !$0.isASCII }, "\(line)") }
    }

    /// `sync init`, `sync status`, `sync` and `sync leave` speak Chinese too.
    @Test func syncSpeaksChinese() throws {
        let (directory, environment) = try log()
        let forbidden = try Self.forbiddenWords.get()
        try withExtendedLifetime(directory) {
            for arguments in [["sync", "init", directory.file("shared")], ["sync", "status"], ["sync"], ["sync", "leave"]] {
                let result = try runProcess(arguments, environment: environment)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                for line in (result.stdout + result.stderr).split(separator: "\n").map(String.init) {
                    let prose = line.replacingOccurrences(of: #"'healthlog[^']*'|(?<![\w])/[A-Za-z0-9._/-]+|healthlog sync init FOLDER"#, with: " ", options: .regularExpression)
                    let english = TerminalWordsTests.englishWords(in: prose).intersection(forbidden)
                    #expect(english.isEmpty && !line.contains("cli."), "\(arguments): '\(line)' has English words \(english.sorted())")
                }
            }
        }
    }

    /// A Templates folder of one's own, copied before the command line had words, keeps its
    /// report strings; the command line's words come from HealthLog's own folder.
    @Test func anOlderTemplatesFolderOfOnesOwnStillGetsTheWords() throws {
        let (directory, environment) = try log()
        let own = directory.file("own-templates")
        try FileManager.default.createDirectory(atPath: own + "/strings", withIntermediateDirectories: true)
        let shipped = TerminalWordsTests.folder.appendingPathComponent("Templates")
        for file in ["clinic.json", "summary.json"] {
            try FileManager.default.copyItem(atPath: shipped.appendingPathComponent(file).path, toPath: own + "/" + file)
        }
        for code in ["en", "zh-Hans"] {
            let data = try Data(contentsOf: shipped.appendingPathComponent("strings/\(code).json"))
            var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            document["strings"] = (document["strings"] as? [String: String])?.filter { !$0.key.hasPrefix("cli.") }
            try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: own + "/strings/\(code).json"))
        }
        var older = environment
        older["HEALTHLOG_TEMPLATES"] = own
        let result = try withExtendedLifetime(directory) { try runProcess(["profile", "list"], environment: older) }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("姓名") && !result.stdout.contains("cli."), "\(result.stdout)")
    }

    /// JSON keys and the CSV header are the same in either language.
    @Test(arguments: [
        ["list", "--format", "json"], ["stats", "--format", "json"], ["protocol", "--to", "2026-11-29", "--format", "json"],
        ["profile", "list", "--format", "json"], ["tag", "list", "--format", "json"], ["profile", "show", "dad", "--format", "json"],
        ["compare", "2026-11-22..2026-11-25", "2026-11-26..2026-11-30", "--format", "json"],
    ])
    func jsonKeysStayTheSame(arguments: [String]) throws {
        let (directory, environment) = try log()
        var english = environment
        english["LANG"] = "C.UTF-8"
        let (chinese, plain) = try withExtendedLifetime(directory) {
            (try runProcess(arguments, environment: environment), try runProcess(arguments, environment: english))
        }
        #expect(chinese.status == 0 && plain.status == 0, "\(chinese.stderr) \(plain.stderr)")
        let keys = { (text: String) throws -> [String] in
            Self.keys(of: try JSONSerialization.jsonObject(with: Data(text.utf8))).sorted()
        }
        let chineseKeys = try keys(chinese.stdout)
        #expect(!chineseKeys.isEmpty)
        #expect(chineseKeys == (try keys(plain.stdout)))
    }

    @Test func csvHeaderStaysTheSame() throws {
        let (directory, environment) = try log()
        var english = environment
        english["LANG"] = "C.UTF-8"
        let (chinese, plain) = try withExtendedLifetime(directory) {
            (try runProcess(["list", "--format", "csv"], environment: environment), try runProcess(["list", "--format", "csv"], environment: english))
        }
        let header = plain.stdout.split(separator: "\n").first
        #expect(header != nil && chinese.stdout.split(separator: "\n").first == header)
        #expect(chinese.stdout == plain.stdout, "CSV is data, never translated")
    }

    /// Every key path in a JSON value, as `a.b.c` (array items under `[]`).
    private static func keys(of value: Any, prefix: String = "") -> Set<String> {
        if let object = value as? [String: Any] {
            return object.reduce(into: Set<String>()) { result, member in
                let path = prefix.isEmpty ? member.key : prefix + "." + member.key
                result.insert(path)
                result.formUnion(keys(of: member.value, prefix: path))
            }
        }
        if let array = value as? [Any] {
            return array.reduce(into: Set<String>()) { $0.formUnion(keys(of: $1, prefix: prefix + "[]")) }
        }
        return []
    }
}
