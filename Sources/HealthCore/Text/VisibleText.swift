/// How a line break inside text from people or files is shown.
public enum LineBreakDisplay: Sendable {
    /// Kept as it is (a note shown on lines of its own).
    case keep
    /// Shown as `⏎`, so a table cell stays on one line.
    case symbol
    /// Shown as `\n`, so a message stays one line.
    case escaped
}

extension StringProtocol {
    /// The text with every character that could act on a terminal, or silently reorder what is
    /// shown, made visible: C0 controls other than tab (`\e`, `\r`, `\0`, `\u{7}`…), DEL, the C1
    /// controls, and the bidirectional embedding, override and isolate characters (`\u{202E}`).
    /// Line breaks are shown as `lineBreaks` says.
    ///
    /// Text from users and files passes through this before it reaches a terminal or a page, so
    /// `\e[2J` in a tag label is printed, never obeyed. JSON and CSV keep the text exactly.
    public func visibleControls(lineBreaks: LineBreakDisplay = .escaped) -> String {
        let scalars = unicodeScalars
        // A tab is harmless in text on lines of its own; in a one-line cell or message it would
        // push the columns about, so it shows as a space there.
        let tabs = lineBreaks != .keep
        guard scalars.contains(where: { Self.needsEscape($0) || (tabs && $0 == "\t") }) else { return String(self) }
        var result = ""
        result.reserveCapacity(utf8.count + 8)
        var previousWasCarriageReturn = false
        for scalar in scalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            if tabs && scalar == "\t" {
                result += " "
                continue
            }
            guard Self.needsEscape(scalar) else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch (scalar, lineBreaks) {
            case ("\n", .keep):
                if previousWasCarriageReturn { result.unicodeScalars.removeLast(2) }  // a CRLF is one break
                result += "\n"
            case ("\n", .symbol):
                if previousWasCarriageReturn { result.unicodeScalars.removeLast(2) }
                result += "⏎"
            case ("\n", .escaped): result += "\\n"
            case ("\r", _): result += "\\r"
            case ("\u{1B}", _): result += "\\e"
            default: result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
        return result
    }

    /// True for the characters ``visibleControls(lineBreaks:)`` shows as escapes.
    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true  // embeddings, overrides, isolates
        case 0x2028, 0x2029: true  // line and paragraph separators
        default: false
        }
    }
}
