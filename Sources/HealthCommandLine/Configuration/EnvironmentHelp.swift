package import HealthCore

extension HelpFormatter {
    /// `help environment`: every variable, the configuration file with its `settings`, and the
    /// precedence, in the words of `words` (as help is).
    package static func environmentHelp(settings: [ConfigurationKey], words: StringTable? = nil) -> String {
        let says = saying(words)
        var text = says("ENVIRONMENT") + "\n"
        text += rows(ProgramFacts.environment.map { name, meaning in (name, says(meaning)) })
        text += "\n" + says("CONFIGURATION FILE") + "\n"
        text += "  " + wrap(says("$XDG_CONFIG_HOME/healthlog/config (else ~/.config/healthlog/config, or $HEALTHLOG_CONFIG):"), width: 80, indent: "  ") + "\n"
        text += "  " + wrap(says("'key = value' lines; '#' starts a comment. 'healthlog config list' shows what is in force."), width: 80, indent: "  ") + "\n"
        text += rows(settings.map { setting in
            ("\(setting.name) =", "\(says(setting.values))   (\(setting.option), \(setting.variable))")
        })
        text += "\n" + wrap(says("A command-line option overrides its environment variable, which overrides the file."), width: 80, indent: "") + "\n"
        return text
    }
}
