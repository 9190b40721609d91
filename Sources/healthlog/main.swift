#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import HealthCommandLine
import HealthCore
import HealthLogCLI

/// Runs one command. Everything it opened is released when this returns, so the database is
/// closed (and its WAL checkpointed) before the process exits.
func runHealthLog() -> Int32 {
    var environment: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") {
            environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        pointer += 1
    }
    let stdout = FileDescriptorOutput(descriptor: 1)
    let stderr = FileDescriptorOutput(descriptor: 2)
    let context = CommandContext(
        stdout: stdout, stderr: stderr, environment: environment, confirm: TerminalPrompt.confirm(stdin: 0, output: stderr))
    // An argument that is not UTF-8 would be stored with its bad bytes replaced by U+FFFD (a
    // note) or name another file (a path): it is refused, never silently changed.
    let arguments = ProgramArguments.raw.dropFirst()
    for (index, raw) in zip(1..., arguments) where String(validatingCString: raw) == nil {
        let shown = String(cString: raw).visibleControls()
        stderr.write("Error: argument \(index) ('\(shown)') is not UTF-8 text; check the terminal's character encoding (LANG). Nothing was changed.\n")
        stderr.flush()
        return ExitCode.usage
    }
    let status = HealthLogMain.run(arguments.map { String(cString: $0) }, context: context)
    stdout.flush()
    stderr.flush()
    return status
}

// A closed pipe (healthlog list | head) ends output quietly instead of killing the process.
signal(SIGPIPE, SIG_IGN)
// A file-size limit makes the write fail (and the transaction roll back) instead of killing us.
signal(SIGXFSZ, SIG_IGN)
// Ctrl-C, kill, a closed terminal: no temporary file is left behind.
TemporaryFiles.removeOnSignals()
exit(runHealthLog())
