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

    /// The most an edited text may be.
    package static let maximumBytes = 64 * 1024

    /// The folder edited texts are staged in: `$TMPDIR` when it is an absolute folder, else `/tmp`.
    package static func folder(environment: [String: String]) -> String {
        environment["TMPDIR"].flatMap { $0.hasPrefix("/") && FileSystem.isDirectory($0) ? $0 : nil } ?? "/tmp"
    }

    /// `text` opened in `editor`, as a private file beside `path`; what was saved, and the staged
    /// file (to keep when what was saved cannot be used). An editor that fails, or a result that
    /// is not UTF-8 text of at most 64 KiB, is refused: nothing was changed.
    package static func edit(
        _ text: String, in editor: ShellCommand, beside path: String, environment: [String: String], words: StringTable
    ) throws(CLIError) -> (text: String, file: StagedFile) {
        let staged: StagedFile
        do {
            staged = try StagedFile(beside: path)
            try staged.write(Array(text.utf8))
        } catch {
            throw CLIError.cannotCreate(words.say(error.phrase))
        }
        let status = editor.start(arguments: [staged.temporaryPath], environment: environment)?.wait()
        guard status == 0 else {
            throw .data(words.say(Phrase("the editor '{editor}' did not finish (status {status}); nothing was changed", ["editor": editor.text, "status": status.map(String.init) ?? "-"])))
        }
        let bytes: [UInt8]
        do {
            bytes = try InputFile(regularFileAt: staged.temporaryPath).read(maximumBytes + 1)
        } catch {
            throw .noInput(words.say(error.phrase))
        }
        guard bytes.count <= maximumBytes, let edited = String(validating: bytes, as: UTF8.self) else {
            throw .data(words.say(Phrase("the edited reading is not UTF-8 text of at most 64 KiB; nothing was changed")))
        }
        return (edited, staged)
    }
}
