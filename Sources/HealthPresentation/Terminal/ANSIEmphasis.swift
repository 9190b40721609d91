/// Emphasis as ANSI escape codes when `enabled` (a terminal that wants colour), else text as it is.
public struct ANSIEmphasis: TerminalEmphasis {
    /// False: every text is left as it is.
    public let enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func red(_ text: String) -> String { wrap(text, "1;31") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func green(_ text: String) -> String { wrap(text, "32") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
