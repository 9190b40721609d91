/// Help text in swift-argument-parser's shape, made from the same specs the parser uses.
enum HelpFormatter {
    /// With `runsAlone`, the group does something itself when given no subcommand (`sync`).
    static func help(for spec: CommandSpec, subcommands: [CommandSpec] = [], runsAlone: Bool = false) -> String {
        var text = "OVERVIEW: \(spec.abstract)\n"
        if let discussion = spec.discussion { text += "\n" + wrap(discussion, width: 80, indent: "") + "\n" }
        let arguments = spec.arguments.map(\.synopsis).joined(separator: " ")
        let usageTail = subcommands.isEmpty ? (arguments.isEmpty ? "" : " " + arguments) : spec.path.isEmpty ? " <command>" : runsAlone ? " [<subcommand>]" : " <subcommand>"
        let usage = spec.path.isEmpty
            ? "\(spec.commandLine) [--db <PATH>] [--profile <ID>]\(usageTail) [<options>]"
            : "\(spec.commandLine)\(usageTail)\(spec.options.isEmpty ? "" : " [<options>]")"
        text += "\nUSAGE: \(usage)\n"
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            text += rows(spec.arguments.map { ("<\($0.name)>", $0.help) })
        }
        text += "\nOPTIONS:\n"
        text += rows(spec.allOptions.map { ($0.spec.synopsis, $0.spec.help) })
        if !subcommands.isEmpty {
            let word = spec.path.isEmpty ? "command" : "subcommand"
            text += spec.path.isEmpty ? "\nCOMMANDS:\n" : "\nSUBCOMMANDS:\n"
            text += rows(subcommands.map { ($0.path.last ?? "", $0.abstract) })
            text += "\n  See '\(spec.commandLine) <\(word)> --help' for details.\n"
        }
        if !spec.examples.isEmpty {
            text += "\nEXAMPLES:\n" + spec.examples.map { "  \($0)\n" }.joined()
        }
        return text
    }

    /// Two columns: names padded to a common width, help wrapped to 80 columns on the right.
    private static func rows(_ items: [(String, String)]) -> String {
        let width = min(max(items.map(\.0.count).max() ?? 0, 10), 24)
        let indent = String(repeating: " ", count: width + 4)
        return items.map { name, help in
            let wrapped = wrap(help, width: 80, indent: indent)
            if name.count > width {
                return "  \(name)\n\(indent)\(wrapped)\n"
            }
            return "  \(name.padding(width))  \(wrapped)\n"
        }.joined()
    }

    /// `text` broken at spaces into lines of at most `width` columns; lines after the first
    /// start with `indent`, which counts towards the width.
    static func wrap(_ text: String, width: Int, indent: String) -> String {
        text.wrappedLines(firstWidth: width - indent.count, laterWidth: width - indent.count).joined(separator: "\n" + indent)
    }
}

extension String {
    /// The words of the string (split at spaces) in lines of at most `firstWidth` terminal
    /// columns for the first line and `laterWidth` for the others, counting wide (CJK)
    /// characters as two; a word longer than a line has one to itself. The one wrapping rule of
    /// help and `stats`.
    func wrappedLines(firstWidth: Int, laterWidth: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in split(separator: " ") {
            let limit = lines.isEmpty ? firstWidth : laterWidth
            if !line.isEmpty && line.displayWidth + 1 + String(word).displayWidth > limit {
                lines.append(line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The string padded with spaces to `width` characters, counting wide (CJK) characters as two.
    func padding(_ width: Int) -> String {
        let shortfall = width - displayWidth
        return shortfall > 0 ? self + String(repeating: " ", count: shortfall) : self
    }

    /// The string cut to `width` terminal columns, ending in "…" when anything was cut.
    func clipped(toWidth width: Int) -> String {
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
    func leftPadding(_ width: Int) -> String {
        let shortfall = width - displayWidth
        return shortfall > 0 ? String(repeating: " ", count: shortfall) + self : self
    }

    /// Terminal columns, as the terminal draws them (see ``Character/terminalColumns``).
    var displayWidth: Int { terminalColumns }
}
