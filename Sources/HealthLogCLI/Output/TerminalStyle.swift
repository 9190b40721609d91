import HealthCommandLine
import HealthPresentation

/// ANSI styling: by default (`--color auto`) only when stdout is a terminal, `NO_COLOR` is unset
/// and `TERM` is not `dumb`; `--color always` or `never` (or `HEALTHLOG_COLOR`, or the
/// configuration file's `color`) decide it outright.
struct TerminalStyle: TerminalEmphasis {
    let enabled: Bool

    init(output: any TextOutput, environment: [String: String]) {
        switch ColorChoice(rawValue: environment["HEALTHLOG_COLOR"] ?? "") {
        case .always?: enabled = true
        case .never?: enabled = false
        case .auto?, nil: enabled = output.isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func red(_ text: String) -> String { wrap(text, "1;31") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func blue(_ text: String) -> String { wrap(text, "34") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
