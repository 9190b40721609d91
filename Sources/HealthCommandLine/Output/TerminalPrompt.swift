#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Yes/no questions on an interactive terminal.
public enum TerminalPrompt {
    /// A confirm function reading from `stdin`, or nil when stdin is not a terminal.
    public static func confirm(stdin: Int32, output: FileDescriptorOutput) -> ((String) -> Bool)? {
        guard isatty(stdin) == 1 else { return nil }
        return { question in
            output.write(question)
            output.flush()
            guard let answer = readLine() else { return false }
            // `是` is yes to a Chinese question; anything else is no.
            return ["y", "yes", "是", "是的"].contains(answer.lowercased().trimmingWhitespace())
        }
    }
}
