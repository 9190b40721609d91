/// Text laid out for a terminal: wrapped at spaces (and between Chinese characters), padded
/// and cut by the columns a terminal draws, counting wide (CJK) characters as two.
extension String {
    /// The words of the string (split at spaces) in lines of at most `firstWidth` terminal
    /// columns for the first line and `laterWidth` for the others, counting wide (CJK)
    /// characters as two; a word longer than a line has one to itself. The one wrapping rule of
    /// help and `stats`.
    public func wrappedLines(firstWidth: Int, laterWidth: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in split(separator: " ") {
            // Chinese breaks between any two characters; the pieces of a word join with no space.
            for (index, piece) in String(word).breakablePieces.enumerated() {
                let glue = index == 0 ? " " : ""
                let limit = lines.isEmpty ? firstWidth : laterWidth
                if !line.isEmpty && line.displayWidth + glue.count + piece.displayWidth > limit {
                    lines.append(line)
                    line = piece
                } else {
                    line += (line.isEmpty ? "" : glue) + piece
                }
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The line broken at spaces (and between Chinese characters) into lines of at most `width`
    /// columns, keeping its leading spaces; later lines are indented two columns more.
    public func wrapped(toWidth width: Int) -> [String] {
        let indent = String(prefix { $0 == " " })
        let lines = String(dropFirst(indent.count)).wrappedLines(firstWidth: width - indent.count, laterWidth: width - indent.count - 2)
        return lines.enumerated().map { index, line in (index == 0 ? indent : indent + "  ") + line }
    }

    /// The word in the pieces a line may break between: each wide (CJK) character on its own,
    /// with the punctuation that may not start a line (`，。）`) kept on the one before and the
    /// punctuation that may not end one (`（“《`) kept on the one after; a run of narrow
    /// characters stays whole, so an English word is one piece.
    public var breakablePieces: [String] {
        var pieces: [String] = []
        var narrowRun = ""
        var opening = ""
        for character in self {
            if character.terminalColumns == 2 {
                if !narrowRun.isEmpty { pieces.append(opening + narrowRun); narrowRun = ""; opening = "" }
                if "，。、；：）」』”’！？》".contains(character), !pieces.isEmpty, opening.isEmpty {
                    pieces[pieces.count - 1].append(character)
                } else if "（「『“‘《".contains(character) {
                    opening.append(character)
                } else {
                    pieces.append(opening + String(character))
                    opening = ""
                }
            } else {
                narrowRun.append(character)
            }
        }
        if !narrowRun.isEmpty || !opening.isEmpty { pieces.append(opening + narrowRun) }
        return pieces
    }

    /// The string padded with spaces to `width` characters, counting wide (CJK) characters as two.
    public func padding(_ width: Int) -> String {
        let shortfall = width - displayWidth
        return shortfall > 0 ? self + String(repeating: " ", count: shortfall) : self
    }

    /// The string cut to `width` terminal columns, ending in "…" when anything was cut.
    public func clipped(toWidth width: Int) -> String {
        guard displayWidth > width else { return self }
        var result = ""
        var used = 0
        for character in self {
            let columns = character.terminalColumns
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }

    /// Padded on the left, for numbers.
    public func leftPadding(_ width: Int) -> String {
        let shortfall = width - displayWidth
        return shortfall > 0 ? String(repeating: " ", count: shortfall) + self : self
    }

    /// Terminal columns, as the terminal draws them (see ``Character/terminalColumns``).
    public var displayWidth: Int { terminalColumns }

    /// The string without the spaces at its end.
    public func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
