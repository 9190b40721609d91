package import HealthCore

/// The options and positionals of one invocation, checked against a ``CommandSpec``. Read an
/// option's typed value with ``value(_:)`` (see `Option.swift`).
package struct ParsedArguments {
    package var positionals: [String] = []
    /// Values by long option name, in the order given; a flag has one empty value.
    package var given: [String: [String]] = [:]
    /// Words after the command word, when parsing stopped there (the top level).
    package var rest: [String] = []
    package var spec: CommandSpec
    /// The terminal's words, for the parser's own errors; nil when the Templates folder
    /// cannot be found.
    package var words: StringTable?

    /// A usage error for this command.
    package func usage(_ message: String) -> CLIError { .usage(message, command: spec.commandLine) }

    /// A usage error said by a ``Phrase``, in the terminal's words.
    package func usage(_ phrase: Phrase) -> CLIError { usage(say(phrase)) }

    /// `phrase` in the terminal's words (English when the Templates folder cannot be found).
    package func say(_ phrase: Phrase) -> String { phrase.said(in: words) }

    /// The positional at `index`; an empty one (`''`) is a usage error saying what to give.
    package func nonEmptyPositional(_ index: Int, _ empty: Phrase) throws(CLIError) -> String {
        guard !positionals[index].isEmpty else { throw usage(empty) }
        return positionals[index]
    }

    /// A usage error said by the string `cli.<key>`.
    package func usage(key: String, _ values: [String: String] = [:]) -> CLIError { usage(say(key, values)) }

    /// The string `cli.<key>` in the terminal's words.
    package func say(_ key: String, _ values: [String: String] = [:]) -> String {
        words?.cli(key, values)
            ?? "\(values.sorted { $0.key < $1.key }.map(\.value).joined(separator: " ")) (\(key); HealthLog's Templates folder, which says this in words, cannot be found)"
    }
}

/// Turns argv into ``ParsedArguments``: `--x v`, `--x=v`, `-x v`, flags, and `--` to end options.
/// The top level goes through it too, stopping at the command word.
package enum ArgumentParser {
    package static func parse(
        _ arguments: [String], spec: CommandSpec, stopAtFirstPositional: Bool = false, words: StringTable? = nil
    ) throws(CLIError) -> ParsedArguments {
        var parsed = ParsedArguments(spec: spec, words: words)
        let options = spec.allOptions.map(\.spec)
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" || isNegativeNumber(argument) {
                if stopAtFirstPositional {
                    parsed.rest = Array(arguments[(index - 1)...])
                    return parsed
                }
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.long == name || $0.short == name }) else {
                // `--formt`: the option most likely meant.
                let meant = name.hasPrefix("--") ? Suggestion.nearest(to: name, among: options.map(\.long)) : nil
                throw parsed.usage(parsed.say("error.unknownOption", ["option": name]) + (meant.map { parsed.say("error.didYouMean", ["meant": $0]) } ?? ""))
            }
            guard let valueName = option.valueName else {
                if inlineValue != nil { throw parsed.usage(key: "error.takesNoValue", ["option": option.long]) }
                parsed.given[option.long, default: []].append("")
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !isOption(arguments[index], among: options) {
                value = arguments[index]
                index += 1
            } else {
                throw parsed.usage(key: "error.missingValue", ["option": option.long + (stopAtFirstPositional ? "" : " <\(valueName)>")])
            }
            if !option.repeatable, parsed.given[option.long] != nil {
                throw parsed.usage(key: "error.givenTwice", ["option": option.long])
            }
            parsed.given[option.long, default: []].append(value)
        }
        if parsed.isSet(GlobalOptions.help) || stopAtFirstPositional { return parsed }
        try checkPositionals(parsed)
        return parsed
    }

    private static func checkPositionals(_ parsed: ParsedArguments) throws(CLIError) {
        let specs = parsed.spec.arguments
        let required = specs.filter { !$0.isOptional }.count
        if parsed.positionals.count < required {
            let missing = specs[parsed.positionals.count]
            throw parsed.usage(key: "error.missingArgument", ["argument": "<\(missing.name)>"])
        }
        if !(specs.last?.isVariadic ?? false), parsed.positionals.count > specs.count {
            throw parsed.usage(key: "error.unexpectedArgument", ["argument": parsed.positionals[specs.count]])
        }
    }

    /// True for a known option name, so `--note --tag x` reports a missing value.
    private static func isOption(_ text: String, among options: [OptionSpec]) -> Bool {
        guard text.hasPrefix("-"), text != "-", !isNegativeNumber(text) else { return false }
        let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
        return text == "--" || options.contains { $0.long == name || $0.short == name }
    }

    private static func isNegativeNumber(_ text: String) -> Bool {
        text.count > 1 && text.dropFirst().allSatisfy { $0.isNumber || $0 == "." }
    }
}
