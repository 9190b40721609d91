/// How a line or a cell is to be read: good news, bad news, not yet decided, the document's
/// accent, or plain information. Each front end gives a tone its own colour.
public enum Tone: String, Sendable {
    case plain, good, bad, muted, accent
}

/// One sentence of the document, said in the reader's language, with its tone.
public struct Line: Sendable, Equatable {
    public let text: String
    public let tone: Tone
    /// True for a line that should stand out (bold in the report).
    public let emphasised: Bool

    public init(_ text: String, tone: Tone = .plain, emphasised: Bool = false) {
        self.text = text
        self.tone = tone
        self.emphasised = emphasised
    }
}
