package import HealthCore

/// Help text in swift-argument-parser's shape, made from the same specs the parser uses.
///
/// English is the specs' own text. In another language (`words`), everything else comes from
/// that table's `cli.help.` keys: headings, each command's abstract and discussion (keyed by
/// the command), option and argument help (keyed by the spec's English, as gettext does) and
/// the top level's examples; a missing one shows its key, and the tests fail. Other commands'
/// examples are command lines, shown as written.
package enum HelpFormatter {
    /// With `runsAlone`, the group does something itself when given no subcommand (`sync`).
    package static func help(for spec: CommandSpec, subcommands: [CommandSpec] = [], runsAlone: Bool = false, words: StringTable? = nil) -> String {
        let translated = translation(words)
        let heading = { (english: String) in translated?.cli("help.heading.\(english)") ?? "\(english):" }
        // "USAGE: text", but "用法：text": a full-width colon carries its own space.
        let headed = { (english: String, text: String) in
            let said = heading(english)
            return said.hasSuffix("：") ? said + text : said + " " + text
        }
        let abstract = { (spec: CommandSpec) in translated?.cli("help.abstract.\(spec.commandLine)") ?? spec.abstract }
        let says = saying(words)
        var text = headed("OVERVIEW", abstract(spec)) + "\n"
        if let discussion = spec.discussion {
            text += "\n" + wrap(translated?.cli("help.discussion.\(spec.commandLine)") ?? discussion, width: 80, indent: "") + "\n"
        }
        let arguments = spec.arguments.map(\.synopsis).joined(separator: " ")
        let usageTail = subcommands.isEmpty ? (arguments.isEmpty ? "" : " " + arguments) : spec.path.isEmpty ? " <command>" : runsAlone ? " [<subcommand>]" : " <subcommand>"
        let usage = spec.path.isEmpty
            ? "\(spec.commandLine) [--db <PATH>] [--profile <ID>]\(usageTail) [<options>]"
            : "\(spec.commandLine)\(usageTail)\(spec.options.isEmpty ? "" : " [<options>]")"
        text += "\n" + headed("USAGE", usage) + "\n"
        if !spec.arguments.isEmpty {
            text += "\n\(heading("ARGUMENTS"))\n"
            text += rows(spec.arguments.map { ("<\($0.name)>", says($0.help)) })
        }
        text += "\n\(heading("OPTIONS"))\n"
        text += rows(spec.allOptions.map { ($0.spec.synopsis, says($0.spec.help)) })
        if !subcommands.isEmpty {
            let word = spec.path.isEmpty ? "command" : "subcommand"
            text += "\n" + heading(spec.path.isEmpty ? "COMMANDS" : "SUBCOMMANDS") + "\n"
            text += rows(subcommands.map { ($0.path.last ?? "", abstract($0)) })
            let details = "'\(spec.commandLine) <\(word)> --help'"
            text += "\n  " + (translated?.cli("help.details", ["command": details]) ?? "See \(details) for details.") + "\n"
        }
        let examples = examples(of: spec, words: words)
        if !examples.isEmpty {
            text += "\n\(heading("EXAMPLES"))\n" + examples.map { "  \($0)\n" }.joined()
        }
        return text
    }

    /// The examples of `spec` in the words of `words`: the top level's from its translation,
    /// other commands' as written, with what a described one does (after three spaces) in words.
    package static func examples(of spec: CommandSpec, words: StringTable?) -> [String] {
        let translated = translation(words)
        let says = saying(words)
        // The top level's examples say what they do, in words.
        var examples = spec.examples
        if spec.path.isEmpty, let translated {
            examples = translated.cli("help.examples").split(separator: "\n").map(String.init)
        } else if translated != nil {
            // A command line is shown as written; what it does (after three spaces) is said in words.
            let parts = examples.map { example -> (String, String?) in
                guard let gap = example.firstRange(of: "   ") else { return (example, nil) }
                return (String(example[..<gap.lowerBound]), String(example[gap.upperBound...].drop { $0 == " " }))
            }
            let width = parts.filter { $0.1 != nil }.map { $0.0.count }.max() ?? 0
            examples = parts.map { command, meaning in meaning.map { command.padding(width) + "   " + says($0) } ?? command }
        }
        return examples
    }

    /// The table help's translations come from: nil in English, whose words are the specs'.
    private static func translation(_ words: StringTable?) -> StringTable? {
        words.flatMap { $0.language == .english ? nil : $0 }
    }

    /// A help text in the words of `words`: the English itself, or its translation keyed by it.
    package static func saying(_ words: StringTable?) -> (String) -> String {
        let translated = translation(words)
        return { english in translated?.cli("help.text.\(english)") ?? english }
    }

    /// Two columns: names padded to a common width, help wrapped to 80 columns on the right.
    package static func rows(_ items: [(String, String)]) -> String {
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
    package static func wrap(_ text: String, width: Int, indent: String) -> String {
        text.wrappedLines(firstWidth: width - indent.count, laterWidth: width - indent.count).joined(separator: "\n" + indent)
    }
}
