package import HealthCore

/// `--yes` before something destructive (else the question at the terminal), with the command
/// that asks, for the refusal when there is no terminal to ask at.
package struct Consent {
    /// `--yes`: nothing is asked.
    package let given: Bool
    package let command: String

    package init(_ arguments: ParsedArguments) {
        given = arguments.isSet(Options.yes)
        command = arguments.spec.commandLine
    }

    /// Asks `question` with `confirm` (the terminal's yes/no; nil without one, which refuses):
    /// a no cancels the command.
    package func ask(_ question: String, at confirm: ((String) -> Bool)?, words: StringTable) throws(CLIError) {
        guard let confirm else {
            throw .usage(words.cli("error.notAtTerminal", ["question": question.visibleControls()]), command: command)
        }
        guard confirm(question.visibleControls() + " [y/N] ") else { throw .cancelled(words.cli("error.cancelled")) }
    }
}
