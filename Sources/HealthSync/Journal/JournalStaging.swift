import HealthCore

/// The lines of a transaction not yet committed: in memory while small, then in a private file
/// with no name in the temporary folder, so an import of any size waits in flat memory. Nothing
/// of it is ever in the shared folder; a crash, a rollback or a kill leaves nothing behind.
final class JournalStaging {
    private var memory: [UInt8] = []
    private var spool: OutputFile?
    private let temporaryFolder: String
    /// Beyond this many bytes the lines wait in the spool file.
    static let memoryLimit = 4 << 20

    init(temporaryFolder: String) {
        self.temporaryFolder = temporaryFolder
    }

    /// Adds one line (its line break is added).
    func add(_ line: String) throws(SyncError) {
        memory.append(contentsOf: line.utf8)
        memory.append(UInt8(ascii: "\n"))
        if memory.count >= JournalStaging.memoryLimit { try spill() }
    }

    private func spill() throws(SyncError) {
        if spool == nil {
            do {
                spool = try OutputFile(spoolIn: temporaryFolder)
            } catch {
                throw .journal(error.phrase)
            }
        }
        spool?.write(memory)
        memory.removeAll(keepingCapacity: true)
        if let failure = spool?.failure { throw .journal(failure.phrase) }
    }

    /// Hands every staged byte to `emit`, in order, in pieces.
    func replay(_ emit: (UnsafeRawBufferPointer) throws -> Void) throws {
        if let spool {
            var failure: (any Error)?
            try spool.readBack { piece in
                guard failure == nil else { return }
                do { try emit(piece) } catch { failure = error }
            }
            if let failure { throw failure }
        }
        try memory.withUnsafeBytes { try emit($0) }
    }

    /// Throws the staged lines away.
    func discard() {
        spool?.discard()
        spool = nil
        memory.removeAll()
    }
}
