public import Foundation

extension FileManager {
    /// Where the symbolic link at `path` points, or nil when `path` is no symbolic link.
    public func destinationOfSymbolicLinkSafe(_ path: String) throws -> String? {
        try? destinationOfSymbolicLink(atPath: path)
    }
}
