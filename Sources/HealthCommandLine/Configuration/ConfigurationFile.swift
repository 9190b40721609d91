package import HealthCore

/// The configuration file, `$XDG_CONFIG_HOME/healthlog/config` (else `~/.config/healthlog/config`,
/// or `$HEALTHLOG_CONFIG`): plain `key = value` lines, `#` comment lines and blank lines.
///
/// A command-line option overrides the environment variable of its setting, which overrides
/// the file. Rewriting the file (`config set`, `config unset`) keeps its comments and order.
package struct ConfigurationFile {
    /// One `key = value` line.
    package struct Entry: Equatable {
        package let line: Int
        package let key: String
        package let value: String
    }

    /// Where the file is (it may not exist).
    package let path: String
    /// The settings the program has; any other key is refused.
    package let settings: [ConfigurationKey]
    /// The file's lines as written, to keep comments when it is rewritten.
    private(set) var lines: [String]
    /// The words its errors are said in (English without them).
    package var words: StringTable? = nil

    /// A configuration file is a few lines; anything larger is not one.
    package static let maximumBytes = 64 * 1024

    /// Where the file is: `$HEALTHLOG_CONFIG`, else `$XDG_CONFIG_HOME/healthlog/config`, else
    /// `~/.config/healthlog/config`; nil when there is no home folder to find it in.
    package static func path(environment: [String: String]) -> String? {
        if let path = environment["HEALTHLOG_CONFIG"], !path.isEmpty { return path }
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/healthlog/config" }
        return HomeFolder.path(environment: environment).map { $0 + "/.config/healthlog/config" }
    }

    /// The file named by `environment`; an absent file reads as empty.
    package static func read(environment: [String: String], settings: [ConfigurationKey], words: StringTable? = nil) throws(CLIError) -> ConfigurationFile? {
        guard let path = path(environment: environment) else { return nil }
        return try read(path: path, settings: settings, words: words)
    }

    package static func read(path: String, settings: [ConfigurationKey], words: StringTable? = nil) throws(CLIError) -> ConfigurationFile {
        let refuse = { (phrase: Phrase) in CLIError.config(phrase.said(in: words)) }
        let unreadable = { (reason: Phrase) in
            refuse(Phrase("cannot read the configuration file {path}: {reason}", ["path": path], terms: ["reason": reason]))
        }
        guard FileSystem.exists(path) else { return ConfigurationFile(path: path, settings: settings, lines: [], words: words) }
        if FileSystem.isDirectory(path) { throw refuse(Phrase("{path} is a folder, not a configuration file", ["path": path])) }
        let file: InputFile
        let bytes: [UInt8]
        do {
            file = try InputFile(regularFileAt: path)
        } catch {
            throw unreadable(error.reason)
        }
        // Its settings choose where the log is written: one someone else can change is not obeyed.
        if let reason = file.changeableByOthers {
            throw refuse(Phrase("{path} is not yours alone ({reason}), so its settings are not obeyed; make it yours with chown and chmod go-w", ["path": path], terms: ["reason": reason]))
        }
        do {
            bytes = try file.read(maximumBytes + 1)
        } catch {
            throw unreadable(error.reason)
        }
        guard bytes.count <= maximumBytes else {
            throw refuse(Phrase("{path} is over {n} KiB: not a configuration file", ["path": path, "n": String(maximumBytes / 1024)]))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw refuse(Phrase("{path} is not UTF-8 text", ["path": path])) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
        if lines.last == "" { lines.removeLast() }
        return ConfigurationFile(path: path, settings: settings, lines: lines, words: words)
    }

    /// `environment` with the file's settings beneath it, once the settings' variables are
    /// checked: a value a setting does not take (`HEALTHLOG_GUIDELINE=x`) is refused, as is a
    /// broken file. `db` is checked where it is used.
    package static func applied(_ settings: [ConfigurationKey], to environment: [String: String], words: StringTable?) throws(CLIError) -> [String: String] {
        for setting in settings where setting.name != "db" {
            if let value = environment[setting.variable], !value.isEmpty, let problem = setting.refusal(of: value, named: setting.variable, words: words) {
                throw .config(problem.said(in: words))
            }
        }
        guard let file = try read(environment: environment, settings: settings, words: words) else { return environment }
        return try file.overlay(on: environment)
    }

    /// The file's value of `key`, read quietly (nil when the file cannot be read or is broken):
    /// for `help` and `config`, which must work with a broken file, to read about it and mend it.
    package static func quietValue(_ key: String, settings: [ConfigurationKey], environment: [String: String]) -> String? {
        guard let file = try? read(environment: environment, settings: settings) else { return nil }
        return (try? file.entries())?.last { $0.key == key }?.value
    }

    /// Every `key = value` line, each checked: a line that is not one, an unknown key or a value
    /// the key does not take is an error naming `FILE:LINE`.
    package func entries() throws(CLIError) -> [Entry] {
        let checked = checkedEntries()
        if let problem = checked.problems.first { throw .config(problem) }
        return checked.entries
    }

    /// The good `key = value` lines, and what is wrong with each other line (`FILE:LINE: …`, in
    /// the terminal's words): what `config list` shows of a broken file, so it can be mended.
    package func checkedEntries() -> (entries: [Entry], problems: [String]) {
        var entries: [Entry] = []
        var problems: [String] = []
        for (index, raw) in lines.enumerated() {
            let text = String(raw.trimmingWhitespace())
            if text.isEmpty || text.hasPrefix("#") { continue }
            let place = "\(path):\(index + 1)"
            guard let equals = text.firstIndex(of: "=") else {
                problems.append(Phrase("{place}: expected 'key = value', e.g. 'guideline = aha'", ["place": place]).said(in: words))
                continue
            }
            let key = String(String(text[..<equals]).trimmingWhitespace())
            let value = ConfigurationFile.unquoted(String(String(text[text.index(after: equals)...]).trimmingWhitespace()))
            guard let setting = settings.named(key) else {
                problems.append(settings.unknown(key).prefixed("\(place): ").said(in: words))
                continue
            }
            if let problem = setting.refusal(of: value, named: key, words: words) {
                problems.append(problem.prefixed("\(place): ").said(in: words))
                continue
            }
            entries.append(Entry(line: index + 1, key: key, value: value))
        }
        return (entries, problems)
    }

    /// The file's value of `key` (its last line wins), with its line number.
    package func entry(_ key: String) throws(CLIError) -> Entry? {
        try entries().last { $0.key == key }
    }

    /// `environment` with each of the file's settings under its variable, where the
    /// environment does not set it already; `NO_COLOR` keeps the file's colour off.
    package func overlay(on environment: [String: String]) throws(CLIError) -> [String: String] {
        overlay(try entries(), on: environment)
    }

    /// ``overlay(on:)`` with the file's `entries`, already read and checked.
    package func overlay(_ entries: [Entry], on environment: [String: String]) -> [String: String] {
        var result = environment
        for entry in entries {
            guard let setting = settings.named(entry.key), (environment[setting.variable] ?? "").isEmpty else { continue }
            if setting.name == "color", !(environment["NO_COLOR"] ?? "").isEmpty { continue }
            result[setting.variable] = setting.name == "db" ? ConfigurationFile.expandingHome(entry.value, environment: environment) : entry.value
        }
        return result
    }

    /// Sets `key` to `value`: its last line is rewritten, or a line is added.
    package mutating func set(_ key: String, to value: String) {
        let line = "\(key) = \(value)"
        if let index = lines.lastIndex(where: { ConfigurationFile.key(of: $0) == key }) {
            lines[index] = line
        } else {
            lines.append(line)
        }
    }

    /// Removes every line of `key`; false when there was none.
    package mutating func unset(_ key: String) -> Bool {
        let before = lines.count
        lines.removeAll { ConfigurationFile.key(of: $0) == key }
        return lines.count != before
    }

    /// Writes the file whole (through a temporary file and a rename), making its folder.
    package func save() throws(CLIError) {
        let folder = FileSystem.parentDirectory(of: path)
        if !FileSystem.isDirectory(folder) {
            do {
                try FileSystem.createPrivateDirectories(folder)
            } catch {
                throw .cannotCreate(
                    Phrase("cannot make {folder} for the configuration file: {reason}", ["folder": folder], terms: ["reason": error.reason]).said(in: words))
            }
        }
        let text = lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
        do {
            try OutputFile.write(Array(text.utf8), to: path)
        } catch {
            throw CLIError(error, words: words)
        }
    }

    /// The key a line sets, or nil for a comment, a blank or an unreadable line.
    private static func key(of line: String) -> String? {
        let text = String(line.trimmingWhitespace())
        guard !text.hasPrefix("#"), let equals = text.firstIndex(of: "=") else { return nil }
        return String(String(text[..<equals]).trimmingWhitespace())
    }

    /// `"a b"` and `'a b'` are `a b`.
    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first else { return value }
        return String(value.dropFirst().dropLast())
    }

    /// `~/x` is the home folder's `x`.
    package static func expandingHome(_ path: String, environment: [String: String]) -> String {
        guard path == "~" || path.hasPrefix("~/"), let home = HomeFolder.path(environment: environment) else { return path }
        return home + path.dropFirst()
    }
}
