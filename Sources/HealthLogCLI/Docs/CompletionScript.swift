/// Shell completion scripts for bash, zsh and fish, made from the command specs: commands,
/// subcommands, options, option values (`--format`, `--guideline`, `--lang`, `--template` …),
/// files, and the ids of profiles, tags and events, which the scripts ask the program for
/// (`healthlog completions --ids profiles`) from the log named on the line being completed.
enum CompletionScript {
    enum Shell: String, CaseIterable, Sendable { case bash, zsh, fish }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    // MARK: - The model the three scripts share

    /// Every command's path joined by spaces ("profile add"), with its spec.
    private static var commands: [(name: String, spec: CommandSpec)] {
        CommandRegistry.commands.map { ($0.spec.path.joined(separator: " "), $0.spec) }
    }

    /// The commands and, named "", the top level (whose options come before a command).
    private static var commandsAndTop: [(name: String, spec: CommandSpec)] { [("", HealthLogMain.spec)] + commands }

    private static var topWords: [String] {
        var words: [String] = []
        for command in CommandRegistry.commands where !words.contains(command.spec.path[0]) { words.append(command.spec.path[0]) }
        return words + ["help"]
    }

    private static var groups: [(name: String, subcommands: [String])] {
        CommandRegistry.groups.map { ($0.spec.path[0], $0.subcommands.compactMap { $0.spec.path.last }) }
    }

    private static func optionNames(_ spec: CommandSpec) -> [String] {
        spec.allOptions.flatMap { [$0.spec.long] + ($0.spec.short.map { [$0] } ?? []) }
    }

