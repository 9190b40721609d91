package import HealthCore

/// The editor a command opens a file in, chosen as git chooses: `$VISUAL` (unless TERM is
/// dumb), else `$EDITOR`, else on a terminal Debian's `editor` or `vi`.
package enum TextEditor {
    /// The editor in force; nil when none is named and standard output is not a terminal, or
    /// when the one named is empty.
    package static func command(environment: [String: String], onTerminal: Bool) -> ShellCommand? {
        let dumb = environment["TERM"] == "dumb"
        if !dumb, let visual = environment["VISUAL"], !visual.trimmingWhitespace().isEmpty { return ShellCommand(visual) }
        if let editor = environment["EDITOR"] { return editor.trimmingWhitespace().isEmpty ? nil : ShellCommand(editor) }
        guard onTerminal, !dumb else { return nil }
        let sensible = ShellCommand("editor")
        return sensible.isFound(environment: environment) ? sensible : ShellCommand("vi")
    }
}
