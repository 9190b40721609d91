/// The program the toolkit serves, as its help, manual page and completions need it: its top
/// level, every command, the words that group subcommands, and its version.
package struct ProgramSpec: Sendable {
    /// The top level: `healthlog` with its global options.
    package let top: CommandSpec
    /// Every command, in the order the help lists them.
    package let commands: [CommandSpec]
    /// Each word that groups subcommands (`profile`), with its subcommands.
    package let groups: [(spec: CommandSpec, subcommands: [CommandSpec])]
    package let version: String

    package init(top: CommandSpec, commands: [CommandSpec], groups: [(spec: CommandSpec, subcommands: [CommandSpec])], version: String) {
        self.top = top
        self.commands = commands
        self.groups = groups
        self.version = version
    }
}

extension String {
    /// The string with every `target` replaced by `replacement` (no Foundation here).
    package func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
