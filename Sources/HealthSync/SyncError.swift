import HealthCore
public import HealthRecords

/// Why family sync could not do what it was asked, in the sync layer's own terms.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// This log is not a member of any shared log.
    case notSetUp
    /// The shared folder is not there (a drive not mounted, a folder removed).
    case folderMissing(String)
    /// A folder or request that cannot be used, with why.
    case refused(String)
    /// A journal file could not be written or read.
    case journal(String)
    /// The log itself failed.
    case store(RecordsError)

    public var description: String {
        switch self {
        case .notSetUp: "this log is not shared: run 'healthlog sync init FOLDER' first"
        case .folderMissing(let folder): "the shared folder \(folder) is not there (is the drive mounted, or was it moved?)"
        case .refused(let message), .journal(let message): message
        case .store(let error): error.description
        }
    }

    /// Runs `body`, reporting the store's failures as this layer's.
    static func run<T>(_ body: () throws -> T) throws(SyncError) -> T {
        do {
            return try body()
        } catch let error as SyncError {
            throw error
        } catch let error as RecordsError {
            throw .store(error)
        } catch {
            throw .journal("\(error)")
        }
    }
}
