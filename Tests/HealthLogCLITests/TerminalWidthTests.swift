import Foundation
import HealthCore
import HealthLogCLI
import Testing

/// `list` in real terminals of 120, 80 and 40 columns (tmux): no row wraps, every column starts
/// at the same place on every row, and the narrowest still shows date, time, BP and pulse.
@Suite(.serialized) struct TerminalWidthTests {
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

    /// A log with readings of every shape, and the environment of a real process.
    private func log() throws -> (TemporaryDirectory, [String: String]) {
        let directory = TemporaryDirectory()
        var environment = processEnvironment(directory)
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        for arguments in [
            ["profile", "add", "dad", "--name", "爸爸"],
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

    @Test(arguments: [120, 80, 40])
    func listFitsTheTerminalAndItsColumnsAlign(columns: Int) throws {
        let (directory, environment) = try log()
        let shown = try withExtendedLifetime(directory) {
            try screen(["-p", "dad", "list", "--color", "never"], columns: columns, environment: environment)
        }
        // capture-pane -J joins a wrapped line back: a row wider than the window shows here.
        for line in shown { #expect(line.terminalColumns <= columns, "\(columns) columns: '\(line)' is \(line.terminalColumns) wide") }
        let header = try #require(shown.first { $0.hasPrefix("ID ") || $0.hasPrefix("Date ") }, "\(shown)")
        let rows = shown.filter { $0.contains("/") && !$0.hasPrefix("ᵒ") }
        #expect(rows.count == 4, "\(shown)")
        for title in ["Date", "Time", "BP", "Pulse"] { #expect(header.contains(title), "\(columns): \(header)") }
        // Every row's BP starts in the BP column's first column, and its pulse ends with the Pulse title.
        let bpColumn = try #require(column(of: "BP", in: header))
        let pulseEnd = try #require(column(of: "Pulse", in: header)) + 5
        for row in rows {
            let before = String(row.prefix { $0 != "/" }.dropLast(3))
            #expect(before.terminalColumns == bpColumn, "\(columns): BP misplaced in '\(row)'")
            if row.contains("138/86") {
                let pulse = try #require(row.range(of: " 72"))
                #expect(String(row[..<pulse.upperBound]).terminalColumns == pulseEnd, "\(columns): pulse misplaced in '\(row)'")
            }
        }
        if columns >= 120 { #expect(shown.contains { $0.contains("头晕 ปวดหัว 👨‍👩‍👧") }, "a wide terminal shows the note") }
        if columns >= 80 { #expect(header.hasPrefix("ID"), "80 columns keep the id for edit and delete") }
    }

    private func column(of title: String, in header: String) -> Int? {
        guard let range = header.range(of: " \(title) ") ?? header.range(of: " \(title)") else { return nil }
        return String(header[..<range.lowerBound]).terminalColumns + 1
    }
}

private func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
