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
        let folder = TextEditor.folder(environment: context.environment)
        context.stdout.flush()
        context.stderr.flush()
        let (edited, staged) = try TextEditor.edit(
            form.text(header: header), in: editor, beside: "\(folder)/healthlog-edit", environment: context.environment, words: words)
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
