/// The options and positionals of one invocation, checked against a ``CommandSpec``.
struct ParsedArguments {
    var positionals: [String] = []
    /// Values by long option name, in the order given.
    var values: [String: [String]] = [:]
    var spec: CommandSpec

    /// The last value given for `long`, or nil.
    func value(_ long: String) -> String? { values[long]?.last }

    /// Every value given for `long`.
    func all(_ long: String) -> [String] { values[long] ?? [] }

    /// True when the flag `long` was given.
    func flag(_ long: String) -> Bool { values[long] != nil }

    /// A usage error for this command.
    func usage(_ message: String) -> CLIError { .usage(message, command: spec.commandLine) }

    /// True for `--format json`, false for `--format text` or none; anything else is an error.
    func wantsJSON() throws(CLIError) -> Bool {
        let format = value("--format") ?? "text"
        guard format == "text" || format == "json" else { throw .data("--format '\(format)' is not text or json") }
        return format == "json"
    }

    /// `--dpi`, 50–600, default 150.
    func dpi() throws(CLIError) -> Int {
        try parsed("--dpi", as: "a resolution from 50 to 600") { Int($0).flatMap { (50...600).contains($0) ? $0 : nil } } ?? 150
    }

    /// The value of `long` parsed by `transform`, with an error quoting the bad value.
    func parsed<T>(_ long: String, as what: String, _ transform: (String) -> T?) throws(CLIError) -> T? {
        guard let text = value(long) else { return nil }
        guard let result = transform(text) else {
            throw .data("\(long) '\(text)' is not \(what)")
        }
        return result
    }
}

/// Turns argv into ``ParsedArguments``: `--x v`, `--x=v`, `-x v`, flags, and `--` to end options.
enum ArgumentParser {
    static func parse(_ arguments: [String], spec: CommandSpec) throws(CLIError) -> ParsedArguments {
        var parsed = ParsedArguments(spec: spec)
        let options = spec.allOptions
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" || isNegativeNumber(argument) {
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
                throw parsed.usage("unknown option '\(name)'")
            }
            guard let valueName = option.valueName else {
                if inlineValue != nil { throw parsed.usage("'\(option.long)' takes no value") }
                parsed.values[option.long, default: []].append("")
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !isOption(arguments[index], among: options) {
                value = arguments[index]
                index += 1
            } else {
                throw parsed.usage("missing value for '\(option.long) <\(valueName)>'")
            }
            if !option.repeatable, parsed.values[option.long] != nil {
                throw parsed.usage("'\(option.long)' is given more than once")
            }
            parsed.values[option.long, default: []].append(value)
        }
        if parsed.flag("--help") { return parsed }
        try checkPositionals(parsed)
        return parsed
    }

    private static func checkPositionals(_ parsed: ParsedArguments) throws(CLIError) {
        let specs = parsed.spec.arguments
        let required = specs.filter { !$0.isOptional }.count
        if parsed.positionals.count < required {
            let missing = specs[parsed.positionals.count]
            throw parsed.usage("missing <\(missing.name)>")
        }
        if !(specs.last?.isVariadic ?? false), parsed.positionals.count > specs.count {
            throw parsed.usage("unexpected argument '\(parsed.positionals[specs.count])'")
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
