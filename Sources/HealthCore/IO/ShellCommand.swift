#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import CSystem

/// A program the user names in a variable (`$PAGER`, `$EDITOR`), run as git runs it: through
/// `/bin/sh -c`, so the variable may carry its own options (`less -S`, `code --wait`).
///
/// ```swift
/// let editor = ShellCommand("vi")
/// let status = editor.start(arguments: ["/tmp/reading.txt"], environment: environment)?.wait()
/// ```
public struct ShellCommand: Sendable, Equatable {
    /// The command as the user wrote it.
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    /// The command's first word, the program it runs.
    public var program: String {
        String(text.trimmingWhitespace().prefix { $0 != " " && $0 != "\t" })
    }

    /// True when the program can be run: a path to an executable file, a shell word the shell
    /// itself knows, or a name found on `PATH`. A mistyped `$PAGER` is noticed before anything is
    /// sent to it.
    public func isFound(environment: [String: String]) -> Bool {
        let program = self.program
        guard !program.isEmpty else { return false }
        if program.contains("/") { return access(program, X_OK) == 0 && !FileSystem.isDirectory(program) }
        // `cat > file`, `exec less`, a variable: the shell's own words are trusted to the shell.
        if program.contains("=") || ["exec", "command", "env", ":", "true"].contains(program) { return true }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").contains { folder in
            let candidate = "\(folder)/\(program)"
            return access(candidate, X_OK) == 0 && !FileSystem.isDirectory(candidate)
        }
    }

    /// Starts `sh -c 'TEXT "$@"' TEXT ARGUMENTS…`, with `input` as its standard input when given
    /// (its output and errors are this process's); nil when it cannot be started.
    public func start(arguments: [String] = [], input: Int32? = nil, environment: [String: String]) -> ChildProcess? {
        let script = arguments.isEmpty ? text : text + " \"$@\""
        let argv = ["sh", "-c", script, text] + arguments
        let envp = environment.map { "\($0.key)=\($0.value)" }
        let pid = CStringArray.with(argv) { argv in
            CStringArray.with(envp) { envp in healthlog_spawn("/bin/sh", argv, envp, input ?? -1) }
        }
        return pid > 0 ? ChildProcess(pid: pid) : nil
    }
}

/// A program started by ``ShellCommand/start(arguments:input:environment:)``.
public final class ChildProcess {
    private let pid: Int32
    private var status: Int32?

    init(pid: Int32) {
        self.pid = pid
    }

    /// Waits for it to end: its exit status, or 128 + the signal that ended it. While it runs,
    /// Ctrl-C and Ctrl-\ are its own (this process ignores them, as system(3) does).
    @discardableResult
    public func wait() -> Int32 {
        if let status { return status }
        healthlog_interrupts_ignore()
        defer { healthlog_interrupts_restore() }
        let ended = healthlog_wait(pid)
        status = ended
        return ended
    }
}

/// Interrupts are the started program's while it has the terminal (a pager still reading what
/// this process writes): ``ignore()`` until ``restore()``.
public enum TerminalInterrupts {
    public static func ignore() { healthlog_interrupts_ignore() }
    public static func restore() { healthlog_interrupts_restore() }
}

/// A pipe whose ends are not passed on to started programs except as their standard input.
public enum ClosingPipe {
    /// Its read and write ends, or nil when no pipe can be made.
    public static func make() -> (read: Int32, write: Int32)? {
        var descriptors: [Int32] = [-1, -1]
        guard healthlog_pipe(&descriptors) == 0 else { return nil }
        return (descriptors[0], descriptors[1])
    }

    /// Closes one end.
    public static func close(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }
}

/// A NULL-terminated array of C strings, alive for one call.
private enum CStringArray {
    static func with<T>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> T) -> T {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
