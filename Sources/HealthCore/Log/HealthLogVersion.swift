/// This build of HealthLog.
public enum HealthLogVersion {
    /// The version `--version` prints, reports carry in their footer, and sync journals record.
    public static let current = "0.1.0"
}