    /// The option names that take a value, anywhere: the word after one is never a command.
    private static var valueOptions: [String] {
        var names: [String] = []
        for command in CommandRegistry.commands {
            for option in command.spec.allOptions where option.spec.valueName != nil {
                for name in [option.spec.long] + (option.spec.short.map { [$0] } ?? []) where !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// A shell word list, quoted for any of the three shells.
    private static func quoted(_ words: [String]) -> String {
        words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }

    /// The three `case` tables bash and zsh share, in a shell's own spelling: the values of
    /// the option before the cursor, each command's option names, and its arguments by position.
    private static func caseTables(
        pattern: (String) -> String, caseOn: (String) -> String, values: (ValueCompletion) -> String,
        optionList: ([String]) -> String
    ) -> (options: String, optionLists: String, arguments: String) {
        var optionCases = ""
        var optionLists = ""
        var argumentCases = ""
        for (name, spec) in commandsAndTop {
            var valueCases = ""
            for option in spec.allOptions where option.spec.valueName != nil {
                let names = ([option.spec.long] + (option.spec.short.map { [$0] } ?? [])).joined(separator: "|")
                valueCases += "            \(pattern(names)) \(values(option.spec.completion)) ;;\n"
            }
            optionCases += "        \(pattern("'\(name)'"))\n            \(caseOn("prev"))\n\(valueCases)            esac ;;\n"
            guard !name.isEmpty else { continue }
            optionLists += "        \(pattern("'\(name)'")) \(optionList(optionNames(spec))) ;;\n"
            if !spec.arguments.isEmpty {
                let positions = spec.arguments.enumerated().map { index, argument in
                    "                \(pattern(index == spec.arguments.count - 1 ? "*" : "\(index)")) \(values(argument.completion)) ;;\n"
                }.joined()
                argumentCases += "        \(pattern("'\(name)'"))\n            \(caseOn("position"))\n\(positions)            esac ;;\n"
            }
        }
        return (optionCases, optionLists, argumentCases)
    }

    // MARK: - bash

    private static func bashValues(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing: "return 0"
        case .words(let words): "COMPREPLY=($(compgen -W \(quoted([words.joined(separator: " ")])) -- \"$cur\")); return 0"
        case .file: "COMPREPLY=($(compgen -f -- \"$cur\")); compopt -o filenames 2>/dev/null; return 0"
        case .profiles, .tags, .events:
            "COMPREPLY=($(compgen -W \"$(healthlog \"${scope[@]}\" completions --ids \(completion.idKind!) 2>/dev/null)\" -- \"${cur##*,}\")); return 0"
        }
    }

    private static func bash() -> String {
        let (optionCases, optionLists, argumentCases) = caseTables(
            pattern: { "\($0))" }, caseOn: { "case \"$\($0)\" in" }, values: bashValues,
            optionList: { "options=\(quoted([$0.joined(separator: " ")]))" })
        let groupCases = groups.map { "        \($0.name)) subcommands=\(quoted([$0.subcommands.joined(separator: " ")])) ;;\n" }.joined()
        return """
            # bash completion for healthlog; made by `healthlog completions bash`.
            _healthlog() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                local command="" position=0 i word scope=() options="" subcommands=""
                local values=" \(valueOptions.joined(separator: " ")) "
                for ((i = 1; i < COMP_CWORD; i++)); do
                    word="${COMP_WORDS[i]}"
                    if [[ "$word" == --db || "$word" == -p || "$word" == --profile ]]; then scope+=("$word" "${COMP_WORDS[i+1]}"); fi
                    if [[ "$values" == *" $word "* ]]; then ((i++)); continue; fi
                    [[ "$word" == -* ]] && continue
                    if [[ -z "$command" ]]; then command="$word"
                    else
                        case "$command" in
            \(groupCases)            esac
                        if [[ -n "$subcommands" && "$command" != *" "* && " $subcommands " == *" $word "* ]]; then command="$command $word"
                        else ((position++)); fi
                    fi
                done
                if [[ -n "$command" && "$command" != *" "* ]]; then
                    case "$command" in
            \(groupCases)        esac
                    if [[ -n "$subcommands" ]]; then COMPREPLY=($(compgen -W "$subcommands" -- "$cur")); return 0; fi
                fi
                case "$command" in
            \(optionCases)    esac
                if [[ -z "$command" ]]; then
                    if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W '--db --profile -p --version -V --help -h' -- "$cur"))
                    else COMPREPLY=($(compgen -W \(quoted([topWords.joined(separator: " ")])) -- "$cur")); fi
                    return 0
                fi
                if [[ "$cur" == -* ]]; then
                    case "$command" in
            \(optionLists)        esac
                    COMPREPLY=($(compgen -W "$options" -- "$cur")); return 0
                fi
                case "$command" in
            \(argumentCases)    esac
            }
            complete -F _healthlog healthlog

            """
    }

    // MARK: - zsh

    private static func zshValues(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing: "return 0"
        case .words(let words): "compadd -- \(quoted(words)); return 0"
        case .file: "_files; return 0"
        case .profiles, .tags, .events: "compadd -- ${(f)\"$(healthlog $scope completions --ids \(completion.idKind!) 2>/dev/null)\"}; return 0"
        }
    }

    private static func zsh() -> String {
        let (optionCases, optionLists, argumentCases) = caseTables(
            pattern: { "(\($0))" }, caseOn: { "case $\($0) in" }, values: zshValues, optionList: { "compadd -- \(quoted($0))" })
        let groupCases = groups.map { "        (\($0.name)) subcommands=(\(quoted($0.subcommands))) ;;\n" }.joined()
        return """
            #compdef healthlog
            # zsh completion for healthlog; made by `healthlog completions zsh`.
            _healthlog() {
                local cur=${words[CURRENT]} prev=${words[CURRENT-1]} command="" word
                local -i position=0 i
                local -a subcommands values scope
                values=(\(quoted(valueOptions)))
                for (( i = 2; i < CURRENT; i++ )); do
                    word=${words[i]}
                    if [[ $word == --db || $word == -p || $word == --profile ]]; then scope+=($word ${words[i+1]}); fi
                    if (( ${values[(Ie)$word]} )); then (( i++ )); continue; fi
                    [[ $word == -* ]] && continue
                    if [[ -z $command ]]; then command=$word
                    else
                        subcommands=()
                        case $command in
            \(groupCases)            esac
                        if [[ $command != *" "* ]] && (( ${subcommands[(Ie)$word]} )); then command="$command $word"
                        else (( position++ )); fi
                    fi
                done
                if [[ -n $command && $command != *" "* ]]; then
                    subcommands=()
                    case $command in
            \(groupCases)        esac
                    if (( ${#subcommands} )); then compadd -- $subcommands; return 0; fi
                fi
                case $command in
            \(optionCases)    esac
                if [[ -z $command ]]; then
                    if [[ $cur == -* ]]; then compadd -- --db --profile -p --version -V --help -h
                    else compadd -- \(quoted(topWords)); fi
                    return 0
                fi
                if [[ $cur == -* ]]; then
                    case $command in
            \(optionLists)        esac
                    return 0
                fi
                case $command in
            \(argumentCases)    esac
            }
            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then _healthlog "$@"; else compdef _healthlog healthlog; fi

            """
    }

    // MARK: - fish

    private static func fishValues(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing: "-x"
        case .words(let words): "-x -a \(quoted([words.joined(separator: " ")]))"
        case .file: "-r -F"
        case .profiles, .tags, .events: "-x -a '(__healthlog_ids \(completion.idKind!))'"
        }
    }

