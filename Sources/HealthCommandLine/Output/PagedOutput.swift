package import HealthCore

/// Standard output that goes through the user's pager once it runs past one screen, as git's
/// does: the text is held until it fills the terminal, then `$PAGER` (`less` with `LESS=FRX`
/// unless the user set `LESS`) is started and shown all of it. Output that fits is printed as
/// it would be without a pager. Quitting the pager early is not a failure.
package final class PagedOutput: TextOutput {
    private let terminal: any TextOutput
    private let pager: ShellCommand
    private let environment: [String: String]
    private let rows: Int
    private let columns: Int
    /// The text held while it still fits on the screen.
    private var held: [UInt8] = []
    private var heldRows = 0
    /// The rows of the line being written, so far.
    private var openLine: [UInt8] = []
    private var pipe: FileDescriptorOutput?
    /// The pipe's end this process writes.
    private var writeEnd: Int32 = -1
    /// No pager could be started: text goes straight to the terminal.
    private var direct = false
    private var child: ChildProcess?
    /// The pager was quit before it had everything; the rest is dropped.
    private var quit = false

    /// `terminal` is standard output, a terminal of `rows` by `columns`; `environment` is the
    /// pager's (``pagerEnvironment(_:)``).
    package init(terminal: any TextOutput, pager: ShellCommand, environment: [String: String], rows: Int, columns: Int) {
        self.terminal = terminal
        self.pager = pager
        self.environment = environment
        self.rows = max(rows, 2)
        self.columns = max(columns, 1)
    }

    /// The pager in force for a terminal, git's way: `$HEALTHLOG_PAGER`, else `$PAGER`, else
    /// `less` when it is installed; nil when it is empty or `cat`, when TERM is dumb and none was
    /// named, or when the program named cannot be found (then the output is printed as is).
    package static func pager(environment: [String: String]) -> ShellCommand? {
        let named = environment["HEALTHLOG_PAGER"] ?? environment["PAGER"]
        if named == nil, environment["TERM"] == "dumb" { return nil }
        let text = named ?? "less"
        let command = ShellCommand(text)
        guard !command.program.isEmpty, command.text.trimmingWhitespace() != "cat", command.isFound(environment: environment) else { return nil }
        return command
    }

    /// Standard output `terminal` through the pager in force (see ``pager(environment:)``), on a
    /// screen `columns` wide and as tall as the terminal (else `$LINES`, else 24); nil when there
    /// is none, with the pager that was named but is not installed (to say so once).
    package static func start(terminal: any TextOutput, environment: [String: String], columns: Int) -> (paged: PagedOutput?, missing: String?) {
        guard let pager = pager(environment: environment) else {
            guard let named = environment["HEALTHLOG_PAGER"] ?? environment["PAGER"], !ShellCommand(named).program.isEmpty,
                named.trimmingWhitespace() != "cat", !ShellCommand(named).isFound(environment: environment)
            else { return (nil, nil) }
            return (nil, named)
        }
        let rows = terminal.terminalRows ?? environment["LINES"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
        return (PagedOutput(terminal: terminal, pager: pager, environment: pagerEnvironment(environment), rows: rows, columns: columns), nil)
    }

    /// The pager's environment: `LESS=FRX` (quit when it fits, keep colours, leave the text on
    /// the screen), `LV=-c` and `LESSCHARSET=utf-8` unless the user set them.
    package static func pagerEnvironment(_ environment: [String: String]) -> [String: String] {
        var result = environment
        if result["LESS"] == nil { result["LESS"] = "FRX" }
        if result["LV"] == nil { result["LV"] = "-c" }
        // HealthLog writes UTF-8 whatever the locale; less would show a Chinese line as <E7><88>…
        // under a locale the machine lacks.
        if result["LESSCHARSET"] == nil, result["LESSCHARDEF"] == nil { result["LESSCHARSET"] = "utf-8" }
        return result
    }

    package var isTerminal: Bool { true }
    package var terminalColumns: Int? { terminal.terminalColumns }
    package var terminalRows: Int? { terminal.terminalRows }
    package var failure: OutputFailure? { quit ? nil : pipe?.failure ?? terminal.failure }

    package func write(_ text: String) { write(bytes: Array(text.utf8)) }

    package func write(bytes: [UInt8]) {
        if quit { return }
        if direct {
            terminal.write(bytes: bytes)
            return
        }
        if let pipe {
            pipe.write(bytes: bytes)
            noticeQuit()
            return
        }
        held += bytes
        count(bytes)
        if heldRows >= rows { startPager() }
    }

    /// Held text stays held until it is known to fit (``finish()``) or the pager has it.
    package func flush() {
        pipe?.flush()
        noticeQuit()
    }

    /// Ends the output: what fits is printed on the terminal; the pager, if started, gets the
    /// end of its input and is waited for.
    package func finish() {
        if let pipe {
            pipe.flush()
            ClosingPipe.close(writeEnd)
            self.pipe = nil
            child?.wait()
            TerminalInterrupts.restore()
            quit = true
            return
        }
        if !held.isEmpty { terminal.write(bytes: held) }
        held = []
        terminal.flush()
    }

    private func startPager() {
        guard let ends = ClosingPipe.make(), let child = pager.start(input: ends.read, environment: environment) else {
            // No pager after all: the text is printed as it comes.
            direct = true
            terminal.write(bytes: held)
            held = []
            return
        }
        ClosingPipe.close(ends.read)
        // The pager has the terminal: Ctrl-C is its to handle (less stays; more ends).
        TerminalInterrupts.ignore()
        self.child = child
        writeEnd = ends.write
        let pipe = FileDescriptorOutput(descriptor: ends.write)
        self.pipe = pipe
        pipe.write(bytes: held)
        held = []
        noticeQuit()
    }

    private func noticeQuit() {
        if pipe?.failure != nil { quit = true }
    }

    /// Counts the screen rows of each finished line: its columns without colour codes, wrapped
    /// at the terminal's width.
    private func count(_ bytes: [UInt8]) {
        for byte in bytes {
            guard byte == 10 else {
                openLine.append(byte)
                continue
            }
            let visible = String(decoding: openLine, as: UTF8.self).withoutTerminalStyle.terminalColumns
            heldRows += max(1, (visible + columns - 1) / columns)
            openLine = []
        }
    }
}

extension String {
    /// The text without SGR colour codes (`ESC [ … m`).
    fileprivate var withoutTerminalStyle: String {
        guard contains("\u{1B}") else { return self }
        var result = ""
        var inCode = false
        for scalar in unicodeScalars {
            if inCode {
                if scalar == "m" { inCode = false }
                continue
            }
            if scalar == "\u{1B}" {
                inCode = true
                continue
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
