package import HealthCore

/// Shell completion scripts for bash, zsh and fish, made from the command specs: commands,
/// subcommands, options, option values (`--format`, `--guideline`, `--lang`, `--template` …),
/// files, and the ids of profiles, tags and events, which the scripts ask the program for
/// (`healthlog completions --ids profiles`) from the log named on the line being completed.
package struct CompletionScript {
    package enum Shell: String, CaseIterable, Sendable { case bash, zsh, fish }

    /// The program the scripts complete.
    package let program: ProgramSpec

    package init(_ program: ProgramSpec) { self.program = program }

    /// The script for `shell`; fish shows each option's help, in the words of `words`.
    package func script(for shell: Shell, words: StringTable? = nil) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish(says: HelpFormatter.saying(words))
        }
    }

    // MARK: - The model the three scripts share

    /// Every command's path joined by spaces ("profile add"), with its spec.
    private var commands: [(name: String, spec: CommandSpec)] {
        program.commands.map { ($0.path.joined(separator: " "), $0) }
    }

    /// The commands and, named "", the top level (whose options come before a command).
    private var commandsAndTop: [(name: String, spec: CommandSpec)] { [("", program.top)] + commands }

    private var topWords: [String] {
        var words: [String] = []
        for command in program.commands where !words.contains(command.path[0]) { words.append(command.path[0]) }
        return words + ["help"]
    }

    private var groups: [(name: String, subcommands: [String])] {
        program.groups.map { ($0.spec.path[0], $0.subcommands.compactMap(\.path.last)) }
    }

    private func optionNames(_ spec: CommandSpec) -> [String] {
        spec.allOptions.flatMap { [$0.spec.long] + ($0.spec.short.map { [$0] } ?? []) }
    }

    /// The option names that take a value, anywhere: the word after one is never a command.
    private var valueOptions: [String] {
        var names: [String] = []
        for command in program.commands {
            for option in command.allOptions where option.spec.valueName != nil {
                for name in [option.spec.long] + (option.spec.short.map { [$0] } ?? []) where !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// A shell word list, quoted for any of the three shells.
    private func quoted(_ words: [String]) -> String {
        words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
    }

    /// The three `case` tables bash and zsh share, in a shell's own spelling: the values of
    /// the option before the cursor, each command's option names, and its arguments by position.
    private func caseTables(
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

    private func bashValues(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing: "return 0"
        case .words(let words): "__healthlog_words \(quoted([words.joined(separator: " ")])); return 0"
        case .file: "mapfile -t COMPREPLY < <(compgen -f -- \"$cur\"); compopt -o filenames 2>/dev/null; return 0"
        case .profiles, .tags, .events, .readings: "__healthlog_ids \(completion.idKind!); return 0"
        }
    }

    private func bash() -> String {
        let (optionCases, optionLists, argumentCases) = caseTables(
            pattern: { "\($0))" }, caseOn: { "case \"$\($0)\" in" }, values: bashValues,
            optionList: { "options=\(quoted([$0.joined(separator: " ")]))" })
        let groupCases = groups.map { "        \($0.name)) subcommands=\(quoted([$0.subcommands.joined(separator: " ")])) ;;\n" }.joined()
        return """
            # bash completion for healthlog; made by `healthlog completions bash`.
            # Words come from this script or from `healthlog completions --ids` (ids are letters,
            # digits and '-'); none is ever expanded or run by the shell.
            __healthlog_words() {
                mapfile -t COMPREPLY < <(compgen -W "$1" -- "$cur")
            }
            __healthlog_ids() {
                local prefix="" word="$cur" id
                # Tags are a comma list: complete the last one and keep the others.
                if [[ "$1" == tags && "$cur" == *,* ]]; then prefix="${cur%,*},"; word="${cur##*,}"; fi
                COMPREPLY=()
                while IFS= read -r id; do
                    # A reading's line is its id, a tab, and its date and values (for zsh and fish).
                    id="${id%%$'\t'*}"
                    [[ "$id" == "$word"* ]] && COMPREPLY+=("$prefix$id")
                done < <(healthlog "${scope[@]}" completions --ids "$1" 2>/dev/null)
            }
            _healthlog() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                local command="" position=0 i word value scope=() options="" subcommands=""
                local values=" \(valueOptions.joined(separator: " ")) "
                for ((i = 1; i < COMP_CWORD; i++)); do
                    word="${COMP_WORDS[i]}"
                    # The log and profile named on the line are the ones whose ids complete.
                    if [[ "$word" == --db=* ]]; then value="${word#--db=}"; scope+=(--db "${value/#\\~/$HOME}"); continue; fi
                    if [[ "$word" == --db || "$word" == -p || "$word" == --profile ]] && ((i + 1 < COMP_CWORD)); then
                        value="${COMP_WORDS[i+1]}"; scope+=("$word" "${value/#\\~/$HOME}")
                    fi
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
                if [[ "$command" == help ]]; then
                    ((position == 0)) && __healthlog_words \(quoted([topWords.filter { $0 != "help" }.joined(separator: " ")]))
                    return 0
                fi
                if [[ -n "$command" && "$command" != *" "* ]]; then
                    case "$command" in
            \(groupCases)        esac
                    if [[ -n "$subcommands" ]]; then __healthlog_words "$subcommands"; return 0; fi
                fi
                case "$command" in
            \(optionCases)    esac
                if [[ -z "$command" ]]; then
                    if [[ "$cur" == -* ]]; then __healthlog_words '--db --profile -p --version -V --help -h'
                    else __healthlog_words \(quoted([topWords.joined(separator: " ")])); fi
                    return 0
                fi
                if [[ "$cur" == -* ]]; then
                    case "$command" in
            \(optionLists)        esac
                    __healthlog_words "$options"; return 0
                fi
                case "$command" in
            \(argumentCases)    esac
            }
            complete -F _healthlog healthlog

            """
    }

    // MARK: - zsh

    private func zshValues(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing: "return 0"
        case .words(let words): "compadd -- \(quoted(words)); return 0"
        case .file: "_files; return 0"
        case .readings:
            // Each line is an id, a tab, and its date and values: zsh shows them beside the ids, newest first.
            "local -a described; described=(${(f)\"$(healthlog $scope completions --ids readings 2>/dev/null)\"}); "
                + "described=(\"${(@)described//$'\\t'/:}\"); _describe -V reading described; return 0"
        case .profiles, .tags, .events:
            // Tags are a comma list: the ones before the last comma stay as typed.
            (completion == .tags ? "compset -P '*,'; " : "")
                + "compadd -- ${(f)\"$(healthlog $scope completions --ids \(completion.idKind!) 2>/dev/null)\"}; return 0"
        }
    }

    private func zsh() -> String {
        let (optionCases, optionLists, argumentCases) = caseTables(
            pattern: { "(\($0))" }, caseOn: { "case $\($0) in" }, values: zshValues, optionList: { "compadd -- \(quoted($0))" })
        let groupCases = groups.map { "        (\($0.name)) subcommands=(\(quoted($0.subcommands))) ;;\n" }.joined()
        return """
            #compdef healthlog
            # zsh completion for healthlog; made by `healthlog completions zsh`.
            _healthlog() {
                local cur=${words[CURRENT]} prev=${words[CURRENT-1]} command="" word value
                local -i position=0 i
                local -a subcommands values scope
                values=(\(quoted(valueOptions)))
                for (( i = 2; i < CURRENT; i++ )); do
                    word=${words[i]}
                    # The log and profile named on the line are the ones whose ids complete.
                    if [[ $word == --db=* ]]; then value=${word#--db=}; scope+=(--db ${value/#\\~/$HOME}); continue; fi
                    if [[ $word == --db || $word == -p || $word == --profile ]] && (( i + 1 < CURRENT )); then value=${words[i+1]}; scope+=($word ${value/#\\~/$HOME}); fi
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
                if [[ $command == help ]]; then
                    (( position == 0 )) && compadd -- \(quoted(topWords.filter { $0 != "help" }))
                    return 0
                fi
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

    private func fishValues(_ completion: ValueCompletion) -> String {
        switch completion {
        case .nothing: "-x"
        case .words(let words): "-x -a \(quoted([words.joined(separator: " ")]))"
        case .file: "-r -F"
        case .profiles, .tags, .events, .readings: "-x -a '(__healthlog_ids \(completion.idKind!))'"
        }
    }

    private func fish(says: (String) -> String) -> String {
        var lines = """
            # fish completion for healthlog; made by `healthlog completions fish`.
            # The words before the cursor that are not options or their values: the command, its
            # subcommand and its arguments (`healthlog -p dad add` is the command add).
            function __healthlog_words
                set -l tokens (commandline -opc)
                set -e tokens[1]
                set -l skip 0
                for token in $tokens
                    if test $skip = 1
                        set skip 0
                        continue
                    end
                    if contains -- $token \(valueOptions.joined(separator: " "))
                        set skip 1
                        continue
                    end
                    string match -q -- '-*' $token; and continue
                    echo $token
                end
            end
            # True when the command on the line is exactly $argv (e.g. profile add).
            function __healthlog_is
                set -l words (__healthlog_words)
                test (count $words) -ge (count $argv); or return 1
                for i in (seq (count $argv))
                    test "$words[$i]" = "$argv[$i]"; or return 1
                end
                set -l groups \(groups.map(\.name).joined(separator: " "))
                if test (count $argv) = 1; and contains -- $argv[1] $groups
                    test (count $words) = 1
                    return
                end
                return 0
            end
            function __healthlog_needs_command
                test (count (__healthlog_words)) = 0
            end
            # The ids of the log and profile named on the line (--db, -p), one a line; tags after
            # a comma keep the ones before it.
            function __healthlog_ids
                set -l tokens (commandline -opc)
                set -l scope
                for i in (seq (count $tokens))
                    if string match -q -- '--db=*' $tokens[$i]
                        set -a scope --db (string replace -r '^--db=' '' -- $tokens[$i] | string replace -r '^~' $HOME)
                    else if contains -- $tokens[$i] --db -p --profile; and test $i -lt (count $tokens)
                        set -a scope $tokens[$i] (string replace -r '^~' $HOME -- $tokens[(math $i + 1)])
                    end
                end
                set -l prefix ''
                set -l current (commandline -ct)
                if test "$argv[1]" = tags; and string match -q -- '*,*' $current
                    set prefix (string replace -r '[^,]*$' '' -- $current)
                end
                for id in (healthlog $scope completions --ids $argv[1] 2>/dev/null)
                    echo $prefix$id
                end
            end
            complete -c healthlog -f
            complete -c healthlog -n __healthlog_needs_command -a \(quoted([topWords.joined(separator: " ")]))
            complete -c healthlog -n '__healthlog_is help' -a \(quoted([topWords.filter { $0 != "help" }.joined(separator: " ")]))

            """
        for group in groups {
            lines += "complete -c healthlog -n '__healthlog_is \(group.name)' -a \(quoted([group.subcommands.joined(separator: " ")]))\n"
        }
        for option in program.top.allOptions {
            lines += fishOption(option.spec, condition: "__healthlog_needs_command", says: says)
        }
        for (_, spec) in commands {
            let condition = "__healthlog_is \(spec.path.joined(separator: " "))"
            for option in spec.allOptions { lines += fishOption(option.spec, condition: condition, says: says) }
            if let argument = spec.arguments.first(where: { $0.completion != .nothing }) {
                switch argument.completion {
                case .file: lines += "complete -c healthlog -n '\(condition)' -F\n"
                case .profiles, .tags, .events, .readings: lines += "complete -c healthlog -n '\(condition)' -x -a '(__healthlog_ids \(argument.completion.idKind!))'\n"
                case .words(let words): lines += "complete -c healthlog -n '\(condition)' -x -a \(quoted([words.joined(separator: " ")]))\n"
                case .nothing: break
                }
            }
        }
        return lines
    }

    private func fishOption(_ option: OptionSpec, condition: String, says: (String) -> String) -> String {
        var line = "complete -c healthlog -n '\(condition)' -l \(option.long.dropFirst(2))"
        if let short = option.short { line += " -s \(short.dropFirst())" }
        if option.valueName != nil { line += " " + fishValues(option.completion) }
        return line + " -d \(quoted([String(says(option.help).prefix(60))]))\n"
    }
}
