import Foundation
import Testing
import HealthCore
@testable import HealthSync

/// A device folder someone put in a shared folder by hand: `journal/<device>`, 0700, with
/// `lines` as its first segment (0600) and `deviceFile` as its device.json, each if given.
/// Returns the segment's path.
@discardableResult
func plantDevice(_ device: String, in folder: String, lines: [String] = [], deviceFile json: String? = nil) throws -> String {
    let path = folder + "/journal/" + device
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
    if let json {
        #expect(FileManager.default.createFile(atPath: path + "/device.json", contents: Data(json.utf8), attributes: [.posixPermissions: 0o600]))
    }
    let segment = path + "/000001.ndjson"
    if !lines.isEmpty {
        #expect(FileManager.default.createFile(atPath: segment, contents: Data(lines.map { $0 + "\n" }.joined().utf8), attributes: [.posixPermissions: 0o600]))
    }
    return segment
}

/// One change written as `device` at `clock`, as a whole transaction: its operation line,
/// then its commit line.
func forgedTransaction(
    _ change: LogChange, device: String, clock: Int64, id: String = UUID().uuidString.lowercased(), withdrawing: [String] = []
) throws -> [String] {
    let transaction = JournalLine.newTransactionID()
    guard let operation = JournalLine.operation(for: change, id: id, transaction: transaction, clock: clock, device: device, withdrawing: withdrawing) else {
        throw CocoaError(.coderInvalidValue)
    }
    return [operation.line, JournalLine.commitLine(transaction: transaction, device: device, operations: 1, clock: clock)]
}
