public import HealthCore
public import HealthRecords

/// Why family sync could not do what it was asked, in the sync layer's own terms.
public enum SyncError: Error, Equatable, Sendable, CustomStringConvertible {
    /// This log is not a member of any shared log.
    case notSetUp
    /// The shared folder is not there (a drive not mounted, a folder removed).
    case folderMissing(String)
    /// A folder or request that cannot be used, with why.
    case refused(Phrase)
    /// A journal file could not be written or read.
    case journal(Phrase)
    /// The folder, or something in it, is another user's or writable by others, or a link: it
    /// is not used, as `ssh` refuses a loose `authorized_keys`.
    case unsafe(Phrase)
    /// The log itself failed.
    case store(RecordsError)

    public var description: String {
        switch self {
        case .store(let error): error.description
        default: phrase.english
        }
    }

    /// What went wrong, in the reader's language (see ``Phrase``).
    public var phrase: Phrase {
        switch self {
        case .notSetUp: Phrase("this log is not shared: run 'healthlog sync init FOLDER' first")
        case .folderMissing(let folder): Phrase("the shared folder {folder} is not there (is the drive mounted, or was it moved?)", ["folder": folder])
        case .refused(let phrase), .journal(let phrase), .unsafe(let phrase): phrase
        case .store(let error): error.phrase
        }
    }

    /// True when another process held the log locked longer than this one would wait.
    public var isBusy: Bool {
        if case .store(let error) = self { return error.isBusy }
        return false
    }

    /// `error` in this layer's terms.
    static func from(_ error: any Error) -> SyncError {
        switch error {
        case let error as SyncError: error
        case let error as RecordsError: .store(error)
        case let error as ValidationError: .store(.invalid(error.phrase))
        default: .journal(Phrase(verbatim: "\(error)"))
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
            throw .journal(Phrase(verbatim: "\(error)"))
        }
    }
}

/// The ``Phrase`` of any error a sync step catches: the store's and the model's in the reader's
/// language, anything else as it describes itself.
enum HealthSyncErrorPhrase {
    static func of(_ error: any Error) -> Phrase {
        switch error {
        case let error as RecordsError: error.phrase
        case let error as SyncError: error.phrase
        case let error as ValidationError: error.phrase
        default: Phrase(verbatim: "\(error)")
        }
    }
}
