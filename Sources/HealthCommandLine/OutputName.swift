package import HealthCore

/// Output names: the format an `-o` name's extension picks, and the default name.
package enum OutputName {
    /// `base.ext`, or the first of `base-2.ext`, `base-3.ext` … that names no file: a default
    /// name never replaces a file (a report in the other language, or an earlier one); only a
    /// name given with `-o` does. `pages`: PNG pages are written as `base-1.png`, `base-2.png` ….
    package static func unused(_ base: String, _ ext: String, pages: Bool) -> String {
        var number = 1
        while true {
            let stem = number == 1 ? base : "\(base)-\(number)"
            let taken = FileSystem.exists("\(stem).\(ext)") || (pages && FileSystem.exists("\(stem)-1.\(ext)"))
            if !taken { return "\(stem).\(ext)" }
            number += 1
        }
    }

    /// `--format` when given (it must agree with the name's extension), else the extension's
    /// format, else `fallback`. An extension naming no format of this command is a usage error.
    package static func format<Format: RawRepresentable & CaseIterable>(
        given: Format?, output: String?, default fallback: Format, arguments: ParsedArguments, otherwise: Phrase
    ) throws(CLIError) -> Format where Format.RawValue == String {
        var fromName: Format?
        if let output, output != "-", let dot = output.lastIndex(of: "."), !output[dot...].contains("/") {
            let ext = output[output.index(after: dot)...].lowercased()
            fromName = Format.allCases.first { $0.rawValue == ext }
            if fromName == nil && ["png", "svg", "pdf"].contains(ext) {
                throw arguments.usage(Phrase("-o {output}: {otherwise}", ["output": output], terms: ["otherwise": otherwise]))
            }
        }
        if let given, let fromName, given != fromName {
            throw arguments.usage(Phrase("-o {output} names a .{fromName} file but --format is {given}", ["output": "\(output!)", "fromName": "\(fromName.rawValue)", "given": "\(given.rawValue)"]))
        }
        return given ?? fromName ?? fallback
    }
}
