import Foundation
import HealthCore
import HealthLogCLI
import Testing

/// `list`, `stats`, `protocol`, `profile list` and `tag list` in real terminals of 120, 80 and
/// 40 columns (tmux), in English and Chinese: no row wraps, every column starts (or, for
/// numbers, ends) at the same place on every row, and the narrowest `list` still shows date,
/// time, BP and pulse.
@Suite(.serialized) struct TerminalWidthTests {
    /// The locales the tables are checked in.
    static let languages = ["C.UTF-8", "zh_CN.UTF-8"]

    /// A note a terminal draws in other widths than its length: Chinese, Thai with its vowel
    /// marks, and a family emoji joined by ZWJ.
    static let note = "头晕 ปวดหัว 👨‍👩‍👧 after dinner with the grandchildren at the park"

    /// The characters' columns as terminals draw them.
    @Test func charactersTakeTheColumnsATerminalGivesThem() {
        #expect("头晕".terminalColumns == 4)
        #expect("ปวดหัว".terminalColumns == 5, "the vowel mark above takes no column")
        #expect("👨‍👩‍👧".terminalColumns == 2, "one picture")
        #expect("e\u{301}".terminalColumns == 1)
        #expect("한국".terminalColumns == 4)
        #expect("🇨🇳".terminalColumns == 2)
    }

    /// A log with readings of every shape, and the environment of a real process in `language`.
    private func log(language: String = "C.UTF-8") throws -> (TemporaryDirectory, [String: String]) {
        let directory = TemporaryDirectory()
        var environment = processEnvironment(directory)
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = language
        // The whole table on the screen, to measure it: a pager would hold the rest back.
        environment["PAGER"] = "cat"
        for arguments in [
            ["profile", "add", "dad", "--name", "爸爸", "--birth-year", "1956", "--target", "135/85"],
            ["profile", "add", "grandma", "--name", "奶奶 ยาย 👵 the grandmother of the whole family"],
            ["tag", "add", "long-walk", "--label", "a long walk in the park", "--label-zh", "公园里散步很久 เดินเล่น 👨‍👩‍👧", "--deviation"],
            ["-p", "dad", "add", "138/86", "72", "-t", "bp-med,good-sleep", "--at", "2026-11-29T07:30:00+08:00", "-n", Self.note],
            ["-p", "dad", "add", "142/90", "80", "--weight", "72.5", "--at", "2026-11-29T21:00:00+08:00", "-n", "ok"],
            ["-p", "dad", "add", "131/84", "66", "-t", "exercise,black-coffee,diet,bp-med", "--at", "2026-11-30T00:40:00+08:00"],
            ["-p", "dad", "add", "150/95", "--office", "--at", "2026-11-30T10:00:00+08:00", "-n", "clinic"],
        ] {
            let result = try runProcess(arguments, environment: environment)
            try #require(result.status == 0, "\(arguments): \(result.stderr)")
        }
        return (directory, environment)
    }

