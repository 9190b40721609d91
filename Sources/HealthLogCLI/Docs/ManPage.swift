import HealthCore

/// `healthlog(1)` in roff, made from the same command specs as `--help`, so the manual page
/// cannot drift from the program. `healthlog manpage` prints it; `make install` installs it.
enum ManPage {
    static func roff(version: String) -> String {
        var page = """
            .TH HEALTHLOG 1 "" "healthlog \(escaped(version))" "User Commands"
            .SH NAME
            healthlog \\- a blood\\-pressure log for families, with reports for the doctor
            .SH SYNOPSIS
            .B healthlog
            [\\fB\\-\\-db\\fR \\fIPATH\\fR] [\\fB\\-p\\fR \\fIID\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR]
            .br
            .B healthlog \\-\\-version
            .SH DESCRIPTION
            \(escaped(HealthLogMain.spec.abstract))
            Readings (systolic/diastolic, pulse, weight, status tags and a note) are kept in one SQLite
            file with a profile per family member; \\fBhealthlog report\\fR draws an A4 PDF for a clinic visit.

            """
        page += ".SH GLOBAL OPTIONS\n" + options(CommandSpec.globalOptions + [Options.version])
        page += ".SH COMMANDS\n"
        for command in CommandRegistry.commands {
            let spec = command.spec
            page += ".SS \"\(escaped(spec.commandLine))\"\n"
            let arguments = spec.arguments.map { escaped($0.synopsis) }.joined(separator: " ")
            page += ".B \(escaped(spec.commandLine))\n" + (arguments.isEmpty ? "" : arguments + "\n") + (spec.options.isEmpty ? "" : "[\\fIOPTIONS\\fR]\n")
            page += ".PP\n\(escaped(spec.abstract))\n"
            if let discussion = spec.discussion { page += ".PP\n\(escaped(discussion))\n" }
            for argument in spec.arguments {
                page += ".TP\n.I \(escaped(argument.name))\n\(escaped(argument.help))\n"
            }
            page += options(spec.options)
            if !spec.examples.isEmpty {
                page += ".PP\nExamples:\n.PP\n.RS\n.nf\n" + spec.examples.map { escaped($0) + "\n" }.joined() + ".fi\n.RE\n"
            }
        }
        page += ".SH EXIT STATUS\n"
        for (code, meaning) in ProgramFacts.exitCodes { page += ".TP\n.B \(code)\n\(escaped(meaning))\n" }
        page += ".SH ENVIRONMENT\n"
        for (name, meaning) in ProgramFacts.environment { page += ".TP\n.B \(escaped(name))\n\(escaped(meaning))\n" }
        page += ".SH FILES\n"
        for (path, meaning) in ProgramFacts.files { page += ".TP\n.I \(escaped(path))\n\(escaped(meaning))\n" }
        page += ".SH SEE ALSO\n\\fBsqlite3\\fR(1), \\fBpdftoppm\\fR(1)\n"
        return page
    }

    private static func options(_ declarations: [any OptionDeclaration]) -> String {
        declarations.map { declaration in
            let spec = declaration.spec
            let names = [spec.short, spec.long].compactMap { $0 }.map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
            let value = spec.valueName.map { " \\fI\(escaped($0))\\fR" } ?? ""
            return ".TP\n\(names)\(value)\n\(escaped(spec.help))\n"
        }.joined()
    }

    /// Text safe in roff: backslashes doubled, hyphens as `\-`, and no line starting with a
    /// control character (`.` or `'`).
    static func escaped(_ text: String) -> String {
        let body = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        return body.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line)
        }.joined(separator: "\n")
    }
}
