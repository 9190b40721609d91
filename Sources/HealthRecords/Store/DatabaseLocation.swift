import HealthCore

/// Where the database lives.
public enum DatabaseLocation {
    /// The path to use: `--db`, else `$HEALTHLOG_DB`, else
    /// `$XDG_DATA_HOME/healthlog/healthlog.sqlite`, else `~/.local/share/healthlog/healthlog.sqlite`.
    public static func resolvePath(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let path = environment["HEALTHLOG_DB"], !path.isEmpty { return path }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/healthlog/healthlog.sqlite"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
        return home + "/.local/share/healthlog/healthlog.sqlite"
    }
}
