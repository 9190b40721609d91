package import HealthCore

/// One setting the configuration file may hold: its name there, the environment variable that
/// overrides it, and the values it takes. The program declares its settings; the toolkit reads,
/// checks and writes them.
package struct ConfigurationKey: Sendable {
    /// The name in the file and in `healthlog config`.
    package let name: String
    /// The environment variable that overrides the file (the command-line option overrides both).
    package let variable: String
    /// The command-line option that overrides both, as help shows it.
    package let option: String
    /// What the setting does, for `config list`, help and the manual.
    package let help: String
    /// The values it takes, in words.
    package let values: String
    /// Nil when `value` is acceptable, else why not.
    package let problem: @Sendable (String) -> Phrase?
    /// The value in force when neither the environment nor the file sets it, and where it
    /// comes from, given the environment and the language in force.
    package let standard: @Sendable (_ environment: [String: String], _ language: Language) -> (value: String, source: SettingInForce.Source)

    package init(
        name: String, variable: String, option: String, help: String, values: String,
        standard: @escaping @Sendable (_ environment: [String: String], _ language: Language) -> (value: String, source: SettingInForce.Source),
        problem: @escaping @Sendable (String) -> Phrase?
    ) {
        self.name = name
        self.variable = variable
        self.option = option
        self.help = help
        self.values = values
        self.standard = standard
        self.problem = problem
    }

    /// Why `value`, given for the setting as `name` (a key or its variable), cannot be used:
    /// `guideline 'x' is not a guideline; use esh, aha, china or esc`; nil when it can.
    package func refusal(of value: String, named name: String, words: StringTable?) -> Phrase? {
        guard let problem = problem(value) else { return nil }
        return Phrase(
            "{name} '{value}' is {problem}; use {values}", ["name": name, "value": value, "values": HelpFormatter.saying(words)(values)],
            terms: ["problem": problem])
    }
}

extension [ConfigurationKey] {
    /// The setting called `name`; nil when there is none.
    package func named(_ name: String) -> ConfigurationKey? { first { $0.name == name } }

    /// "unknown setting 'colour' (did you mean 'color'?); settings: …", wherever a key is read.
    package func unknown(_ name: String) -> Phrase {
        let names = map(\.name)
        let list = names.joined(separator: ", ")
        if let meant = Suggestion.nearest(to: name, among: names) {
            return Phrase("unknown setting '{name}' (did you mean '{meant}'?); settings: {list}", ["name": name, "meant": meant, "list": list])
        }
        return Phrase("unknown setting '{name}'; settings: {list}", ["name": name, "list": list])
    }
}
