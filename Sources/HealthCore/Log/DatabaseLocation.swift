
/// Where the database lives.
public enum DatabaseLocation {
    /// The path to use: `--db`, else `$HEALTHLOG_DB`, else
    /// `$XDG_DATA_HOME/healthlog/healthlog.sqlite`, else `~/.local/share/healthlog/healthlog.sqlite`
    /// with the home folder from `$HOME` or the user database (see ``HomeFolder``); nil when
    /// there is no home folder to be found.
    public static func resolvePath(flag: String?, environment: [String: String]) -> String? {
        if let flag, !flag.isEmpty { return flag }
        if let path = environment["HEALTHLOG_DB"], !path.isEmpty { return path }
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return data + "/healthlog/healthlog.sqlite"
        }
        return HomeFolder.path(environment: environment).map { $0 + "/.local/share/healthlog/healthlog.sqlite" }
    }
}
