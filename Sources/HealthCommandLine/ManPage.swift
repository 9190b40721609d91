package import HealthCore

/// `healthlog(1)` in roff, made from the same command specs as `--help`, so the manual page
/// cannot drift from the program. `healthlog manpage` prints it in the command line's language
/// (with `words`, from the same translations as help); `make install` installs the English one.
package enum ManPage {
    /// The page of `program`, in the words of `words` (English without them).
    package static func roff(_ program: ProgramSpec, words: StringTable? = nil) -> String {
        let version = program.version
        let translated = words.flatMap { $0.language == .english ? nil : $0 }
        let says = HelpFormatter.saying(words)
        let heading = { (english: String) in escaped(translated?.cli("help.man.heading.\(english)") ?? english) }
        let name = translated?.cli("help.man.name") ?? "a blood-pressure log for families, with reports for the doctor"
        let description = translated?.cli("help.man.description")
            ?? "Readings (systolic/diastolic, pulse, weight, status tags and a note) are kept in one SQLite file with a profile per family member; healthlog report draws an A4 PDF for a clinic visit."
        let abstract = { (spec: CommandSpec) in translated?.cli("help.abstract.\(spec.commandLine)") ?? spec.abstract }
        var page = """
            .TH HEALTHLOG 1 "" "healthlog \(escaped(version))" "\(heading("User Commands"))"
            .SH \(heading("NAME"))
            healthlog \\- \(escaped(name))
            .SH \(heading("SYNOPSIS"))
            .B healthlog
            [\\fB\\-\\-db\\fR \\fIPATH\\fR] [\\fB\\-p\\fR \\fIID\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR]
            .br
            .B healthlog \\-\\-version
            .SH \(heading("DESCRIPTION"))
            \(escaped(abstract(program.top)))
            \(escaped(description))

            """
        page += ".SH \(heading("GLOBAL OPTIONS"))\n" + options(CommandSpec.globalOptions + [GlobalOptions.version], says: says)
        page += ".SH \(heading("COMMANDS"))\n"
        for spec in program.commands {
            page += ".SS \"\(escaped(spec.commandLine))\"\n"
            let arguments = spec.arguments.map { escaped($0.synopsis) }.joined(separator: " ")
            page += ".B \(escaped(spec.commandLine))\n" + (arguments.isEmpty ? "" : arguments + "\n") + (spec.options.isEmpty ? "" : "[\\fIOPTIONS\\fR]\n")
            page += ".PP\n\(escaped(abstract(spec)))\n"
            if let discussion = spec.discussion {
                page += ".PP\n\(escaped(translated?.cli("help.discussion.\(spec.commandLine)") ?? discussion))\n"
            }
            for argument in spec.arguments {
                page += ".TP\n.I \(escaped(argument.name))\n\(escaped(says(argument.help)))\n"
            }
            page += options(spec.options, says: says)
            let examples = HelpFormatter.examples(of: spec, words: words)
            if !examples.isEmpty {
                page += ".PP\n\(heading("Examples:"))\n.PP\n.RS\n.nf\n" + examples.map { escaped($0) + "\n" }.joined() + ".fi\n.RE\n"
            }
        }
        page += ".SH \(heading("EXIT STATUS"))\n"
        for (code, meaning) in ProgramFacts.exitCodes { page += ".TP\n.B \(code)\n\(escaped(says(meaning)))\n" }
        page += ".SH \(heading("ENVIRONMENT"))\n"
        for (name, meaning) in ProgramFacts.environment { page += ".TP\n.B \(escaped(name))\n\(escaped(says(meaning)))\n" }
        page += ".SH \(heading("FILES"))\n"
        for (path, meaning) in ProgramFacts.files { page += ".TP\n.I \(escaped(path))\n\(escaped(says(meaning)))\n" }
        page += ".SH \(heading("SEE ALSO"))\n\\fBsqlite3\\fR(1), \\fBpdftoppm\\fR(1)\n"
        return page
    }

    private static func options(_ declarations: [any OptionDeclaration], says: (String) -> String) -> String {
        declarations.map { declaration in
            let spec = declaration.spec
            let names = [spec.short, spec.long].compactMap { $0 }.map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
            let value = spec.valueName.map { " \\fI\(escaped($0))\\fR" } ?? ""
            return ".TP\n\(names)\(value)\n\(escaped(says(spec.help)))\n"
        }.joined()
    }

    /// Text safe in roff: backslashes doubled, hyphens as `\-`, and no line starting with a
    /// control character (`.` or `'`).
    package static func escaped(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}