    private static func fish() -> String {
        let allGroups = groups
        var lines = """
            # fish completion for healthlog; made by `healthlog completions fish`.
            function __healthlog_ids
                set -l tokens (commandline -opc)
                set -l scope
                for i in (seq (count $tokens))
                    if contains -- $tokens[$i] --db -p --profile; and test $i -lt (count $tokens)
                        set -a scope $tokens[$i] $tokens[(math $i + 1)]
                    end
                end
                healthlog $scope completions --ids $argv[1] 2>/dev/null
            end
            complete -c healthlog -f
            complete -c healthlog -n __fish_use_subcommand -a \(quoted([topWords.joined(separator: " ")]))

            """
        for group in allGroups {
            let subs = group.subcommands.joined(separator: " ")
            lines += "complete -c healthlog -n '__fish_seen_subcommand_from \(group.name); and not __fish_seen_subcommand_from \(subs)' -a \(quoted([subs]))\n"
        }
        for (_, spec) in commands {
            let condition: String
            if spec.path.count == 2 {
                condition = "__fish_seen_subcommand_from \(spec.path[0]); and __fish_seen_subcommand_from \(spec.path[1])"
            } else {
                condition = "__fish_seen_subcommand_from \(spec.path[0]); and not __fish_seen_subcommand_from \(allGroups.map(\.name).joined(separator: " "))"
            }
            for option in spec.allOptions {
                var line = "complete -c healthlog -n '\(condition)' -l \(option.spec.long.dropFirst(2))"
                if let short = option.spec.short { line += " -s \(short.dropFirst())" }
                if option.spec.valueName != nil { line += " " + fishValues(option.spec.completion) }
                line += " -d \(quoted([String(option.spec.help.prefix(60))]))"
                lines += line + "\n"
            }
            if let argument = spec.arguments.first(where: { $0.completion != .nothing }) {
                switch argument.completion {
                case .file: lines += "complete -c healthlog -n '\(condition)' -F\n"
                case .profiles, .tags, .events: lines += "complete -c healthlog -n '\(condition)' -x -a '(__healthlog_ids \(argument.completion.idKind!))'\n"
                case .words(let words): lines += "complete -c healthlog -n '\(condition)' -x -a \(quoted([words.joined(separator: " ")]))\n"
                case .nothing: break
                }
            }
        }
        lines += "complete -c healthlog -n __fish_use_subcommand -l version -s V -d 'Show the version.'\n"
        return lines
    }
}
