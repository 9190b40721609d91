/// What a shell completes for an option's value or an argument: fixed words, a file, or the
/// ids of profiles, tags or events in the log in use.
package enum ValueCompletion: Sendable, Equatable {
    case nothing
    case words([String])
    case file
    case profiles
    case tags
    case events
    /// The latest readings' ids, each with its date and values for a shell that shows them.
    case readings

    /// The kind `healthlog completions --ids KIND` lists, for the ids of the log in use.
    package var idKind: String? {
        switch self {
        case .profiles: "profiles"
        case .tags: "tags"
        case .events: "events"
        case .readings: "readings"
        case .nothing, .words, .file: nil
        }
    }
}

/// One option a command accepts, from which parsing, help, the manual page and the shell
/// completions are made.
package struct OptionSpec: Sendable {
    /// The long name with dashes, e.g. `--tag`.
    package let long: String
    /// The short name with a dash, e.g. `-t`.
    package let short: String?
    /// The value's placeholder, e.g. `ID`; nil for a flag that takes no value.
    package let valueName: String?
    package let help: String
    /// True when the option may be given more than once.
    package let repeatable: Bool
    /// What a shell completes for the value.
    package var completion: ValueCompletion = .nothing

    package init(_ long: String, short: String? = nil, value: String? = nil, repeatable: Bool = false, help: String) {
        self.long = long
        self.short = short
        self.valueName = value
        self.help = help
        self.repeatable = repeatable
    }

    /// `-t, --tag <ID>`.
    package var synopsis: String {
        let names = [short, long].compactMap { $0 }.joined(separator: ", ")
        return valueName.map { "\(names) <\($0)>" } ?? names
    }
}

/// One positional argument.
package struct ArgumentSpec: Sendable {
    package let name: String
    package let help: String
    package let isOptional: Bool
    package let isVariadic: Bool
    /// What a shell completes here.
    package let completion: ValueCompletion

    package init(_ name: String, optional: Bool = false, variadic: Bool = false, completing completion: ValueCompletion = .nothing, help: String) {
        self.name = name
        self.help = help
        self.isOptional = optional
        self.isVariadic = variadic
        self.completion = completion
    }

    package var synopsis: String {
        let core = isVariadic ? "<\(name)> ..." : "<\(name)>"
        return isOptional ? "[\(core)]" : core
    }
}

/// Everything the parser and the help text know about one command.
package struct CommandSpec: Sendable {
    /// The words that name the command, e.g. `["profile", "add"]`.
    package let path: [String]
    package let abstract: String
    package let arguments: [ArgumentSpec]
    package let options: [any OptionDeclaration]
    package let examples: [String]
    package let discussion: String?

    package init(
        _ path: [String], abstract: String, arguments: [ArgumentSpec] = [], options: [any OptionDeclaration] = [],
        examples: [String] = [], discussion: String? = nil
    ) {
        self.path = path
        self.abstract = abstract
        self.arguments = arguments
        self.options = options
        self.examples = examples
        self.discussion = discussion
    }

    /// `healthlog profile add`; `healthlog` for the top level, whose path is empty.
    package var commandLine: String { (["healthlog"] + path).joined(separator: " ") }

    /// Options every command accepts, wherever they appear.
    package static let globalOptions: [any OptionDeclaration] = [GlobalOptions.database, GlobalOptions.profile, GlobalOptions.noSync, GlobalOptions.color, GlobalOptions.help]

    /// Commands about the whole log, or no log: a profile means nothing to them, so `-p` is not
    /// offered after them (before the command it is still read, and means nothing).
    package static let profileFree: Set<String> = ["check", "backup", "restore", "sync", "serve", "tag", "config", "classify", "completions", "manpage"]

    /// This command's options and the global ones.
    package var allOptions: [any OptionDeclaration] {
        guard let root = path.first else { return options }
        var global = CommandSpec.profileFree.contains(root) ? CommandSpec.globalOptions.filter { $0.spec.long != GlobalOptions.profile.spec.long } : CommandSpec.globalOptions
        // A command's own option of the same name comes first: `tag add --color '#E67E22'` is the
        // tag's colour (there `--color` for the terminal goes before the command).
        global.removeAll { option in options.contains { $0.spec.long == option.spec.long } }
        return options + global
    }
}
