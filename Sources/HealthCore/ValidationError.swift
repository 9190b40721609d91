/// A value that is out of range or malformed, with a sentence that says what is wrong and what
/// would be right, e.g. `systolic 400 is out of range (50–300 mmHg)`.
///
/// The model, time and text parsers throw it; the layers above wrap it in their own error
/// type or report it against the record it came from. The sentence is a ``Phrase``, so a front
/// end can say it in the reader's language.
public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong: a text that could not be read as the value at all, or a value read and refused.
    public enum Kind: Sendable {
        /// Read, and refused: out of range, in the future, inconsistent.
        case refused
        /// Not of the form the value takes: `138/` for a blood pressure, `tomorrowish` for a time.
        case unreadable
    }

    /// The sentence, written for the person who typed or exported the value.
    public let phrase: Phrase
    public let kind: Kind

    public init(_ phrase: Phrase, kind: Kind = .refused) {
        self.phrase = phrase
        self.kind = kind
    }

    /// The sentence in English.
    public var message: String { phrase.english }

    /// A value that was read and refused, so typed throws can say `throw .invalid(Phrase("…"))`.
    public static func invalid(_ phrase: Phrase) -> ValidationError { ValidationError(phrase) }

    /// A text that is not of the form the value takes.
    public static func unreadable(_ phrase: Phrase) -> ValidationError { ValidationError(phrase, kind: .unreadable) }

    public var description: String { message }
}
