/// A command line's words told apart before parsing, for a hint that repeats what was typed:
/// the positional words, and the options each with the value that follows it (a value holding
/// a space quoted, as it would be typed again). `--` counts as a positional word.
package struct TypedWords: Equatable {
    package var positionals: [String] = []
    package var options: [String] = []

    package init(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            guard word.hasPrefix("-"), word != "--" else {
                positionals.append(word)
                continue
            }
            options.append(word)
            if !word.contains("="), index < arguments.count, !arguments[index].hasPrefix("-") {
                options.append(arguments[index].contains(" ") ? "'\(arguments[index])'" : arguments[index])
                index += 1
            }
        }
    }

    /// True when help was asked for (`-h`, `--help`).
    package var asksForHelp: Bool { options.contains { $0 == "-h" || $0 == "--help" } }
}
