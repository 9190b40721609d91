/// A value that is out of range or malformed, with a message that says what is wrong and what
/// would be right, e.g. `systolic 400 is out of range (50–300 mmHg)`.
///
/// The model, time and text parsers throw it; the layers above wrap it in their own error
/// type or report it against the record it came from.
public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message, written for the person who typed or exported the value.
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    /// The error for `message`, so typed throws can say `throw .invalid("…")`.
    public static func invalid(_ message: String) -> ValidationError { ValidationError(message) }

    public var description: String { message }
}
