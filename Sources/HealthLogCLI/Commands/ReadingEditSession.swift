import HealthCommandLine
import HealthCore

/// `edit ID` with no new values: the reading opens in the user's editor as a
/// ``ReadingEditForm``; what is saved becomes `edit`'s own arguments and goes through the same
/// checks and the same write. A result that cannot be used changes nothing, and the edited text
/// is kept where the error says, so nothing typed is lost.
struct ReadingEditSession {
    let id: String
    let editor: ShellCommand

    func run(_ context: CommandContext) throws(CLIError) {
        let words = try context.words()
        let shown = try context.run { try $0.reading(id) }
        let form = ReadingEditForm(shown.reading)
        let shortID = String(shown.reading.id.prefix(8))
        let header = [
            words.cli("edit.form.reading", ["id": shortID, "profile": shown.profile.id]),
            words.cli("edit.form.howTo"),
            words.cli("edit.form.note"),
        ]
        let folder = context.environment["TMPDIR"].flatMap { $0.hasPrefix("/") && FileSystem.isDirectory($0) ? $0 : nil } ?? "/tmp"
        let staged: StagedFile
        do {
            staged = try StagedFile(beside: "\(folder)/healthlog-edit")
            try staged.write(Array(form.text(header: header).utf8))
        } catch {
            throw CLIError.cannotCreate(words.say(error.phrase))
        }
        context.stdout.flush()
        context.stderr.flush()
        let status = editor.start(arguments: [staged.temporaryPath], environment: context.environment)?.wait()
        guard status == 0 else {
            throw .data(words.say(Phrase("the editor '{editor}' did not finish (status {status}); nothing was changed", ["editor": editor.text, "status": status.map(String.init) ?? "-"])))
        }
        let bytes: [UInt8]
        do {
            bytes = try InputFile(regularFileAt: staged.temporaryPath).read(64 * 1024 + 1)
        } catch {
            throw .noInput(words.say(error.phrase))
        }
        guard bytes.count <= 64 * 1024, let edited = String(validating: bytes, as: UTF8.self) else {
            throw .data(words.say(Phrase("the edited reading is not UTF-8 text of at most 64 KiB; nothing was changed")))
        }
        do {
            let arguments = try form.arguments(id: shown.reading.id, edited: try ReadingEditForm.values(in: edited, words: words), words: words)
            guard !arguments.isEmpty else {
                context.stdout.line(words.cli("edit.noChange", ["id": shortID]))
                return
            }
            let parsed = try ArgumentParser.parse(arguments, spec: EditCommand.spec, words: words)
            try EditCommand(parsed, context: context).run(context)
        } catch {
            // What was typed is kept beside the reason, for another try.
            let kept = "\(folder)/healthlog-edit-\(shortID).txt"
            let keptAt = (try? staged.commit(to: kept)) != nil ? kept : nil
            throw .data(ReadingEditSession.refusal(error, keptAt: keptAt, words: words))
        }
    }

    /// `the edited reading is refused: … ; the text is kept in FILE`.
    private static func refusal(_ error: CLIError, keptAt: String?, words: StringTable) -> String {
        let reason: String = switch error {
        case .usage(let message, _): message
        case .data(let message), .noInput(let message), .unavailable(let message), .cannotCreate(let message), .io(let message),
            .timedOut(let message), .cancelled(let message), .config(let message): message
        }
        guard let keptAt else { return words.cli("edit.refused", ["reason": reason]) }
        return words.cli("edit.refusedKept", ["reason": reason, "path": keptAt])
    }
}
