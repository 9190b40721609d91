/// Anything a command can declare: an option that takes a value, or a flag.
package protocol OptionDeclaration: Sendable {
    /// Its names and help, from which both the parser and the help are made.
    var spec: OptionSpec { get }
    /// What a good value looks like, for the error; nil for a flag or free text.
    var expectedValue: String? { get }
}

/// An option with a value, declared once: its names and help, and how its text becomes a
/// typed value. Commands read it with ``ParsedArguments/value(_:)``, so a mistyped option
/// does not compile, and a value that does not convert is refused with one message.
package struct Option<Value>: OptionDeclaration {
    package private(set) var spec: OptionSpec
    /// What a good value looks like, for the error: "a resolution from 50 to 600".
    package let expected: String
    package let convert: @Sendable (String) -> Value?

    package var expectedValue: String? { expected == "text" ? nil : expected }

    package init(
        _ long: String, short: String? = nil, value: String, repeatable: Bool = false, help: String, expected: String,
        convert: @escaping @Sendable (String) -> Value?
    ) {
        spec = OptionSpec(long, short: short, value: value, repeatable: repeatable, help: help)
        self.expected = expected
        self.convert = convert
    }

    /// The same option with help worded for one command; its names, conversion and completion stay.
    package func helping(_ help: String) -> Option<Value> {
        var copy = self
        copy.spec = OptionSpec(spec.long, short: spec.short, value: spec.valueName, repeatable: spec.repeatable, help: help)
        copy.spec.completion = spec.completion
        return copy
    }

    /// The same option, whose value a shell completes with `completion`.
    package func completing(_ completion: ValueCompletion) -> Option<Value> {
        var copy = self
        copy.spec.completion = completion
        return copy
    }
}

extension Option where Value == String {
    /// An option whose value is any text.
    package init(_ long: String, short: String? = nil, value: String, repeatable: Bool = false, help: String) {
        self.init(long, short: short, value: value, repeatable: repeatable, help: help, expected: "text") { $0 }
    }
}

extension Option where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
    /// An option whose value is one of `choices` (by default every case), named as written;
    /// `expected` words the error ("a period (morning, noon or evening)"), else the choices do.
    package init(
        _ long: String, short: String? = nil, value: String, repeatable: Bool = false, help: String,
        choices: [Value] = Array(Value.allCases), expected: String? = nil
    ) {
        self.init(
            long, short: short, value: value, repeatable: repeatable, help: help,
            expected: expected ?? choiceList(choices.map(\.rawValue))
        ) { text in
            choices.first { $0.rawValue == text }
        }
        spec.completion = .words(choices.map(\.rawValue))
    }
}

/// `a, b or c`.
package func choiceList(_ names: [String]) -> String {
    names.count <= 1 ? names.joined() : "\(names.dropLast().joined(separator: ", ")) or \(names.last!)"
}

/// An option that takes no value.
package struct Flag: OptionDeclaration {
    package let spec: OptionSpec
    package var expectedValue: String? { nil }

    package init(_ long: String, short: String? = nil, help: String) {
        spec = OptionSpec(long, short: short, help: help)
    }
}

extension ParsedArguments {
    /// The last value given for `option`, converted; nil when it was not given.
    package func value<Value>(_ option: Option<Value>) throws(CLIError) -> Value? {
        guard let text = given(option)?.last else { return nil }
        return try convert(text, option)
    }

    /// Every value given for a repeatable `option`, in order.
    package func values<Value>(_ option: Option<Value>) throws(CLIError) -> [Value] {
        var result: [Value] = []
        for text in given(option) ?? [] { result.append(try convert(text, option)) }
        return result
    }

    /// The text given for `option`, unconverted.
    package func text<Value>(_ option: Option<Value>) -> String? { given(option)?.last }

    /// True when `flag` was given.
    package func isSet(_ flag: Flag) -> Bool { given(flag) != nil }

    /// True when `option` was given at all.
    package func isGiven(_ option: any OptionDeclaration) -> Bool { given(option) != nil }

    /// True when this command's spec declares `option` (the global `-p` is not everywhere).
    package func declares(_ option: any OptionDeclaration) -> Bool { spec.allOptions.contains { $0.spec.long == option.spec.long } }

    /// What was given for `option`, which the command must declare: an option left out of the
    /// spec would be refused as unknown and missing from the help, so reading one is a
    /// programming error, stopped here the first time any test runs the command.
    private func given(_ option: any OptionDeclaration) -> [String]? {
        let long = option.spec.long
        precondition(
            spec.allOptions.contains { $0.spec.long == long }, "\(spec.commandLine) reads \(long), which its spec does not declare")
        return given[long]
    }

    private func convert<Value>(_ text: String, _ option: Option<Value>) throws(CLIError) -> Value {
        guard let value = option.convert(text) else {
            // What an option takes is the spec's English, and another language's from its table.
            let expected = words.flatMap { $0.language == .english ? nil : $0.cli("help.text.\(option.expected)") } ?? option.expected
            throw usage(key: "error.notExpected", ["option": option.spec.long, "text": text, "expected": expected])
        }
        return value
    }
}
