/// How a terminal makes text stand out: bold, colours and dim. The command line gives its own,
/// which styles only on a terminal that wants colour; ``plain`` leaves text as it is.
public protocol TerminalEmphasis: Sendable {
    func bold(_ text: String) -> String
    func dim(_ text: String) -> String
    func red(_ text: String) -> String
    func yellow(_ text: String) -> String
    func green(_ text: String) -> String
}

/// No emphasis: text as it is (a pipe, a test, a file).
public struct PlainText: TerminalEmphasis {
    public init() {}
    public func bold(_ text: String) -> String { text }
    public func dim(_ text: String) -> String { text }
    public func red(_ text: String) -> String { text }
    public func yellow(_ text: String) -> String { text }
    public func green(_ text: String) -> String { text }
}
