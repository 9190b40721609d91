#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The user's home folder, for the files HealthLog keeps there (the log, templates, settings).
public enum HomeFolder {
    /// `$HOME` when it is set to an absolute path, else the home folder the user database
    /// names for this user (cron, `env -i` and some service managers leave `HOME` unset); nil
    /// when neither says, so nothing is ever created relative to the current folder.
    public static func path(environment: [String: String]) -> String? {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        let home = String(cString: directory)
        return home.hasPrefix("/") ? home : nil
    }
}