    /// What tmux shows of `healthlog ARGS` run in a window `columns` wide.
    private func screen(_ arguments: [String], columns: Int, environment: [String: String]) throws -> [String] {
        let session = "hl\(getpid())w\(columns)"
        let exports = environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        let command = "env -i \(exports) \(try healthlogExecutable()) \(arguments.map(shellQuoted).joined(separator: " ")); echo '<<end>>'; sleep 30"
        _ = try run(executable: "/usr/bin/tmux", ["-L", session, "kill-server"], environment: ["PATH": "/usr/bin:/bin"])
        // The tmux server lives on: it must hold none of the test process's pipes open (ours or
        // another test's, inherited), so every descriptor past 2 is closed before it starts.
        let started = try run(
            executable: "/usr/bin/python3",
            ["-c", "import subprocess, sys; sys.exit(subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, close_fds=True).returncode)",
             "tmux", "-L", session, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "50", command],
            environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color"])
        try #require(started.status == 0, "\(started.stderr)")
        defer { _ = try? run(executable: "/usr/bin/tmux", ["-L", session, "kill-server"], environment: ["PATH": "/usr/bin:/bin"]) }
        var lines: [String] = []
        for _ in 0..<100 {
            let captured = try run(executable: "/usr/bin/tmux", ["-L", session, "capture-pane", "-p", "-J"], environment: ["PATH": "/usr/bin:/bin"])
            lines = captured.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.contains("<<end>>") { break }
            usleep(100_000)
        }
        try #require(lines.contains("<<end>>"), "the command did not finish: \(lines)")
        return Array(lines.prefix { $0 != "<<end>>" })
    }

    @Test(arguments: [120, 80, 40], TerminalWidthTests.languages)
    func listFitsTheTerminalAndItsColumnsAlign(columns: Int, language: String) throws {
        let (directory, environment) = try log(language: language)
        let shown = try withExtendedLifetime(directory) {
            try screen(["-p", "dad", "list", "--color", "never"], columns: columns, environment: environment)
        }
        // capture-pane -J joins a wrapped line back: a row wider than the window shows here.
        for line in shown { #expect(line.terminalColumns <= columns, "\(columns) columns: '\(line)' is \(line.terminalColumns) wide") }
        let chinese = language.hasPrefix("zh")
        let (id, date, time, bp, pulse) = chinese ? ("编号", "日期", "时间", "血压", "脉搏") : ("ID", "Date", "Time", "BP", "Pulse")
        let header = try #require(shown.first { $0.hasPrefix(id + " ") || $0.hasPrefix(date + " ") }, "\(shown)")
        let rows = shown.filter { $0.contains("/") && !$0.hasPrefix("ᵒ") }
        #expect(rows.count == 4, "\(shown)")
        for title in [date, time, bp, pulse] { #expect(header.contains(title), "\(columns): \(header)") }
        expectAligned(rows, under: header, "list at \(columns) in \(language)")
        // Every row's BP starts in the BP column's first column, and its pulse ends with the Pulse title (set right).
        let bpColumn = try #require(column(of: bp, in: header))
        let pulseEnd = try #require(column(of: pulse, in: header)) + pulse.terminalColumns
        for row in rows {
            let before = String(row.prefix { $0 != "/" }.dropLast(3))
            #expect(before.terminalColumns == bpColumn, "\(columns): BP misplaced in '\(row)'")
            if row.contains("138/86") {
                let pulse = try #require(row.range(of: " 72"))
                #expect(String(row[..<pulse.upperBound]).terminalColumns == pulseEnd, "\(columns): pulse misplaced in '\(row)'")
            }
        }
        if columns >= 120 { #expect(shown.contains { $0.contains("头晕 ปวดหัว 👨‍👩‍👧") }, "a wide terminal shows the note") }
        if columns >= 80 { #expect(header.hasPrefix(id), "80 columns keep the id for edit and delete") }
    }

    /// The other tables: each command's header (found by its first title), and the rows under
    /// it up to the first blank line.
    @Test(arguments: [120, 80, 40], TerminalWidthTests.languages)
    func everyTableFitsTheTerminalAndItsColumnsAlign(columns: Int, language: String) throws {
        let (directory, environment) = try log(language: language)
        let chinese = language.hasPrefix("zh")
        let tables: [(arguments: [String], header: String, rows: Int)] = [
            (["-p", "dad", "stats"], chinese ? "收缩压±SD" : "SYS mean±SD", 4),
            (["-p", "dad", "protocol", "--to", "2026-11-30"], chinese ? "  日期 " : "  Day ", 7),
            (["profile", "list"], chinese ? "  编号 " : "  ID ", 2),
            (["tag", "list"], chinese ? "编号 " : "ID ", 9),
        ]
        try withExtendedLifetime(directory) {
            for table in tables {
                let shown = try screen(table.arguments + ["--color", "never"], columns: columns, environment: environment)
                let name = "\(table.arguments.filter { !$0.hasPrefix("-") && $0 != "dad" }.joined(separator: " ")) at \(columns) in \(language)"
                for line in shown { #expect(line.terminalColumns <= columns, "\(name): '\(line)' is \(line.terminalColumns) wide") }
                // Chinese lines break as Chinese text does: never after an opening bracket, never before a closing one.
                for line in shown {
                    #expect(!"（“《".contains(line.last ?? " "), "\(name): '\(line)' ends with an opening bracket")
                    #expect(!"）”》，。、".contains(line.drop { $0 == " " }.first ?? " "), "\(name): '\(line)' starts with closing punctuation")
                }
                let index = try #require(shown.firstIndex { $0.contains(table.header) }, "\(name): no header in \(shown)")
                // Rows run to the first blank line, less a protocol remark put below its row.
                let rows = shown[(index + 1)...].prefix { !$0.isEmpty }.filter { !$0.hasPrefix("    ") }
                #expect(rows.count == table.rows, "\(name): \(shown)")
                expectAligned(Array(rows), under: shown[index], name)
            }
        }
    }

    /// Every cell of every row but its first starts where a title starts or (a number) ends
    /// where one ends, or lies past the last title (a column without one, such as a remark).
    private func expectAligned(_ rows: [String], under header: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let titles = cells(header)
        let lastEnd = titles.last?.end ?? 0
        for row in rows {
            for cell in cells(row).dropFirst() where cell.start < lastEnd {
                #expect(
                    titles.contains { $0.start == cell.start || $0.end == cell.end },
                    "\(name): '\(cell.text)' at columns \(cell.start)–\(cell.end) is under no title of '\(header)' in '\(row)'",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// The cells of a table line, split at two or more spaces, with the terminal columns each
    /// starts at and ends before.
    private func cells(_ line: String) -> [(text: String, start: Int, end: Int)] {
        var cells: [(text: String, start: Int, end: Int)] = []
        var (column, spaces, start, current) = (0, 0, 0, "")
        for character in line {
            if character == " " {
                spaces += 1
                column += 1
                continue
            }
            if current.isEmpty || spaces >= 2 {
                if !current.isEmpty { cells.append((current, start, start + current.terminalColumns)) }
                current = ""
                start = column
            } else if spaces == 1 {
                current += " "
            }
            spaces = 0
            current.append(character)
            column += character.terminalColumns
        }
        if !current.isEmpty { cells.append((current, start, start + current.terminalColumns)) }
        return cells
    }

    private func column(of title: String, in header: String) -> Int? {
        guard let range = header.range(of: " \(title) ") ?? header.range(of: " \(title)") else { return nil }
        return String(header[..<range.lowerBound]).terminalColumns + 1
    }
}

private func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
